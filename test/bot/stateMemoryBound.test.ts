/**
 * With STORAGE=memory, one process cannot be filled by conversations: at most MEMORY_STATE_MAX_ITEMS
 * states are kept, the least recently used forgotten first, and a state idle for MEMORY_STATE_IDLE_MINUTES
 * is forgotten. A customer whose conversation was forgotten starts afresh and is answered, with no error.
 */
import { DEMO } from '../../sandbox/simulators';
import type { MemoryStateStorage } from '../../src/bot/memoryStateStorage';
import { createStateStorage } from '../../src/app';
import { configFor, startApp, type RunningApp } from '../support/app';
import { summarize, TestChannel } from '../support/channel';
import { FakeClock } from '../support/fakeClock';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const ORDER = DEMO.checkpoints.delivered;
const ASKED = ['Please type your order number.'];
const ANSWERED = [`Here is the shipment for ${ORDER}:`, '(card)'];
/** What a conversation that knows nothing yet says to a bare number. */
const FRESH = [`What kind of number is ${ORDER}?`];

let app: RunningApp;
let storage: MemoryStateStorage;
let clock: FakeClock;
async function start(env: NodeJS.ProcessEnv): Promise<void> {
  const config = configFor(upstreams, { LOG_LEVEL: 'info', ...env });
  clock = new FakeClock();
  storage = createStateStorage(config, clock) as MemoryStateStorage;
  app = await startApp(config, { storage, clock });
}
afterEach(() => app.close());

const customer = () => new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'en-US' });
const stateKey = (chat: TestChannel) => `webchat/conversations/${chat.conversationId}/`;

test('MEMORY_STATE_MAX_ITEMS=3: the conversation used least recently is forgotten, its customer starts afresh, and the storage stays at 3 however many come', async () => {
  await start({ MEMORY_STATE_MAX_ITEMS: '3' });
  const forgotten = customer();
  const kept = customer();
  expect(summarize((await forgotten.say('Order number')).replies)).toEqual(ASKED);
  expect(summarize((await kept.say('Order number')).replies)).toEqual(ASKED);
  await customer().say('hi');
  await customer().say('hi');

  expect(summarize((await kept.say(ORDER)).replies)).toEqual(ANSWERED);
  const fresh = await forgotten.say(ORDER);
  expect(fresh.status).toBe(200);
  expect(summarize(fresh.replies)).toEqual(FRESH);

  const many = Array.from({ length: 20 }, customer);
  for (const chat of many) expect((await chat.say('hi')).status).toBe(200);
  expect(storage.size).toBe(3);
  const stored = await storage.read([forgotten, kept, ...many].map(stateKey));
  const whole = Object.keys(stored).filter((key) => 'dialogState' in stored[key]);
  expect(whole.length).toBeGreaterThan(0);
  expect(many.slice(-3).map(stateKey)).toEqual(expect.arrayContaining(whole));
  // Of the conversation that looked something up, only its lookup limit outlives the bound, for its ten minutes.
  expect(Object.keys(stored[stateKey(kept)] as object).sort()).toEqual(['eTag', 'lookupGuard']);
  expect(app.logs.filter((line) => line.includes('"level":50') || line.includes('turn failed'))).toEqual([]);
});

test('by default a conversation idle for 24 hours is forgotten; one idle for less goes on', async () => {
  await start({});
  const back = customer();
  const late = customer();
  expect(summarize((await back.say('Order number')).replies)).toEqual(ASKED);
  expect(summarize((await late.say('Order number')).replies)).toEqual(ASKED);

  await clock.sleep(23 * 3_600_000);
  expect(summarize((await back.say(ORDER)).replies)).toEqual(ANSWERED);
  await clock.sleep(3_600_000 + 1);
  expect(summarize((await late.say(ORDER)).replies)).toEqual(FRESH);
});

describe('a flood of conversations does not wipe the guessing limits (issue #23, item 5)', () => {
  const TN = DEMO.trackings.trackingNumbers;
  const PAUSED = /^Several numbers in a row weren't found/;
  const guesser = (conversationId?: string) =>
    new TestChannel({
      botUrl: app.url,
      mode: 'expectReplies',
      locale: 'en-US',
      userId: 'guesser',
      ...(conversationId && { conversationId }),
    });
  const lookUp = async (chat: TestChannel, identifier: string) =>
    summarize((await chat.say({ value: { input_type: 'tracking_number', identifier } })).replies);

  test('MEMORY_STATE_MAX_ITEMS=50 and 500 one-turn conversations after three misses: the cool-down holds in the same conversation and a new one, and ends on time', async () => {
    await start({ MEMORY_STATE_MAX_ITEMS: '50' });
    const chat = guesser();
    for (let i = 0; i < 3; i++) await lookUp(chat, TN.unknown);
    const calls = upstreams.trackings.requests.length;
    for (let i = 0; i < 500; i++)
      expect(
        (await new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'en-US', userId: null }).say('hi'))
          .status,
      ).toBe(200);
    expect(storage.size).toBeLessThanOrEqual(50);

    expect(await lookUp(chat, TN.inTransit)).toEqual([expect.stringMatching(PAUSED)]);
    expect(await lookUp(guesser(), TN.inTransit)).toEqual([expect.stringMatching(PAUSED)]);
    expect(upstreams.trackings.requests).toHaveLength(calls);
    await clock.sleep(5 * 60_000);
    expect(await lookUp(chat, TN.inTransit)).toEqual([expect.stringMatching(/^Here is the shipment for/), '(card)']);
  });

  test('the limit of ten lookups in ten minutes holds too', async () => {
    await start({ MEMORY_STATE_MAX_ITEMS: '50' });
    const chat = guesser();
    for (let i = 0; i < 10; i++) await lookUp(chat, TN.inTransit);
    for (let i = 0; i < 500; i++)
      await new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'en-US', userId: null }).say('hi');
    expect(await lookUp(guesser(), TN.pending)).toEqual([
      expect.stringMatching(/^You've asked about a lot of numbers/),
    ]);
  });

  test('what outlives the bound is bounded too: at most MEMORY_STATE_MAX_ITEMS limit records, the oldest going first, and none once their limits end', async () => {
    await start({ MEMORY_STATE_MAX_ITEMS: '20' });
    for (let i = 0; i < 100; i++)
      await lookUp(new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'en-US' }), TN.inTransit);
    expect(storage.size).toBeLessThanOrEqual(20);
    expect(storage.outliving).toBeLessThanOrEqual(20);
    await clock.sleep(10 * 60_000 + 1);
    await customer().say('hi');
    expect(storage.outliving).toBe(0);
  });
});
