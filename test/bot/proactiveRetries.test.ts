/**
 * A watch's update that the channel refuses for now (429, 500) is tried once per check: the watch
 * scheduler's own back-off is the only retry, and a Retry-After is honoured. botframework-connector's
 * ConnectorClient has a retry policy of its own (@azure/core-rest-pipeline's defaultRetryPolicy: 3 more
 * attempts, exponential or the Retry-After), which multiplied every send under a channel that was already
 * saying "slow down". Real HTTP: the bot on loopback, the simulators, and a connector that counts attempts.
 */
import { DEMO, startCheckpointsSimulator, startTrackingsSimulator, type Simulator } from '../../sandbox/simulators';
import { configFor, startApp, type RunningApp } from '../support/app';
import { startConnector, TestChannel, type ChannelRefusal, type Connector } from '../support/channel';
import { FakeClock } from '../support/fakeClock';
import { API_KEY, CREDENTIALS } from '../support/upstreams';

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-22T09:00:20.000Z');
const MOVING = DEMO.checkpoints.moving;

/** A proactive send: POST /v3/conversations/{id}/activities, with no reply id. */
const PROACTIVE = /^\/v3\/conversations\/[^/]+\/activities$/;
let refusal: ChannelRefusal | undefined;
/** Every proactive send the channel got, with its answer. */
const proactive = () => connector.requests.filter((each) => each.method === 'POST' && PROACTIVE.test(each.path));

let parcelTime = T0;
let checkpoints: Simulator;
let trackings: Simulator;
let connector: Connector;
let running: RunningApp;
let clock: FakeClock;

beforeAll(async () => {
  [checkpoints, trackings, connector] = await Promise.all([
    startCheckpointsSimulator({ userId: CREDENTIALS.userId, token: CREDENTIALS.token, now: () => parcelTime }),
    startTrackingsSimulator({ apiKey: API_KEY }),
    startConnector({ status: (path) => (PROACTIVE.test(path) ? refusal : undefined) }),
  ]);
});
afterAll(() => Promise.all([checkpoints?.close(), trackings?.close(), connector?.close()]));
beforeEach(async () => {
  parcelTime = T0;
  refusal = undefined;
  connector.requests.length = 0;
  clock = new FakeClock(T0);
  running = await startApp(
    configFor({ checkpoints, trackings }, { NOTIFY_INTERVAL_MS: String(MINUTE), ORDER_NUMBER_PATTERN: 'ORD-\\d{4}' }),
    { clock },
  );
});
afterEach(() => running.close());

const refuse = (value: ChannelRefusal | undefined) => (refusal = value);

/** Time passes for the bot (and, unless told, for the parcel); then the due checks run. */
async function secondsPass(seconds: number, parcelMoves = true): Promise<void> {
  if (parcelMoves) parcelTime += seconds * 1000;
  await clock.sleep(seconds * 1000);
  await running.app.updates.scheduler.runDue();
}

async function watching(): Promise<TestChannel> {
  const customer = new TestChannel({
    botUrl: running.url,
    mode: 'normal',
    connector,
    locale: 'en',
    channelId: 'webchat',
  });
  await customer.say(MOVING);
  await customer.say('Notify me');
  return customer;
}

test('a 500 is tried once per check: the scheduler waits a minute and tries again, once; then it goes out', async () => {
  const customer = await watching();
  refuse({ status: 500 });
  const started = Date.now();
  await secondsPass(60);
  expect(proactive().map((each) => each.status)).toEqual([500]);
  expect(proactive()[0].path).toBe(`/v3/conversations/${encodeURIComponent(customer.conversationId)}/activities`);
  // Nothing waited in real time inside the send: the connector client did not retry on its own.
  expect(Date.now() - started).toBeLessThan(900);

  await secondsPass(59, false);
  expect(proactive()).toHaveLength(1);
  await secondsPass(1, false);
  expect(proactive().map((each) => each.status)).toEqual([500, 500]);

  refuse(undefined);
  await secondsPass(60, false);
  expect(proactive().map((each) => each.status)).toEqual([500, 500, 200]);
  expect(connector.received.at(-1)?.activity.text).toBe('News on ORD-1014: Dispatched.');
  expect(running.logs.join('')).toContain('watch update not sent; it waits for the next check');
}, 20_000);

test.each([
  [429, '150'],
  [503, '90'],
])(
  "a %i is tried once, and the next try waits as long as the channel's Retry-After says (%s s)",
  async (status, retryAfter) => {
    await watching();
    refuse({ status, retryAfter });
    const started = Date.now();
    await secondsPass(60);
    expect(proactive().map((each) => each.status)).toEqual([status]);
    expect(Date.now() - started).toBeLessThan(900);

    // Not after the usual minute: as long as the channel asked.
    refuse(undefined);
    await secondsPass(Number(retryAfter) - 1, false);
    expect(proactive()).toHaveLength(1);
    await secondsPass(1, false);
    expect(proactive().map((each) => each.status)).toEqual([status, 200]);
  },
  20_000,
);
