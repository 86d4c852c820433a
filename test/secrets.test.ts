/**
 * No secret (token, API key, Authorization value, app password) appears in any error, reply or log line.
 * Every failure kind is provoked, including an upstream that echoes the credentials back,
 * and everything the process says is searched.
 */
import { inspect } from 'node:util';
import { Writable } from 'node:stream';
import { DEMO, type Fault } from '../sandbox/simulators';
import { createLogger } from '../src/log';
import { ShipmentLookup } from '../src/tracking/lookup';
import { BOT_IDENTITY, configFor, startApp, type RunningApp } from './support/app';
import { API_KEY, CREDENTIALS, clientsFor, useSimulators } from './support/upstreams';
import { startFakeDirectLine } from './support/fakeDirectLine';

const WRONG_TOKEN = 'tok-SECRET-wrong-0003';
const WRONG_KEY = 'key-SECRET-wrong-0004';
const APP_PASSWORD = 'pw-SECRET-bot-0005';
const ACTIONS_KEY = 'actions-SECRET-ours-0006-abcdef';
const WRONG_ACTIONS_KEY = 'actions-SECRET-wrong-0007-abcde';
const DIRECTLINE_SECRET = 'dl-SECRET-directline-0008-abcdef';
const SECRETS = [
  CREDENTIALS.token,
  API_KEY,
  WRONG_TOKEN,
  WRONG_KEY,
  APP_PASSWORD,
  ACTIONS_KEY,
  WRONG_ACTIONS_KEY,
  DIRECTLINE_SECRET,
];

const upstreams = useSimulators();
const said: string[] = [];
let app: RunningApp;
let restoreOutput: () => void;

beforeAll(async () => {
  app = await startApp(
    configFor(upstreams, {
      UPSTREAM_ATTEMPT_TIMEOUT_MS: '200',
      MicrosoftAppType: 'MultiTenant',
      MicrosoftAppId: '00000000-0000-0000-0000-000000000001',
      MicrosoftAppPassword: APP_PASSWORD,
    }),
  );
  const out = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => said.push(String(chunk)) > 0);
  const err = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => said.push(String(chunk)) > 0);
  restoreOutput = () => {
    out.mockRestore();
    err.mockRestore();
  };
});
afterAll(async () => {
  restoreOutput();
  await app.close();
});

function everythingAbout(error: unknown): string[] {
  const e = error as Error;
  return [String(e), e?.message, e?.stack ?? '', JSON.stringify(e), inspect(e, { depth: 20 })];
}

/** Faults that make every kind of failure, each also trying to smuggle a secret out through the upstream's answer. */
function faults(secret: string): Array<[string, Fault[]]> {
  return [
    [
      'an echoing 500, exhausted',
      Array.from({ length: 4 }, () => ({
        kind: 'status' as const,
        status: 500,
        body: {
          code: 'internal',
          message: `token ${secret} rejected`,
          echo: { authorization: `Bearer ${secret}`, token: secret },
        },
      })),
    ],
    [
      'a secret in a Retry-After header',
      Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 429, retryAfter: secret })),
    ],
    [
      'an echoing 400',
      [
        {
          kind: 'status',
          status: 400,
          body: { code: 'invalid_argument', message: `bad key Bearer ${secret}`, meta: { argument: secret } },
        },
      ],
    ],
    [
      'an echoing 401',
      [{ kind: 'status', status: 401, body: { code: 'unauthenticated', message: `unknown key ${secret}` } }],
    ],
    ['an echoing HTML page', [{ kind: 'raw', status: 200, body: `<html>${secret}</html>`, contentType: 'text/html' }]],
    ['resets until exhausted', Array.from({ length: 4 }, () => ({ kind: 'reset' as const }))],
    ['a hang', [{ kind: 'hang' }, { kind: 'hang' }]],
    ['a 403', [{ kind: 'status', status: 403 }]],
  ];
}

describe('no secret leaves the process', () => {
  test('not through errors or logs of the clients and the lookup', async () => {
    const logs: string[] = [];
    const logger = createLogger('trace', new Writable({ write: (c, _e, done) => (logs.push(String(c)), done()) }));
    const { checkpoints, trackings } = clientsFor(upstreams, { maxAttempts: 2, attemptTimeoutMs: 100 }, logger);
    const lookup = new ShipmentLookup({
      checkpoints: { client: checkpoints, credentials: CREDENTIALS },
      trackings: { client: trackings, apiKey: API_KEY },
    });
    const texts: string[] = [];
    const calls: Array<[string, () => Promise<unknown>, string]> = [
      [
        'checkpoints',
        () => checkpoints.getCheckpoints(DEMO.checkpoints.delivered, 'de', CREDENTIALS),
        CREDENTIALS.token,
      ],
      [
        'checkpoints',
        () => checkpoints.getCheckpoints(DEMO.checkpoints.delivered, 'de', { userId: '4242', token: WRONG_TOKEN }),
        WRONG_TOKEN,
      ],
      [
        'trackings',
        () =>
          trackings.listTrackings(
            { inputType: 'order_id', identifier: DEMO.trackings.orderIds.multiShipment },
            API_KEY,
          ),
        API_KEY,
      ],
      [
        'trackings',
        () => trackings.listTrackings({ inputType: 'tracking_number', identifier: 'X' }, WRONG_KEY),
        WRONG_KEY,
      ],
      [
        'trackings',
        () => lookup.find({ kind: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.lost }),
        API_KEY,
      ],
      [
        'checkpoints',
        () => lookup.find({ kind: 'order_number', identifier: DEMO.checkpoints.delayed }, 'fr'),
        CREDENTIALS.token,
      ],
    ];
    let failures = 0;
    for (const [upstream, call, secret] of calls) {
      for (const [, injected] of faults(secret)) {
        upstreams[upstream as 'checkpoints' | 'trackings'].reset();
        upstreams[upstream as 'checkpoints' | 'trackings'].inject(...injected);
        try {
          texts.push(JSON.stringify(await call()));
        } catch (error) {
          failures++;
          texts.push(...everythingAbout(error));
        }
      }
    }
    expect(failures).toBeGreaterThan(40);
    expect(logs.length).toBeGreaterThan(40);
    // The secrets did reach the upstream: the sweep is looking at calls that carried them.
    expect(upstreams.trackings.requests.some((r) => r.headers.authorization === `Bearer ${API_KEY}`)).toBe(true);
    for (const secret of SECRETS) {
      for (const text of [...texts, ...logs]) expect(text).not.toContain(secret);
    }
  });

  test('not through the action routes, their replies or the server logs', async () => {
    const replies: string[] = [];
    const routes: Array<[string, 'checkpoints' | 'trackings', (secret: string) => unknown, string[]]> = [
      [
        '/api/actions/get-checkpoints-by-order-number',
        'checkpoints',
        (token) => ({ orderNumber: DEMO.checkpoints.delivered, userId: '4242', token }),
        [CREDENTIALS.token, WRONG_TOKEN],
      ],
      [
        '/api/actions/list-trackings',
        'trackings',
        (key) => ({
          auth_header: { name: 'Authorization', value: `Bearer ${key}` },
          input_type: 'tracking_number',
          identifier: DEMO.trackings.trackingNumbers.delivered,
        }),
        [API_KEY, WRONG_KEY],
      ],
    ];
    for (const [path, upstream, body, secrets] of routes) {
      for (const secret of secrets) {
        for (const [, injected] of [['none', []] as [string, Fault[]], ...faults(secret)]) {
          upstreams[upstream].reset();
          upstreams[upstream].inject(...injected);
          replies.push((await app.post(path, body(secret))).text);
        }
        // Bad input that carries the secret in the wrong place is refused without echoing it.
        replies.push((await app.post(path, { ...(body(secret) as object), userId: secret, input_type: secret })).text);
      }
    }
    expect(replies.some((r) => r.includes('"failure"'))).toBe(true);
    for (const secret of SECRETS) {
      for (const text of [...replies, ...app.logs, ...said]) expect(text).not.toContain(secret);
    }
  });

  test('not our own key for the action routes (ACTIONS_API_KEY), right or wrong, in any reply or log line', async () => {
    const guarded = await startApp(
      configFor(upstreams, { NODE_ENV: 'production', ...BOT_IDENTITY, ACTIONS_API_KEY: ACTIONS_KEY }),
    );
    try {
      const replies: string[] = [];
      const body = { orderNumber: DEMO.checkpoints.delivered, userId: '4242', token: CREDENTIALS.token };
      const ways = (key: string): Array<Record<string, string>> => [
        { Authorization: `Bearer ${key}` },
        { 'X-Api-Key': key },
        { Authorization: key },
        { 'X-Api-Key': `${key}x` },
      ];
      for (const key of [ACTIONS_KEY, WRONG_ACTIONS_KEY]) {
        for (const headers of ways(key)) {
          // The upstream never receives our key, so what it echoes is the credential it did receive.
          for (const [, injected] of [['none', []] as [string, Fault[]], ...faults(CREDENTIALS.token)]) {
            upstreams.checkpoints.reset();
            upstreams.checkpoints.inject(...injected);
            replies.push((await guarded.post('/api/actions/get-checkpoints-by-order-number', body, headers)).text);
          }
          // The key where a credential goes, and where an identifier goes.
          replies.push(
            (
              await guarded.post(
                '/api/actions/get-checkpoints-by-order-number',
                { ...body, token: key, orderNumber: key },
                headers,
              )
            ).text,
          );
        }
      }
      expect(replies.some((r) => r.includes('"failure"'))).toBe(true);
      expect(replies.some((r) => r.includes('"unauthenticated"'))).toBe(true);
      for (const secret of [ACTIONS_KEY, WRONG_ACTIONS_KEY]) {
        for (const text of [...replies, ...guarded.logs, ...said]) expect(text).not.toContain(secret);
      }
    } finally {
      await guarded.close();
    }
  });

  test('not the Direct Line secret (DIRECTLINE_SECRET), through the token endpoint’s answers, refusals and failures, or any log line', async () => {
    const directLine = await startFakeDirectLine();
    const origin = 'https://shop.example';
    const app = await startApp(
      configFor(upstreams, {
        DIRECTLINE_SECRET,
        DIRECTLINE_ENDPOINT: directLine.endpoint,
        WEBCHAT_ALLOWED_ORIGINS: origin,
        WEBCHAT_TOKENS_PER_MINUTE: '0',
      }),
    );
    try {
      const echo = { message: `bad secret ${DIRECTLINE_SECRET}`, authorization: `Bearer ${DIRECTLINE_SECRET}` };
      directLine.reply(
        { kind: 'token' },
        { kind: 'status', status: 403, body: echo },
        { kind: 'status', status: 500, body: echo },
        { kind: 'status', status: 500, body: echo },
        { kind: 'status', status: 200, body: echo },
        { kind: 'reset' },
        { kind: 'reset' },
      );
      const replies: string[] = [];
      for (let i = 0; i < 5; i++) replies.push((await app.post('/api/webchat/token', {}, { Origin: origin })).text);
      replies.push(
        (await app.post('/api/webchat/token', { customerToken: DIRECTLINE_SECRET }, { Origin: origin })).text,
      );
      replies.push((await app.post('/api/webchat/token', { secret: DIRECTLINE_SECRET }, { Origin: origin })).text);
      replies.push((await app.post('/api/webchat/token', {}, { Origin: DIRECTLINE_SECRET })).text);
      expect(replies.filter((r) => r.includes('"token"'))).toHaveLength(1);
      expect(replies.filter((r) => r.includes('Direct Line'))).toHaveLength(4);
      // It did go to Direct Line, in the one header.
      expect(directLine.requests.every((r) => r.headers.authorization === `Bearer ${DIRECTLINE_SECRET}`)).toBe(true);
      for (const text of [...replies, ...app.logs, ...said]) expect(text).not.toContain(DIRECTLINE_SECRET);
    } finally {
      await app.close();
      await directLine.close();
    }
  });
});
