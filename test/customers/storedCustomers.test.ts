/** A signed-in customer is kept for their Direct Line user id until their token expires, and counts only on Direct Line from a bound `dl_` id. */
import { TestAdapter, TurnContext, type Activity } from 'botbuilder';
import { MemoryStateStorage } from '../../src/bot/memoryStateStorage';
import { customerOf, resolveCustomer } from '../../src/bot/turnCustomer';
import type { SignedInCustomer } from '../../src/customers/customer';
import { StoredCustomers } from '../../src/customers/storedCustomers';
import { FakeClock } from '../support/fakeClock';

const USER = 'dl_k3yedHashOfTheStoresCustomerId';

function setUp() {
  const clock = new FakeClock();
  const storage = new MemoryStateStorage({ maxItems: 100, idleMs: 24 * 3_600_000 }, clock);
  const customers = new StoredCustomers(storage, clock);
  const ana: SignedInCustomer = {
    userId: USER,
    name: 'Ana Lima',
    locale: 'pt-BR',
    orders: [{ kind: 'order_number', identifier: 'ORD-1001' }],
    expiresAt: clock.now() + 30 * 60_000,
  };
  return { clock, storage, customers, ana };
}

function turn(activity: Partial<Activity>): TurnContext {
  return new TurnContext(new TestAdapter(), {
    type: 'message',
    text: 'hi',
    conversation: { id: 'c1' } as Activity['conversation'],
    recipient: { id: 'bot', name: 'bot' },
    ...activity,
  });
}

test('a kept customer is found until the token expires, then nobody, and the item is gone', async () => {
  const { clock, storage, customers, ana } = setUp();
  await customers.keep(ana);
  expect(await customers.find(USER)).toEqual(ana);
  await clock.sleep(ana.expiresAt - 1 - clock.now());
  expect((await customers.find(USER))?.name).toBe('Ana Lima');
  await clock.sleep(1);
  expect(await customers.find(USER)).toBeUndefined();
  expect(Object.keys(await storage.read([`signed-in-customers/${USER}`]))).toEqual([]);
});

test('another user id is nobody', async () => {
  const { customers, ana } = setUp();
  await customers.keep(ana);
  expect(await customers.find('dl_someoneElseEntirely')).toBeUndefined();
});

test.each([
  ['webchat', USER, true],
  ['directline', USER, true],
  ['msteams', USER, false],
  ['sms', USER, false],
  ['emulator', USER, false],
  ['webchat', 'visitor-1234567890', false],
])('on %s, from %s, the turn is signed in: %s', async (channelId, userId, signedIn) => {
  const { customers, ana } = setUp();
  await customers.keep({ ...ana, userId });
  const context = turn({ channelId, from: { id: userId, name: 'x', role: 'user' } });
  await resolveCustomer(context, customers);
  expect(customerOf(context)?.name).toBe(signedIn ? 'Ana Lima' : undefined);
});
