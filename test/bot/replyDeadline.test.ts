/**
 * The channel deadline: a turn answers within REPLY_WITHIN_MS (8 s) whatever the upstream does. When the
 * retry policy needs longer (a Retry-After of 30, repeated 503s, a hang), the customer is told the bot
 * is still checking, and the answer follows as a message of its own (normal delivery). Under
 * expectReplies nothing can follow the turn, so the customer is asked to ask again shortly, and the
 * lookup goes on to fill the cache for that next ask.
 *
 * A ManualClock drives both the retry waits and the reply deadline, so the race between them is
 * decided by the test, not by the machine's speed.
 */
import { DEMO } from '../../sandbox/simulators';
import { configFor, startApp, type RunningApp } from '../support/app';
import { startConnector, summarize, TestChannel, type Connector } from '../support/channel';
import { ManualClock } from '../support/manualClock';
import type { Fault } from '../../sandbox/simulators';
import { useSimulators } from '../support/upstreams';
import { parsePrometheus, valueOf } from '../telemetry/prometheusText';

const upstreams = useSimulators();
const TN = DEMO.trackings.trackingNumbers;
const STILL_CHECKING = "I'm still waiting for the carrier's answer. I'll send it here as soon as I have it.";
const ASK_AGAIN = 'The carrier is taking longer than usual to answer. Please ask me again in a minute.';
const FOUND = `Here is the shipment for ${TN.inTransit}:`;
/** Eight seconds of waiting are announced by a typing indicator at 0.5, 2.5, 4.5 and 6.5 s. */
const WAITED = ['(typing)', '(typing)', '(typing)', '(typing)'];

let clock: ManualClock;
let app: RunningApp;
let connector: Connector;
beforeEach(async () => {
  clock = new ManualClock();
  // The attempt timeout runs on the real timer (only waits run on the clock). It is generous, so that a
  // loaded CI machine never times out a good attempt and sends the lookup onto a wait nobody advances.
  app = await startApp(configFor(upstreams, { UPSTREAM_ATTEMPT_TIMEOUT_MS: '1000', LOOKUP_CACHE_TTL_MS: '60000' }), {
    clock,
    replyTimer: clock,
  });
  connector = await startConnector();
});
afterEach(async () => {
  await app.close();
  await connector.close();
});

const chat = (mode: 'normal' | 'expectReplies') =>
  new TestChannel({ botUrl: app.url, mode, connector, locale: 'en-US' });
const logged = (msg: string) =>
  app.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === msg);

/** What reached the channel after the turn (`turnReplies` of them): answers to the customer's message, as messages of their own. */
function laterReplies(customer: TestChannel, turnReplies: number) {
  const later = connector.received.slice(turnReplies);
  for (const { path, activity } of later) {
    expect(path).toBe(`/v3/conversations/${encodeURIComponent(customer.conversationId)}/activities/${customer.lastId}`);
    expect(activity.replyToId).toBe(customer.lastId);
  }
  return later.map((r) => r.activity);
}

/** How the upstream keeps the lookup from finishing in time, and how the test lets time run for it. */
const slowUpstreams: Array<[string, () => Fault[], (turnAnswered: Promise<unknown>) => Promise<void>]> = [
  [
    'a Retry-After of 30 seconds',
    () => [{ kind: 'status', status: 429, retryAfter: '30' }],
    async (turnAnswered) => {
      await clock.sleeping(3); // the reply deadline, the typing indicator's wait, and the 30 s wait
      await clock.advance(8_000);
      await turnAnswered;
      await clock.advance(22_000);
    },
  ],
  [
    'a Retry-After given as an HTTP date 30 seconds ahead',
    () => [{ kind: 'status', status: 429, retryAfter: new Date(clock.now() + 30_000).toUTCString() }],
    async (turnAnswered) => {
      await clock.sleeping(3);
      await clock.advance(8_000);
      await turnAnswered;
      await clock.advance(22_000);
    },
  ],
  [
    'three 503s in a row (waits of 2, 4 and 8 seconds)',
    () => [
      { kind: 'status', status: 503 },
      { kind: 'status', status: 503 },
      { kind: 'status', status: 503 },
    ],
    async (turnAnswered) => {
      await clock.sleeping(3);
      await clock.advance(2_000); // t=2 s: the second attempt, then a 4 s wait
      await clock.sleeping(3);
      await clock.advance(4_000); // t=6 s: the third attempt, then an 8 s wait
      await clock.sleeping(3);
      await clock.advance(2_000); // t=8 s: the reply deadline
      await turnAnswered;
      await clock.advance(6_000); // t=14 s: the fourth attempt answers
    },
  ],
  [
    'a hang until the attempt times out',
    () => [{ kind: 'hang' }],
    async (turnAnswered) => {
      await clock.sleeping(2);
      await clock.advance(8_000);
      await turnAnswered;
      await clock.sleeping(1); // the attempt timed out (100 ms); the wait before the next one
      await clock.advance(2_000);
    },
  ],
];

describe.each(slowUpstreams)('the upstream needs longer than a turn may take: %s', (_name, faults, letTimeRun) => {
  const slowDown = () => upstreams.trackings.inject(...faults());
  test('normal delivery: "still checking" within the deadline, then the status card as a message of its own', async () => {
    slowDown();
    const customer = chat('normal');
    const turn = customer.say(TN.inTransit);
    await letTimeRun(turn);
    expect(summarize((await turn).replies)).toEqual([...WAITED, STILL_CHECKING]);

    await app.app.idle();
    expect(summarize(laterReplies(customer, WAITED.length + 1))).toEqual([FOUND, '(card)']);
    expect(logged('turn').at(-1)).toMatchObject({ lookup: { kind: 'tracking_number', outcome: 'deferred' } });
    expect(logged('later reply').at(-1)).toMatchObject({
      channel: 'webchat',
      sent: 1,
      lookup: { kind: 'tracking_number', outcome: 'found', shipments: 1 },
    });

    // The conversation goes on as usual.
    expect(summarize((await customer.say('hi')).replies)).toEqual(['Hi! What would you like to track?']);
  });

  test('expectReplies: "ask again shortly", and the next ask is answered from the lookup that went on', async () => {
    slowDown();
    const customer = chat('expectReplies');
    const turn = customer.say(TN.inTransit);
    await letTimeRun(turn);
    expect(summarize((await turn).replies)).toEqual([...WAITED, ASK_AGAIN]);

    const again = await customer.say(TN.inTransit);
    // Served by the lookup that went on: from the cache, or by joining it while it is still in flight (then with a typing indicator).
    expect(summarize(again.replies).filter((r) => r !== '(typing)')).toEqual([FOUND, '(card)']);
    // The failed attempts and the one that answered: the second ask made no call of its own.
    expect(upstreams.trackings.requests).toHaveLength(faults().length + 1);
  });
});

test("a later answer that is a failure is an apology of its own, in the customer's language", async () => {
  upstreams.trackings.inject({ kind: 'status', status: 429, retryAfter: '30' }, { kind: 'status', status: 401 });
  const customer = new TestChannel({ botUrl: app.url, mode: 'normal', connector, locale: 'de-DE' });
  const turn = customer.say(TN.inTransit);
  await clock.sleeping(3);
  await clock.advance(8_000);
  expect(summarize((await turn).replies)).toEqual([
    ...WAITED,
    'Ich warte noch auf die Antwort des Versanddienstes. Sobald sie da ist, schicke ich sie Ihnen hier.',
  ]);
  await clock.advance(22_000);
  await app.app.idle();
  expect(summarize(laterReplies(customer, WAITED.length + 1))).toEqual([
    'Entschuldigung, ich erreiche den Sendungsdienst gerade nicht. Bitte versuchen Sie es in ein paar Minuten noch einmal.',
  ]);
});

test('a later answer the service stops waiting for: the customer is told, in their language, to ask again', async () => {
  upstreams.trackings.inject({ kind: 'status', status: 429, retryAfter: '30' });
  const customer = new TestChannel({ botUrl: app.url, mode: 'normal', connector, locale: 'de-DE' });
  const turn = customer.say(TN.inTransit);
  await clock.sleeping(3);
  await clock.advance(8_000);
  expect(summarize((await turn).replies)).toEqual([
    ...WAITED,
    'Ich warte noch auf die Antwort des Versanddienstes. Sobald sie da ist, schicke ich sie Ihnen hier.',
  ]);

  // Shutdown's grace period is nearly over; the lookup still waits out its Retry-After.
  app.app.abandonLaterReplies();
  await app.app.idle();
  expect(summarize(laterReplies(customer, WAITED.length + 1))).toEqual([
    `Ich konnte die Antwort des Versanddienstes zu ${TN.inTransit} leider nicht rechtzeitig bekommen. Bitte fragen Sie mich in einer Minute noch einmal.`,
  ]);
  expect(logged('later reply abandoned: the service is stopping')).toEqual([
    expect.objectContaining({
      level: 40,
      sent: 1,
      lookup: { kind: 'tracking_number', outcome: 'abandoned', cache: 'miss' },
    }),
  ]);
  expect(logged('lookup failed')).toEqual([]);

  // A lookup deferred after that point is given up at once, after its "still checking".
  upstreams.trackings.inject({ kind: 'status', status: 429, retryAfter: '30' });
  const next = customer.say(TN.pending);
  await clock.sleeping(4); // the first lookup's wait goes on, the second lookup's joins it, and its deadline and typing indicator
  await clock.advance(8_000);
  const { replies } = await next;
  await app.app.idle();
  expect(summarize(connector.received.slice(-1).map((r) => r.activity))).toEqual([
    `Ich konnte die Antwort des Versanddienstes zu ${TN.pending} leider nicht rechtzeitig bekommen. Bitte fragen Sie mich in einer Minute noch einmal.`,
  ]);
  expect(summarize(replies).at(-1)).toBe(
    'Ich warte noch auf die Antwort des Versanddienstes. Sobald sie da ist, schicke ich sie Ihnen hier.',
  );
});

test('a lookup that answers within the deadline is answered in its turn, and leaves no timer behind', async () => {
  upstreams.trackings.inject({ kind: 'status', status: 503 });
  const customer = chat('normal');
  const turn = customer.say(TN.inTransit);
  await clock.sleeping(3);
  await clock.advance(2_000);
  // Two seconds: one typing indicator (at half a second), then the answer.
  expect(summarize((await turn).replies)).toEqual(['(typing)', FOUND, '(card)']);
  expect(clock.pending).toBe(0);
  expect(connector.received).toHaveLength(2);
});

test('an answer the cache has comes with no typing indicator, and leaves no timer behind', async () => {
  const customer = chat('normal');
  // The first ask waits for the upstream, with the deadline and the typing indicator armed; it fills the cache.
  const first = customer.say(TN.inTransit);
  await clock.sleeping(2);
  expect(summarize((await first).replies)).toEqual([FOUND, '(card)']);
  // Nothing moves the clock: the answer is there before the typing indicator could be due.
  expect(summarize((await customer.say(TN.inTransit)).replies)).toEqual([FOUND, '(card)']);
  expect(clock.pending).toBe(0);
});

test('/metrics: an answer sent after the deadline counts as one late reply, and its lookup once, as found', async () => {
  await app.close();
  const TOKEN = 'metrics-token-for-late-replies-0123';
  app = await startApp(configFor(upstreams, { UPSTREAM_ATTEMPT_TIMEOUT_MS: '1000', METRICS_TOKEN: TOKEN }), {
    clock,
    replyTimer: clock,
  });
  const metrics = async () =>
    parsePrometheus(
      await (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text(),
    );
  const [, , letTimeRun] = slowUpstreams[0];
  upstreams.trackings.inject({ kind: 'status', status: 429, retryAfter: '30' });
  const customer = chat('normal');
  const turn = customer.say(TN.inTransit);
  expect(valueOf(await metrics(), 'bot_replies_late_total')).toBe(0);
  await letTimeRun(turn);
  await turn;
  await app.app.idle();
  const after = await metrics();
  expect(valueOf(after, 'bot_replies_late_total')).toBe(1);
  expect(
    valueOf(after, 'bot_lookups_total', {
      kind: 'tracking_number',
      interface: 'trackings',
      result: 'found',
      via: 'chat',
    }),
  ).toBe(1);
});
