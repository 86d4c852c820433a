/**
 * POST /api/webchat/token on the wire: the store's page asks for a Direct Line token, the service asks
 * Direct Line with the secret (a stand-in on loopback here), and the page gets a token for one
 * conversation and one user, never the secret. Refused origins, bad bodies and spent budgets make no
 * call; the secret, the token and the user id appear in no log line.
 */
import { Writable } from 'node:stream';
import type { Server } from 'restify';
import type { ErrorBody } from '../../src/http/errorResponse';
import { createServer } from '../../src/http/server';
import { registerWebchatTokenRoute } from '../../src/http/webchatToken';
import type { WebchatSettings } from '../../src/webchatSettings';
import { createLogger } from '../../src/log';
import { startFakeDirectLine, type FakeDirectLine } from '../support/fakeDirectLine';
import { ManualClock } from '../support/manualClock';
import { answerOf, configFor, startApp } from '../support/app';
import { useSimulators } from '../support/upstreams';
import type { GivenToken, RenewedToken } from './webchatReplies';

const SECRET = 'dl-SECRET-0123456789-abcdefghij';
const SHOP = 'https://shop.example';
const OTHER_SHOP = 'https://www.shop.example';
const PATH = '/api/webchat/token';

let directLine: FakeDirectLine;
beforeEach(async () => {
  directLine = await startFakeDirectLine();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((close) => close()));
  await directLine.close();
});

const running: Array<() => Promise<void>> = [];
interface Started {
  url: string;
  logs: string[];
  clock: ManualClock;
  /** The route's answer, its body read as `Body`: what the test expects there. */
  ask<Body = unknown>(
    headers?: Record<string, string>,
    body?: unknown,
    method?: string,
  ): Promise<{ status: number; headers: Headers; body: Body; text: string }>;
}

async function start(settings: Partial<WebchatSettings> = {}, timeoutMs = 2_000): Promise<Started> {
  const logs: string[] = [];
  const logger = createLogger(
    'trace',
    new Writable({ write: (chunk, _e, done) => (logs.push(String(chunk)), done()) }),
  );
  const clock = new ManualClock();
  const server: Server = createServer({ logger });
  registerWebchatTokenRoute(
    server,
    {
      secret: SECRET,
      endpoint: directLine.endpoint,
      allowedOrigins: [SHOP, OTHER_SHOP],
      tokensPerMinute: 100,
      trustedProxyHops: 0,
      ...settings,
    },
    { logger, clock, timeoutMs },
  );
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  running.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.server.closeAllConnections();
      }),
  );
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    logs,
    clock,
    async ask<Body>(headers = { Origin: SHOP }, body: unknown = {}, method = 'POST') {
      const response = await fetch(`${url}${PATH}`, {
        method,
        headers: method === 'POST' ? { 'Content-Type': 'application/json', ...headers } : headers,
        body: method === 'POST' ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
      });
      return answerOf<Body>(response);
    },
  };
}

function expectNeverCached(headers: Headers): void {
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('vary')).toMatch(/(^|,\s*)Origin(\s*,|$)/);
}

describe('a token for the page', () => {
  test('Direct Line is asked exactly: POST {endpoint}/tokens/generate, Bearer the secret, a dl_ user and the one origin as trusted', async () => {
    const app = await start();
    const { status, headers, body, text } = await app.ask<GivenToken>({ Origin: SHOP });
    expect(status).toBe(200);
    expect(body).toEqual({
      token: 'dl-token-1',
      conversationId: 'conv-1',
      userId: expect.stringMatching(/^dl_[A-Za-z0-9_-]{16,}$/) as unknown,
      expiresIn: 1800,
      renewal: expect.any(String) as unknown,
      renewableFor: 7200,
    });
    expect(directLine.requests).toHaveLength(1);
    const [call] = directLine.requests;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v3/directline/tokens/generate');
    expect(call.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(call.headers['content-type']).toMatch(/^application\/json/);
    expect(call.body).toEqual({ user: { id: body.userId }, trustedOrigins: [SHOP] });
    // CORS names the one origin, never *; nothing is cached.
    expect(headers.get('access-control-allow-origin')).toBe(SHOP);
    expectNeverCached(headers);
    expect(text).not.toContain(SECRET);
  });

  test('each page load is a fresh visitor: a new random dl_ id, chosen by the server', async () => {
    const app = await start();
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await app.ask<GivenToken>({ Origin: OTHER_SHOP })).body.userId);
    expect(ids.size).toBe(5);
    expect(directLine.requests.map((r) => (r.body as { trustedOrigins: string[] }).trustedOrigins)).toEqual(
      Array.from({ length: 5 }, () => [OTHER_SHOP]),
    );
  });

  test('a regional endpoint or one with a trailing slash is called at {endpoint}/tokens/generate', async () => {
    const app = await start({ endpoint: `${directLine.endpoint}/` });
    expect((await app.ask()).status).toBe(200);
    expect(directLine.requests[0].path).toBe('/v3/directline/tokens/generate');
  });
});

describe('renewals: bounded by what the conversation is', () => {
  const renew = async (started: Started, body: unknown) =>
    answerOf<RenewedToken>(
      await fetch(`${started.url}/api/webchat/renewal`, {
        method: 'POST',
        headers: { Origin: SHOP, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );

  test('a visitor’s conversation is renewed through the endpoint (Direct Line’s tokens/refresh, Bearer the token) until two hours after it began, never after', async () => {
    const started = await start();
    const given = (await started.ask<GivenToken>()).body;
    expect(given).toMatchObject({
      conversationId: 'conv-1',
      renewal: expect.any(String) as unknown,
      renewableFor: 2 * 60 * 60,
    });
    let token = given.token;
    // Every 15 minutes, as Web Chat's client refreshes: a new token for the same conversation, the bound unmoved.
    for (let minutes = 15; minutes < 120; minutes += 15) {
      await started.clock.advance(15 * 60_000);
      const renewed = await renew(started, { token, renewal: given.renewal });
      expect(renewed).toMatchObject({
        status: 200,
        body: {
          token: expect.stringMatching(/^dl-token-1\./) as unknown,
          expiresIn: 1800,
          renewal: expect.any(String) as unknown,
          renewableFor: (120 - minutes) * 60,
        },
      });
      expect(directLine.requests.at(-1)).toMatchObject({
        method: 'POST',
        path: '/v3/directline/tokens/refresh',
        headers: { authorization: `Bearer ${token}` },
      });
      token = renewed.body.token;
    }
    const calls = directLine.requests.length;
    await started.clock.advance(15 * 60_000);
    expect(await renew(started, { token, renewal: given.renewal })).toMatchObject({
      status: 401,
      body: { code: 'unauthenticated', argument: 'renewal' },
    });
    expect(directLine.requests).toHaveLength(calls);
  });

  test('a renewal renews its own conversation only: not with another conversation’s token, not altered, not from another secret', async () => {
    const started = await start();
    const first = (await started.ask<GivenToken>()).body;
    const second = (await started.ask<GivenToken>()).body;
    expect(await renew(started, { token: second.token, renewal: first.renewal })).toMatchObject({
      status: 401,
      body: { argument: 'token' },
    });
    const [body, mac] = first.renewal.split('.');
    const stretched = Buffer.from(
      JSON.stringify({
        ...(JSON.parse(Buffer.from(body, 'base64url').toString()) as object),
        t: Date.parse('2030-01-01'),
      }),
    ).toString('base64url');
    const calls = directLine.requests.length;
    expect(await renew(started, { token: first.token, renewal: `${stretched}.${mac}` })).toMatchObject({
      status: 401,
      body: { argument: 'renewal' },
    });
    const elsewhere = await start({ secret: 'another-dl-SECRET-0123456789' });
    expect(await renew(elsewhere, { token: first.token, renewal: first.renewal })).toMatchObject({
      status: 401,
      body: { argument: 'renewal' },
    });
    expect(directLine.requests).toHaveLength(calls);
  });

  test('an expired token is not renewed (Direct Line’s 403 is a 401 naming token); a bad body is a 400 naming the field', async () => {
    const started = await start();
    const given = (await started.ask<GivenToken>()).body;
    directLine.reply({ kind: 'status', status: 403, body: { error: { code: 'TokenExpired' } } });
    expect(await renew(started, { token: given.token, renewal: given.renewal })).toMatchObject({
      status: 401,
      body: { argument: 'token' },
    });
    expect(await renew(started, { token: given.token })).toMatchObject({ status: 400, body: { argument: 'renewal' } });
    expect(await renew(started, { token: given.token, renewal: given.renewal, userId: 'dl_mine' })).toMatchObject({
      status: 400,
      body: { argument: 'userId' },
    });
  });
});

describe('only the store’s own pages', () => {
  test.each<[string, Record<string, string>]>([
    ['no Origin', {}],
    ['another site', { Origin: 'https://evil.example' }],
    ['a look-alike', { Origin: 'https://shop.example.evil.example' }],
    ['another scheme', { Origin: 'http://shop.example' }],
    ['another port', { Origin: 'https://shop.example:8443' }],
    ['the opaque origin', { Origin: 'null' }],
    ['a trailing slash', { Origin: `${SHOP}/` }],
  ])('%s: 403 naming Origin, no CORS grant, and Direct Line is not called', async (_what, headers) => {
    const app = await start();
    const { status, headers: answer, body } = await app.ask(headers);
    expect(status).toBe(403);
    expect(body).toEqual({
      code: 'permission_denied',
      message: expect.stringContaining('WEBCHAT_ALLOWED_ORIGINS') as unknown,
      argument: 'Origin',
    });
    expect(answer.get('access-control-allow-origin')).toBeNull();
    expectNeverCached(answer);
    expect(directLine.requests).toHaveLength(0);
  });

  test('the preflight: 204 naming the origin, POST and Content-Type; refused for another origin; no call and no budget spent', async () => {
    const app = await start({ tokensPerMinute: 1 });
    const preflight = (origin: string) =>
      app.ask(
        { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
        undefined,
        'OPTIONS',
      );
    const allowed = await preflight(SHOP);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(allowed.headers.get('access-control-allow-methods')).toBe('POST');
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toBe('content-type');
    expect(Number(allowed.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    expectNeverCached(allowed.headers);
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expectNeverCached(refused.headers);
    expect(directLine.requests).toHaveLength(0);
    // Preflights spend nothing: the one token a minute is still there.
    expect((await app.ask()).status).toBe(200);
  });
});

describe('the body', () => {
  test.each<[string, unknown, string]>([
    ['an array', '[]', 'body'],
    ['a string', '"hello"', 'body'],
    ['a user id the page chose', { user: { id: 'dl_mine' } }, 'user'],
    ['a userId the page chose', { userId: 'dl_mine' }, 'userId'],
    ['a customerToken that is not a string', { customerToken: 42 }, 'customerToken'],
    ['an empty customerToken', { customerToken: '' }, 'customerToken'],
  ])('%s: 400 naming the field, and Direct Line is not called', async (_what, body, argument) => {
    const app = await start();
    const { status, headers, body: answer } = await app.ask({ Origin: SHOP }, body);
    expect(status).toBe(400);
    expect(answer).toEqual({ code: 'invalid_argument', message: expect.any(String) as unknown, argument });
    // The page may read why.
    expect(headers.get('access-control-allow-origin')).toBe(SHOP);
    expectNeverCached(headers);
    expect(directLine.requests).toHaveLength(0);
  });

  test('no body at all is {}', async () => {
    const app = await start();
    const response = await fetch(`${app.url}${PATH}`, { method: 'POST', headers: { Origin: SHOP } });
    expect(response.status).toBe(200);
  });

  test('a signed-in customer’s token without customer tokens set up: 401 naming customerToken and saying so, no call (customerTokens.test.ts has the rest)', async () => {
    const app = await start();
    const { status, body } = await app.ask({ Origin: SHOP }, { customerToken: 'eyJhbGciOi.customer.token' });
    expect(status).toBe(401);
    expect(body).toEqual({
      code: 'unauthenticated',
      message: expect.stringContaining('not set up') as unknown,
      argument: 'customerToken',
    });
    expect(directLine.requests).toHaveLength(0);
  });
});

describe('the per-client limit', () => {
  test('past WEBCHAT_TOKENS_PER_MINUTE: 429 with Retry-After and no call; a minute’s share later, one more', async () => {
    const app = await start({ tokensPerMinute: 2 });
    expect((await app.ask()).status).toBe(200);
    expect((await app.ask()).status).toBe(200);
    const refused = await app.ask();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'resource_exhausted',
      message: expect.stringContaining('WEBCHAT_TOKENS_PER_MINUTE') as unknown,
    });
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(refused.headers.get('access-control-expose-headers')).toMatch(/Retry-After/i);
    expectNeverCached(refused.headers);
    expect(directLine.requests).toHaveLength(2);
    await app.clock.advance(30_000);
    expect((await app.ask()).status).toBe(200);
  });

  test('with no trusted proxy (0 hops), a spoofed X-Forwarded-For does not lift it: the client is the socket', async () => {
    const app = await start({ tokensPerMinute: 1 });
    expect((await app.ask({ Origin: SHOP, 'X-Forwarded-For': '198.51.100.1' })).status).toBe(200);
    for (const spoof of ['198.51.100.2', '198.51.100.3, 198.51.100.4', '203.0.113.9:1234']) {
      expect((await app.ask({ Origin: SHOP, 'X-Forwarded-For': spoof })).status).toBe(429);
    }
    expect(directLine.requests).toHaveLength(1);
  });

  test('behind one trusted proxy (1 hop), the client is the right-most X-Forwarded-For entry: entries the client wrote before it change nothing, and its port is not part of it', async () => {
    const app = await start({ tokensPerMinute: 1, trustedProxyHops: 1 });
    // App Service's front end appends the address it saw, with the port of that connection.
    expect((await app.ask({ Origin: SHOP, 'X-Forwarded-For': '203.0.113.7:50001' })).status).toBe(200);
    expect((await app.ask({ Origin: SHOP, 'X-Forwarded-For': '203.0.113.7:50002' })).status).toBe(429);
    // The client forges entries of its own; the proxy still appends the real one last.
    expect((await app.ask({ Origin: SHOP, 'X-Forwarded-For': '198.51.100.1, 203.0.113.7:50003' })).status).toBe(429);
    expect((await app.ask({ Origin: SHOP, 'X-Forwarded-For': '10.0.0.1, 198.51.100.2, 203.0.113.7' })).status).toBe(
      429,
    );
    // Another customer has a budget of their own, IPv6 too.
    expect((await app.ask({ Origin: SHOP, 'X-Forwarded-For': '203.0.113.8:50004' })).status).toBe(200);
    expect((await app.ask({ Origin: SHOP, 'X-Forwarded-For': '[2001:db8::1]:50005' })).status).toBe(200);
    expect((await app.ask({ Origin: SHOP, 'X-Forwarded-For': '2001:db8::1' })).status).toBe(429);
  });

  test('behind a trusted proxy, a request without X-Forwarded-For counts as the socket (it did not come through the proxy)', async () => {
    const app = await start({ tokensPerMinute: 1, trustedProxyHops: 1 });
    expect((await app.ask({ Origin: SHOP })).status).toBe(200);
    expect((await app.ask({ Origin: SHOP })).status).toBe(429);
  });
});

describe('without the secret, and when Direct Line fails', () => {
  test('no DIRECTLINE_SECRET: 503 unavailable, as an unconfigured interface, and no call', async () => {
    const app = await start({ secret: undefined });
    const { status, headers, body } = await app.ask();
    expect(status).toBe(503);
    expect(body).toEqual({ code: 'unavailable', message: expect.stringContaining('DIRECTLINE_SECRET') as unknown });
    expectNeverCached(headers);
    expect(directLine.requests).toHaveLength(0);
  });

  const echo = {
    error: { code: 'BadArgument', message: `secret ${SECRET} is not valid` },
    authorization: `Bearer ${SECRET}`,
  };
  test.each<[string, Parameters<FakeDirectLine['reply']>, number]>([
    [
      'a 500, twice',
      [
        { kind: 'status', status: 500, body: echo },
        { kind: 'status', status: 500, body: echo },
      ],
      2,
    ],
    ['a refused secret (403), echoing it', [{ kind: 'status', status: 403, body: echo }], 1],
    ['a refused secret (401)', [{ kind: 'status', status: 401, body: echo }], 1],
    ['an answer without a token', [{ kind: 'status', status: 200, body: { conversationId: 'c', note: SECRET } }], 1],
    ['resets, twice', [{ kind: 'reset' }, { kind: 'reset' }], 2],
    ['a hang, twice', [{ kind: 'hang' }, { kind: 'hang' }], 2],
    [
      'an answer over 64 KB, twice',
      [
        { kind: 'oversized', bytes: 100_000 },
        { kind: 'oversized', bytes: 100_000 },
      ],
      2,
    ],
    // Not followed: the secret goes to Direct Line's own address only.
    ['a redirect', [{ kind: 'redirect', location: '/v3/directline/elsewhere' }], 1],
  ])(
    '%s: 502 in the one error shape, with neither the secret nor Direct Line’s words',
    async (_what, replies, calls) => {
      const app = await start({}, 300);
      directLine.reply(...replies);
      const { status, headers, body, text } = await app.ask();
      expect(status).toBe(502);
      expect(body).toEqual({ code: 'unavailable', message: expect.stringMatching(/^Direct Line/) as unknown });
      expect(headers.get('access-control-allow-origin')).toBe(SHOP);
      expectNeverCached(headers);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('BadArgument');
      expect(directLine.requests).toHaveLength(calls);
      expect(app.logs.some((line) => line.includes('Direct Line'))).toBe(true);
      for (const line of app.logs) expect(line).not.toContain(SECRET);
    },
  );

  test('a failure once, then a token: one more try is the policy', async () => {
    const app = await start();
    directLine.reply({ kind: 'status', status: 503 });
    expect((await app.ask()).status).toBe(200);
    expect(directLine.requests).toHaveLength(2);
  });
});

test('the secret, the token and the user id appear in no log line', async () => {
  const app = await start({ tokensPerMinute: 3 });
  const given = (await app.ask<GivenToken>()).body;
  await app.ask({ Origin: 'https://evil.example' });
  await app.ask({ Origin: SHOP }, { customerToken: 'customer-token-SECRET' });
  await app.ask({ Origin: SHOP }, { user: { id: 'dl_page-chosen' } });
  await app.ask();
  await app.ask();
  expect(app.logs.length).toBeGreaterThan(3);
  for (const line of app.logs) {
    for (const secret of [SECRET, given.token, given.userId, 'customer-token-SECRET', 'dl_page-chosen'])
      expect(line).not.toContain(secret);
  }
});

describe('in the service', () => {
  const upstreams = useSimulators();

  test('without DIRECTLINE_SECRET the route is there and answers 503; with it, the page gets a token', async () => {
    const off = await startApp(configFor(upstreams));
    running.push(() => off.close());
    const refused = await off.post<ErrorBody>(PATH, {}, { Origin: SHOP });
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('unavailable');

    const on = await startApp(
      configFor(upstreams, {
        DIRECTLINE_SECRET: SECRET,
        DIRECTLINE_ENDPOINT: directLine.endpoint,
        WEBCHAT_ALLOWED_ORIGINS: SHOP,
      }),
    );
    running.push(() => on.close());
    const given = await on.post(PATH, {}, { Origin: SHOP });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({
      token: expect.any(String) as unknown,
      userId: expect.stringMatching(/^dl_/) as unknown,
    });
    expect(directLine.requests[0].headers.authorization).toBe(`Bearer ${SECRET}`);
    for (const line of on.logs) expect(line).not.toContain(SECRET);
  });

  test('TRUSTED_PROXY_HOPS applies to the action routes’ budget too: behind the proxy, each customer has their own', async () => {
    const app = await startApp(configFor(upstreams, { ACTIONS_RATE_LIMIT: '1', TRUSTED_PROXY_HOPS: '1' }));
    running.push(() => app.close());
    const body = {
      auth_header: { name: 'Authorization', value: 'Bearer x' },
      input_type: 'tracking_number',
      identifier: '1Z999',
    };
    const status = async (client: string) =>
      (await app.post('/api/actions/list-trackings', body, { 'X-Forwarded-For': client })).status;
    expect(await status('203.0.113.7:1')).not.toBe(429);
    expect(await status('198.51.100.1, 203.0.113.7:2')).toBe(429);
    expect(await status('203.0.113.8:3')).not.toBe(429);
  });
});
