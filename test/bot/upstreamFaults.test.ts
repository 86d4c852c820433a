/**
 * Whatever the upstream does, the customer gets a clear answer in the same turn, nothing secret leaks,
 * and the conversation goes on. Each fault is injected into the Interface B simulator and the lookup is
 * made over POST /api/messages; retry waits run on the fake clock.
 */
import { DEMO, type Fault } from '../../sandbox/simulators';
import { configFor, startApp, type RunningApp } from '../support/app';
import { summarize, TestChannel } from '../support/channel';
import { API_KEY, CREDENTIALS, useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const TN = DEMO.trackings.trackingNumbers.inTransit;
const CARD = [`Here is the shipment for ${TN}:`, '(card)'];
const SORRY = ["Sorry, I can't reach the tracking service right now. Please try again in a few minutes."];

let app: RunningApp;
beforeAll(async () => {
  app = await startApp(configFor(upstreams, { UPSTREAM_MAX_ATTEMPTS: '2', UPSTREAM_ATTEMPT_TIMEOUT_MS: '1000' }));
});
afterAll(() => app.close());

const json = (body: string, status = 200): Fault => ({ kind: 'raw', status, body, contentType: 'application/json' });
const inHalfAMinute = () => new Date(app.clock.now() + 30_000).toUTCString();

const faults: Array<[string, () => Fault[], string[], number[]]> = [
  [
    '429 with Retry-After in seconds, then the answer',
    () => [{ kind: 'status', status: 429, retryAfter: '3' }],
    CARD,
    [3000],
  ],
  [
    '429 with Retry-After as an HTTP date, then the answer',
    () => [{ kind: 'status', status: 429, retryAfter: inHalfAMinute() }],
    CARD,
    [30_000],
  ],
  ['a 500, then the answer', () => [{ kind: 'status', status: 500 }], CARD, [2000]],
  [
    '503 on every attempt',
    () => [
      { kind: 'status', status: 503 },
      { kind: 'status', status: 503 },
    ],
    SORRY,
    [2000],
  ],
  ['a hang on every attempt', () => [{ kind: 'hang' }, { kind: 'hang' }], SORRY, [2000]],
  ['the connection reset on every attempt', () => [{ kind: 'reset' }, { kind: 'reset' }], SORRY, [2000]],
  ['malformed JSON', () => [json('{"trackings": [{"carrier": ')], SORRY, []],
  ['JSON of another shape', () => [json('{"trackings": "none"}')], SORRY, []],
  [
    'oversized JSON (6 MB)',
    () => [json(JSON.stringify({ trackings: [{ carrier: 'x'.repeat(6 * 1024 * 1024) }] }))],
    SORRY,
    [],
  ],
  [
    'an HTML page with status 200',
    () => [{ kind: 'raw', status: 200, body: '<html>maintenance</html>', contentType: 'text/html' }],
    SORRY,
    [],
  ],
  [
    'JSON sent as text/plain',
    () => [{ kind: 'raw', status: 200, body: '{"trackings": []}', contentType: 'text/plain' }],
    SORRY,
    [],
  ],
];

test.each(faults)(
  '%s: a clear answer, no secret anywhere, and the conversation goes on',
  async (_name, fault, expected, waits) => {
    upstreams.trackings.inject(...fault());
    const sleepsBefore = app.clock.sleeps.length;
    const logsBefore = app.logs.length;
    const customer = new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'en-US' });

    const { status, replies } = await customer.say(TN);
    expect(status).toBe(200);
    expect(summarize(replies)).toEqual(expected);
    expect(app.clock.sleeps.slice(sleepsBefore)).toEqual(waits);

    expect(summarize((await customer.say('help')).replies)[0]).toMatch(/^I find your shipments/);
    const output = [...app.logs.slice(logsBefore), JSON.stringify(replies)].join('\n');
    for (const secret of [API_KEY, CREDENTIALS.token]) expect(output).not.toContain(secret);
  },
);
