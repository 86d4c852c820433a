/**
 * The lookup limits hold per customer too, not only per conversation: a customer who opens a new
 * conversation for every guess meets the same cool-down and the same limit, in the same words, on
 * every instance that shares the state storage. The customer is the channel's user id (`from.id`) on
 * that channel; without one, only the conversation's limits apply.
 */
import { MemoryStorage, type Storage, type StoreItems } from 'botbuilder';
import { DEMO } from '../../sandbox/simulators';
import type { WindowLimitState } from '../../dialogs/windowLimit';
import { BlobStateStorage } from '../../src/bot/blobStateStorage';
import { configFor, startApp, type RunningApp } from '../support/app';
import { startAzurite, type Azurite } from '../support/azurite';
import { TestChannel } from '../support/channel';
import { FakeClock } from '../support/fakeClock';
import { seen } from '../support/seen';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const TN = DEMO.trackings.trackingNumbers;
/** The cool-down after three misses, five minutes from the third. */
const SLOW_DOWN = {
  'en-US': "Several numbers in a row weren't found, so I've paused lookups. Please try again in 5 minutes.",
  'de-DE':
    'Mehrere Nummern hintereinander wurden nicht gefunden, deshalb habe ich die Suche pausiert. Bitte versuchen Sie es in 5 Minuten noch einmal.',
};
const TOO_MANY =
  "You've asked about a lot of numbers in a short time, so I've paused lookups. Please try again in 5 minutes.";
/** The third miss starts the cool-down and says so. */
const PAUSE_STARTS = {
  'en-US': /^I couldn't find anything for \S+\. Several numbers in a row/,
  'de-DE': /^Zu \S+ habe ich nichts gefunden\. Mehrere Nummern hintereinander/,
};
const NOT_FOUND = { 'en-US': /^I couldn't find anything for /, 'de-DE': /^Zu \S+ habe ich nichts gefunden\./ };
const FOUND = /^Here is the shipment for /;
type Locale = keyof typeof SLOW_DOWN;

const apps: RunningApp[] = [];
let azurite: Azurite | undefined;
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(() => azurite?.stop());

/** `count` instances of the service on one storage and one clock. */
async function startInstances(
  count: number,
  storage: Storage = new MemoryStorage(),
): Promise<{ instances: RunningApp[]; clock: FakeClock }> {
  const clock = new FakeClock();
  const config = configFor(upstreams, { LOG_LEVEL: 'warn' });
  const instances = await Promise.all(Array.from({ length: count }, () => startApp(config, { storage, clock })));
  apps.push(...instances);
  return { instances, clock };
}

interface Customer {
  userId?: string | null;
  channelId?: string;
  locale?: Locale;
}

/** One lookup in a conversation of its own (the customer starts over for every number); the words of the replies. */
async function lookUpAfresh(instance: RunningApp, identifier: string, customer: Customer = {}): Promise<string[]> {
  const channel = new TestChannel({
    botUrl: instance.url,
    mode: 'expectReplies',
    locale: customer.locale ?? 'en-US',
    channelId: customer.channelId,
    userId: customer.userId === undefined ? 'guesser' : customer.userId,
  });
  const { status, replies } = await channel.say({ value: { input_type: 'tracking_number', identifier } });
  expect(status).toBe(200);
  return replies.filter((reply) => reply.type === 'message').map((reply) => seen(reply).text);
}

test.each(Object.keys(SLOW_DOWN) as Locale[])(
  '%s: thirty new conversations of one customer, each guessing once: three misses, then the cool-down with the same words as in one conversation',
  async (locale) => {
    const { instances } = await startInstances(1);
    const answers: string[][] = [];
    for (let i = 0; i < 30; i++) answers.push(await lookUpAfresh(instances[0], TN.unknown, { locale }));
    expect(answers.slice(0, 3)).toEqual([
      [expect.stringMatching(NOT_FOUND[locale])],
      [expect.stringMatching(NOT_FOUND[locale])],
      [expect.stringMatching(PAUSE_STARTS[locale])],
    ]);
    expect(answers.slice(3)).toEqual(Array.from({ length: 27 }, () => [SLOW_DOWN[locale]]));
    // The guesses after the third never reached the interface.
    expect(upstreams.trackings.requests).toHaveLength(3);
  },
);

test("the cool-down is the customer's: another customer, and the same customer on another channel, go on looking up", async () => {
  const { instances } = await startInstances(1);
  for (let i = 0; i < 3; i++) await lookUpAfresh(instances[0], TN.unknown);
  expect(await lookUpAfresh(instances[0], TN.inTransit)).toEqual([SLOW_DOWN['en-US']]);
  expect(await lookUpAfresh(instances[0], TN.inTransit, { userId: 'someone-else' })).toEqual([
    expect.stringMatching(FOUND),
  ]);
  expect(await lookUpAfresh(instances[0], TN.inTransit, { channelId: 'msteams' })).toEqual([
    expect.stringMatching(FOUND),
  ]);
});

test('the cool-down lifts after five minutes, in a new conversation as in the old ones', async () => {
  const { instances, clock } = await startInstances(1);
  for (let i = 0; i < 3; i++) await lookUpAfresh(instances[0], TN.unknown);
  await clock.sleep(5 * 60_000 - 1_000);
  expect(await lookUpAfresh(instances[0], TN.inTransit)).toEqual([SLOW_DOWN['en-US'].replace('5 minutes', '1 minute')]);
  await clock.sleep(1_000);
  expect(await lookUpAfresh(instances[0], TN.inTransit)).toEqual([expect.stringMatching(FOUND)]);
});

test('ten lookups per ten minutes for a customer, however many conversations they are spread over', async () => {
  const { instances, clock } = await startInstances(1);
  for (let i = 0; i < 10; i++) {
    expect(await lookUpAfresh(instances[0], TN.inTransit)).toEqual([expect.stringMatching(FOUND)]);
    await clock.sleep(30_000);
  }
  expect(await lookUpAfresh(instances[0], TN.pending)).toEqual([TOO_MANY]);
  await clock.sleep(10 * 60_000);
  expect(await lookUpAfresh(instances[0], TN.pending)).toEqual([expect.stringMatching(FOUND)]);
});

test('a customer the channel gives no id is held by the conversation limits only', async () => {
  const { instances } = await startInstances(1);
  for (let i = 0; i < 5; i++)
    expect(await lookUpAfresh(instances[0], TN.unknown, { userId: null })).toEqual([
      expect.stringMatching(NOT_FOUND['en-US']),
    ]);
  expect(upstreams.trackings.requests).toHaveLength(5);
});

describe.each([
  ['memory', (): Promise<Storage> => Promise.resolve(new MemoryStorage())],
  [
    'Azure Blob storage',
    async (): Promise<Storage> => {
      azurite ??= await startAzurite();
      return new BlobStateStorage(azurite.connectionString, `users-${Date.now()}`, {});
    },
  ],
])('two instances sharing %s', (_name, makeStorage) => {
  test('guesses spread over both instances, a new conversation each, meet the cool-down on both', async () => {
    const { instances } = await startInstances(2, await makeStorage());
    const answers: string[][] = [];
    for (let i = 0; i < 6; i++) answers.push(await lookUpAfresh(instances[i % 2], TN.unknown));
    expect(answers).toEqual([
      ...Array.from({ length: 2 }, () => [expect.stringMatching(NOT_FOUND['en-US']) as unknown]),
      [expect.stringMatching(PAUSE_STARTS['en-US'])],
      ...Array.from({ length: 3 }, () => [SLOW_DOWN['en-US']]),
    ]);
    expect(upstreams.trackings.requests).toHaveLength(3);
  });
});

/** Records which keys were read and written. */
class WatchedStorage extends MemoryStorage {
  readonly reads: string[] = [];
  readonly writes: string[] = [];
  override read(keys: string[]): Promise<StoreItems> {
    this.reads.push(...keys);
    return super.read(keys);
  }
  override write(changes: StoreItems): Promise<void> {
    this.writes.push(...Object.keys(changes));
    return super.write(changes);
  }
}

test("the customer's record is read and written only on turns that look something up, and stays small", async () => {
  const storage = new WatchedStorage();
  const { instances } = await startInstances(1, storage);
  const channel = new TestChannel({
    botUrl: instances[0].url,
    mode: 'expectReplies',
    locale: 'en-US',
    userId: 'guesser',
  });
  await channel.say('hi');
  await channel.say('Order ID');
  const userKey = 'webchat/users/guesser/';
  expect([...storage.reads, ...storage.writes]).not.toContain(userKey);
  await channel.say({ value: { input_type: 'tracking_number', identifier: TN.inTransit } });
  expect(storage.reads.filter((key) => key === userKey)).toHaveLength(1);
  expect(storage.writes.filter((key) => key === userKey)).toHaveLength(1);
  // At its largest it holds the ten lookups of the window.
  for (let i = 0; i < 9; i++) await channel.say({ value: { input_type: 'tracking_number', identifier: TN.inTransit } });
  const record = (await storage.read([userKey]))[userKey] as { lookupGuard: WindowLimitState };
  expect(record.lookupGuard.recent).toHaveLength(10);
  expect(Buffer.byteLength(JSON.stringify(record))).toBeLessThan(256);
});
