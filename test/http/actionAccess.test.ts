/**
 * The action routes are not an open relay. Before: anyone could make the service call the upstreams
 * with credentials of their choosing, 20 requests against a failing upstream made 80 upstream calls, a
 * 502 handed the upstream's URL, headers and body to whoever asked, and a token with a line break went
 * out with the line break stripped (`TOK\r\nX-Injected: 1` as `TOKX-Injected: 1`). Now: in production
 * they need our key (ACTIONS_API_KEY), without it they are off; each client has a budget per minute;
 * a credential with a control character is a 400 naming the field. Real HTTP, against the simulators.
 */
import { DEMO } from '../../sandbox/simulators';
import type { ErrorBody } from '../../src/http/errorResponse';
import { BOT_IDENTITY, configFor, startApp, type RunningApp } from '../support/app';
import { fetchWithHost } from '../support/hostRequest';
import { API_KEY, CREDENTIALS, useSimulators } from '../support/upstreams';

const KEY = 'actions-SECRET-key-0123456789abcdef';
const WRONG = 'actions-SECRET-wrong-0123456789abcd';
const CHECKPOINTS = '/api/actions/get-checkpoints-by-order-number';
const TRACKINGS = '/api/actions/list-trackings';
const checkpointsInput = {
  orderNumber: DEMO.checkpoints.delivered,
  userId: CREDENTIALS.userId,
  token: CREDENTIALS.token,
};
const trackingsInput = {
  auth_header: { name: 'Authorization', value: `Bearer ${API_KEY}` },
  input_type: 'tracking_number',
  identifier: DEMO.trackings.trackingNumbers.inTransit,
};
const upstreamCalls = () => upstreams.checkpoints.requests.length + upstreams.trackings.requests.length;

const upstreams = useSimulators();
const apps: RunningApp[] = [];
async function start(env: NodeJS.ProcessEnv): Promise<RunningApp> {
  const app = await startApp(configFor(upstreams, env));
  apps.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('in production, with ACTIONS_API_KEY', () => {
  const production = { NODE_ENV: 'production', ...BOT_IDENTITY, ACTIONS_API_KEY: KEY };

  test.each<[string, Record<string, string>]>([
    ['no key', {}],
    ['a wrong Bearer key', { Authorization: `Bearer ${WRONG}` }],
    ['a wrong X-Api-Key', { 'X-Api-Key': WRONG }],
    ['the key without Bearer', { Authorization: KEY }],
    ['a prefix of the key', { 'X-Api-Key': KEY.slice(0, -1) }],
    ['the key and more', { 'X-Api-Key': `${KEY}x` }],
    ['the upstream key in its place', { Authorization: `Bearer ${API_KEY}` }],
  ])('%s: 401 naming the Authorization header, and nothing reaches an upstream', async (_what, headers) => {
    const app = await start(production);
    for (const [path, body] of [
      [CHECKPOINTS, checkpointsInput],
      [TRACKINGS, trackingsInput],
    ] as const) {
      const { status, body: answer, text } = await app.post(path, body, headers);
      expect(status).toBe(401);
      expect(answer).toEqual({
        code: 'unauthenticated',
        message: expect.stringContaining('X-Api-Key') as unknown,
        argument: 'Authorization',
      });
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(WRONG);
    }
    expect(upstreamCalls()).toBe(0);
    for (const line of app.logs) {
      expect(line).not.toContain(KEY);
      expect(line).not.toContain(WRONG);
    }
  });

  test.each<[string, Record<string, string>]>([
    ['Authorization: Bearer', { Authorization: `Bearer ${KEY}` }],
    ['authorization: bearer, any case', { authorization: `bearer ${KEY}` }],
    ['X-Api-Key', { 'X-Api-Key': KEY }],
  ])('the key as %s is answered', async (_what, headers) => {
    const app = await start(production);
    expect((await app.post(CHECKPOINTS, checkpointsInput, headers)).status).toBe(200);
    expect((await app.post(TRACKINGS, trackingsInput, headers)).status).toBe(200);
    // The upstream gets the caller's credentials for it, never our key.
    expect(upstreams.trackings.requests[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(JSON.stringify(upstreams.checkpoints.requests[0].headers)).not.toContain(KEY);
  });

  test('an authenticated caller gets the failure details the seed asks for, and the log has them without secrets', async () => {
    const app = await start(production);
    upstreams.trackings.inject(
      ...Array.from({ length: 4 }, () => ({
        kind: 'status' as const,
        status: 503,
        body: { code: 'unavailable', message: `down (${API_KEY})` },
      })),
    );
    const { status, body, text } = await app.post(TRACKINGS, trackingsInput, { 'X-Api-Key': KEY });
    expect(status).toBe(502);
    expect(body).toMatchObject({
      code: 'unavailable',
      failure: {
        method: 'POST',
        url: `${upstreams.trackings.url}/example.storeapi.v1.PublicAPI/ListTrackings`,
        status: 503,
        attempts: 4,
        headers: expect.any(Object) as unknown,
        body: expect.any(Object) as unknown,
      },
    });
    expect(text).not.toContain(API_KEY);
    const logged = app.logs.find((line) => line.includes('action failed upstream'));
    expect(logged).toBeDefined();
    expect(JSON.parse(logged!)).toMatchObject({ route: TRACKINGS, error: { failure: { status: 503, attempts: 4 } } });
    expect(logged).not.toContain(API_KEY);
    expect(logged).not.toContain(KEY);
  });
});

describe('in production without ACTIONS_API_KEY', () => {
  test('the routes are off: 404 to everyone, the start says so, and nothing reaches an upstream', async () => {
    const app = await start({ NODE_ENV: 'production', ...BOT_IDENTITY });
    for (const [path, body] of [
      [CHECKPOINTS, checkpointsInput],
      [TRACKINGS, trackingsInput],
    ] as const) {
      const { status, body: answer } = await app.post<ErrorBody>(path, body, { Authorization: `Bearer ${KEY}` });
      expect(status).toBe(404);
      expect(answer.code).toBe('not_found');
    }
    expect(upstreamCalls()).toBe(0);
    expect(app.logs.join('')).toContain('action routes are off: ACTIONS_API_KEY is not set');
  });
});

describe('outside production without ACTIONS_API_KEY', () => {
  test("a caller on this machine, naming it, is answered without a key (the sandbox's curl examples)", async () => {
    const app = await start({});
    expect((await app.post(CHECKPOINTS, checkpointsInput)).status).toBe(200);
  });

  test('a request for another Host name (a page rebinding its name to this machine) is a 401', async () => {
    const app = await start({});
    const answer = await fetchWithHost(`${app.url}${CHECKPOINTS}`, 'evil.example', checkpointsInput);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({
      code: 'unauthenticated',
      message: expect.stringContaining('ACTIONS_API_KEY') as unknown,
      argument: 'Authorization',
    });
    expect(upstreamCalls()).toBe(0);
  });
});

describe('the per-client limit (ACTIONS_RATE_LIMIT)', () => {
  test('20 requests against a failing upstream: 5 are tried (20 upstream calls, not 80), 15 get a 429 with Retry-After', async () => {
    const app = await start({ NODE_ENV: 'production', ...BOT_IDENTITY, ACTIONS_API_KEY: KEY, ACTIONS_RATE_LIMIT: '5' });
    upstreams.trackings.inject(...Array.from({ length: 80 }, () => ({ kind: 'status' as const, status: 503 })));
    const statuses: number[] = [];
    let limited: { body: unknown; retryAfter: string | null } | undefined;
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${app.url}${TRACKINGS}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Api-Key': KEY },
        body: JSON.stringify(trackingsInput),
      });
      statuses.push(response.status);
      if (response.status === 429)
        limited ??= { body: await response.json(), retryAfter: response.headers.get('retry-after') };
      else await response.text();
    }
    expect(statuses).toEqual([...Array<number>(5).fill(502), ...Array<number>(15).fill(429)]);
    expect(upstreams.trackings.requests).toHaveLength(20);
    expect(limited!.body).toEqual({
      code: 'resource_exhausted',
      message: expect.stringContaining('5 per minute') as unknown,
    });
    expect(Number(limited!.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(limited!.retryAfter)).toBeLessThanOrEqual(12);
  });

  test('refused callers spend nothing of it: a wrong key is a 401 however often, and the key holder is still answered', async () => {
    const app = await start({ NODE_ENV: 'production', ...BOT_IDENTITY, ACTIONS_API_KEY: KEY, ACTIONS_RATE_LIMIT: '2' });
    for (let i = 0; i < 5; i++)
      expect((await app.post(CHECKPOINTS, checkpointsInput, { 'X-Api-Key': WRONG })).status).toBe(401);
    expect((await app.post(CHECKPOINTS, checkpointsInput, { 'X-Api-Key': KEY })).status).toBe(200);
  });
});

describe('credentials with control characters', () => {
  test.each<[string, string, unknown]>([
    ['a line break in the token', 'token', { ...checkpointsInput, token: `${CREDENTIALS.token}\r\nX-Injected: 1` }],
    ['a trailing line break in the token', 'token', { ...checkpointsInput, token: `${CREDENTIALS.token}\n` }],
    ['a NUL in the token', 'token', { ...checkpointsInput, token: `${CREDENTIALS.token}\u0000` }],
    ['a DEL in the token', 'token', { ...checkpointsInput, token: `${CREDENTIALS.token}\u007f` }],
    [
      'a line break in auth_header.value',
      'auth_header.value',
      { ...trackingsInput, auth_header: { name: 'Authorization', value: `Bearer ${API_KEY}\r\nX-Injected: 1` } },
    ],
    [
      'a tab in auth_header.value',
      'auth_header.value',
      { ...trackingsInput, auth_header: { name: 'Authorization', value: `Bearer\t${API_KEY}` } },
    ],
    [
      'a line break in auth_header.name',
      'auth_header.name',
      { ...trackingsInput, auth_header: { name: 'Authorization\r\nX-Injected: 1', value: `Bearer ${API_KEY}` } },
    ],
  ])('%s is a 400 naming %s, and nothing reaches the upstream', async (_what, argument, input) => {
    const app = await start({});
    const path = argument === 'token' ? CHECKPOINTS : TRACKINGS;
    const { status, body, text } = await app.post(path, input);
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'invalid_argument',
      message: `${argument}: must not contain control characters (line breaks, tabs, NUL)`,
      argument,
    });
    expect(text).not.toContain(CREDENTIALS.token);
    expect(text).not.toContain(API_KEY);
    expect(upstreamCalls()).toBe(0);
  });
});
