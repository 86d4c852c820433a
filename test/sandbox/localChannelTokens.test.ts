/**
 * The local channel plays Direct Line's tokens as enhanced authentication has them, so that sandbox mode
 * runs the production flow: the token endpoint generates a token with the (demo) secret for a dl_ user;
 * the page uses the token, refreshes it before it expires (an expired one cannot be), and reconnects to
 * its conversation with a watermark; whatever from.id the page sends, the token's user id is what counts.
 */
import { attachSandbox } from '../../sandbox/attach';
import { SANDBOX_DIRECTLINE_SECRET } from '../../sandbox/channel/directLineGrants';
import { SANDBOX_CUSTOMER_ID_SECRET, sandboxWebchat, sandboxWebchatOrigins } from '../../sandbox/upstreams';
import { loadConfig } from '../../src/config';
import { DEMO } from '../../sandbox/simulators';
import { createServer } from '../../src/http/server';
import { registerWebchatTokenRoute } from '../../src/http/webchatToken';
import { silentLogger } from '../../src/runtime/logger';
import { answerOf, configFor, startApp, type RunningApp } from '../support/app';
import { FakeClock } from '../support/fakeClock';
import { useSimulators } from '../support/upstreams';
import type { ActivityPage, DirectLineGrant, WireActivity } from './directLineWire';

const upstreams = useSimulators();
const clock = new FakeClock();
let app: RunningApp;
beforeAll(async () => {
  app = await startApp(configFor(upstreams));
  attachSandbox(app.app.server, { botUrl: app.url, logger: silentLogger, clock });
});
afterAll(() => app.close());

const directLine = (path: string) => `${app.url}/sandbox/directline${path}`;
/** A Direct Line call; `T` is the answer the test reads (answerOf leaves it `any`). */
const call = async <T = unknown>(
  method: string,
  path: string,
  bearer: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
) => {
  const answer = await answerOf(
    await fetch(directLine(path), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { ...answer, body: answer.body as T };
};
const generate = (userId = 'dl_visitor-1', secret = SANDBOX_DIRECTLINE_SECRET) =>
  call<DirectLineGrant>('POST', '/tokens/generate', secret, {
    user: { id: userId },
    trustedOrigins: ['http://localhost:8080'],
  });

async function poll(
  conversationId: string,
  token: string,
  watermark: string,
  until: (activities: WireActivity[]) => boolean,
): Promise<ActivityPage> {
  for (let i = 0; i < 100; i++) {
    const { body } = await call<ActivityPage>(
      'GET',
      `/conversations/${conversationId}/activities?watermark=${watermark}`,
      token,
    );
    if (until(body.activities)) return body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the bot did not answer through the local channel');
}

describe('tokens/generate', () => {
  test('with the secret and a dl_ user: a conversation and a token that expires in 1800 s', async () => {
    const { status, body } = await generate();
    expect(status).toBe(200);
    expect(body).toEqual({
      conversationId: expect.any(String) as unknown,
      token: expect.any(String) as unknown,
      expires_in: 1800,
    });
    expect(body.token).not.toContain(SANDBOX_DIRECTLINE_SECRET);
  });

  test('refused without the secret (403), and for a user id that does not start with dl_ (400)', async () => {
    expect((await generate('dl_x', 'not-the-secret')).status).toBe(403);
    expect((await call('POST', '/tokens/generate', undefined, { user: { id: 'dl_x' } })).status).toBe(403);
    const token = (await generate()).body.token;
    expect((await generate('dl_x', token)).status).toBe(403);
    for (const id of ['visitor', '', 'DL_x', 42])
      expect((await call('POST', '/tokens/generate', SANDBOX_DIRECTLINE_SECRET, { user: { id } })).status).toBe(400);
  });

  test('starting the conversation with the token gives its conversation; the token opens no other', async () => {
    const mine = (await generate()).body;
    const other = (await generate('dl_visitor-2')).body;
    const started = await call<DirectLineGrant>('POST', '/conversations', mine.token, {});
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      conversationId: mine.conversationId,
      token: expect.any(String) as unknown,
      expires_in: expect.any(Number) as unknown,
    });
    expect(
      (await call('GET', `/conversations/${other.conversationId}/activities?watermark=0`, mine.token)).status,
    ).toBe(403);
    expect(
      (
        await call('POST', `/conversations/${other.conversationId}/activities`, mine.token, {
          type: 'message',
          text: 'hi',
          from: { id: 'dl_x' },
        })
      ).status,
    ).toBe(403);
    expect((await call('GET', `/conversations/${mine.conversationId}/activities?watermark=0`, undefined)).status).toBe(
      403,
    );
    expect((await call('GET', `/conversations/${mine.conversationId}/activities?watermark=0`, 'made-up')).status).toBe(
      403,
    );
  });
});

describe('the token’s user is the user', () => {
  test('a posted activity’s from.id is replaced by the token’s user id; the bot sees that one too', async () => {
    const { conversationId, token } = (await generate('dl_real-visitor')).body;
    const sent = await call('POST', `/conversations/${conversationId}/activities`, token, {
      type: 'message',
      text: DEMO.trackings.trackingNumbers.inTransit,
      from: { id: 'dl_someone-else', name: 'Page' },
      locale: 'en-US',
    });
    expect(sent.status).toBe(200);
    const { activities } = await poll(conversationId, token, '0', (list) =>
      list.some((a) => a.from?.role === 'bot' && a.type === 'message'),
    );
    expect(activities[0].from).toEqual({ id: 'dl_real-visitor', name: 'Page', role: 'user' });
    // The bot replied to the token's user (the connector's recipient is what it answered).
    const reply = activities.find((a) => a.from?.role === 'bot' && a.type === 'message');
    expect(reply?.recipient?.id ?? 'dl_real-visitor').toBe('dl_real-visitor');
  });
});

describe('refresh and expiry', () => {
  test('tokens/refresh before expiry: a new token, the same user and conversation; after 1800 s neither token works, and an expired one cannot be refreshed', async () => {
    const first = (await generate('dl_refresher')).body;
    await clock.sleep(15 * 60_000);
    const refreshed = await call<DirectLineGrant>('POST', '/tokens/refresh', first.token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({
      conversationId: first.conversationId,
      token: expect.any(String) as unknown,
      expires_in: 1800,
    });
    expect(refreshed.body.token).not.toBe(first.token);
    // The refreshed token posts as the same user.
    await call('POST', `/conversations/${first.conversationId}/activities`, refreshed.body.token, {
      type: 'event',
      name: 'ping',
      from: { id: 'dl_other' },
    });
    const { activities } = (
      await call<ActivityPage>(
        'GET',
        `/conversations/${first.conversationId}/activities?watermark=0`,
        refreshed.body.token,
      )
    ).body;
    expect(activities[0].from.id).toBe('dl_refresher');

    // The first token's 30 minutes are over; the refreshed one has 15 left.
    await clock.sleep(15 * 60_000);
    expect((await call('POST', '/tokens/refresh', first.token)).status).toBe(403);
    expect(
      (await call('GET', `/conversations/${first.conversationId}/activities?watermark=0`, first.token)).status,
    ).toBe(403);
    expect(
      (await call('GET', `/conversations/${first.conversationId}/activities?watermark=0`, refreshed.body.token)).status,
    ).toBe(200);
    await clock.sleep(15 * 60_000);
    expect((await call('POST', '/tokens/refresh', refreshed.body.token)).status).toBe(403);
    expect(
      (
        await call('POST', `/conversations/${first.conversationId}/activities`, refreshed.body.token, {
          type: 'message',
          text: 'hi',
        })
      ).status,
    ).toBe(403);
  });
});

describe('refreshing without end, as Direct Line does', () => {
  test('a live token is refreshed as often as asked, each time a new 1800 s token that reads the conversation (Direct Line: "an unlimited number of times, as long as it hasn’t expired")', async () => {
    const first = (await generate('dl_holder')).body;
    let token = first.token;
    for (let i = 0; i < 5; i++) {
      await clock.sleep(25 * 60_000);
      const refreshed = await call<DirectLineGrant>('POST', '/tokens/refresh', token);
      expect(refreshed).toMatchObject({
        status: 200,
        body: { conversationId: first.conversationId, expires_in: 1800 },
      });
      token = refreshed.body.token;
      expect((await call('GET', `/conversations/${first.conversationId}/activities?watermark=0`, token)).status).toBe(
        200,
      );
    }
  });
});

describe('reconnecting to a conversation', () => {
  test('GET /conversations/{id}?watermark=… with a token for it: a fresh token for the same user, then the activities after the watermark', async () => {
    const { conversationId, token } = (await generate('dl_returning')).body;
    await call('POST', `/conversations/${conversationId}/activities`, token, {
      type: 'message',
      text: DEMO.trackings.trackingNumbers.inTransit,
      locale: 'en-US',
    });
    const seen = await poll(conversationId, token, '0', (list) =>
      list.some((a) => a.from?.role === 'bot' && a.type === 'message'),
    );

    // The next page: reconnect where the last one stopped.
    const again = await call<DirectLineGrant>(
      'GET',
      `/conversations/${conversationId}?watermark=${seen.watermark}`,
      token,
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ conversationId, token: expect.any(String) as unknown, expires_in: 1800 });
    await call('POST', `/conversations/${conversationId}/activities`, again.body.token, {
      type: 'message',
      text: 'thanks',
      locale: 'en-US',
      from: { id: 'dl_forged' },
    });
    const after = (
      await call<ActivityPage>(
        'GET',
        `/conversations/${conversationId}/activities?watermark=${seen.watermark}`,
        again.body.token,
      )
    ).body;
    expect(after.activities[0]).toMatchObject({ text: 'thanks', from: { id: 'dl_returning' } });

    const stranger = (await generate('dl_stranger')).body.token;
    expect((await call('GET', `/conversations/${conversationId}?watermark=0`, stranger)).status).toBe(403);
    expect((await call('GET', `/conversations/nope?watermark=0`, SANDBOX_DIRECTLINE_SECRET)).status).toBe(404);
  });
});

describe('pages on another loopback port (the demo shop)', () => {
  test('the Direct Line routes answer the browser’s preflight and name a loopback origin, never *', async () => {
    const origin = 'http://localhost:8080';
    const preflight = await fetch(directLine('/conversations/abc/activities'), {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,x-ms-bot-agent',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const { token } = (await generate()).body;
    const refreshed = await call('POST', '/tokens/refresh', token, undefined, { Origin: origin });
    expect(refreshed.headers.get('access-control-allow-origin')).toBe(origin);
    const elsewhere = await call('POST', '/tokens/refresh', token, undefined, { Origin: 'https://evil.example' });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the production flow, in the sandbox', () => {
  test('POST /api/webchat/token against the local channel: the page gets a token whose user posts, refreshes and reconnects', async () => {
    const shop = 'http://localhost:8080';
    const server = createServer({ logger: silentLogger });
    registerWebchatTokenRoute(
      server,
      {
        secret: SANDBOX_DIRECTLINE_SECRET,
        endpoint: `${app.url}/sandbox/directline`,
        allowedOrigins: [shop],
        tokensPerMinute: 10,
        trustedProxyHops: 0,
      },
      { logger: silentLogger },
    );
    await new Promise<void>((resolve) => {
      server.listen(0, '127.0.0.1', resolve);
    });
    try {
      const url = `http://127.0.0.1:${server.address().port}/api/webchat/token`;
      const given = await answerOf(
        await fetch(url, { method: 'POST', headers: { Origin: shop, 'Content-Type': 'application/json' }, body: '{}' }),
      );
      expect(given.status).toBe(200);
      const { token, conversationId, userId, expiresIn } = given.body as {
        token: string;
        conversationId: string;
        userId: string;
        expiresIn: number;
      };
      expect(expiresIn).toBe(1800);
      await call(
        'POST',
        `/conversations/${conversationId}/activities`,
        token,
        { type: 'message', text: 'hello', from: { id: 'dl_page-chose-this' } },
        { Origin: shop },
      );
      const { activities } = (
        await call<ActivityPage>('GET', `/conversations/${conversationId}/activities?watermark=0`, token, undefined, {
          Origin: shop,
        })
      ).body;
      expect(activities[0].from.id).toBe(userId);
      expect((await call('POST', '/tokens/refresh', token, undefined, { Origin: shop })).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.server.closeAllConnections();
      });
    }
  });
});

test('sandboxWebchatOrigins: the sandbox’s own origins, and the demo shop’s when it runs', () => {
  expect(sandboxWebchatOrigins(3978)).toEqual(['http://localhost:3978', 'http://127.0.0.1:3978']);
  expect(sandboxWebchatOrigins(3978, 3979)).toEqual([
    'http://localhost:3978',
    'http://127.0.0.1:3978',
    'http://localhost:3979',
    'http://127.0.0.1:3979',
  ]);
});

test('sandbox mode sets the token endpoint to the local channel with its demo secret, unless the operator set a secret; the origins add up', () => {
  expect(sandboxWebchat(loadConfig({}))).toEqual({
    secret: SANDBOX_DIRECTLINE_SECRET,
    endpoint: 'http://127.0.0.1:3978/sandbox/directline',
    allowedOrigins: ['http://localhost:3978', 'http://127.0.0.1:3978'],
    tokensPerMinute: 30,
    trustedProxyHops: 0,
    ipv6PrefixLength: 64,
    customerIdSecret: SANDBOX_CUSTOMER_ID_SECRET,
  });
  expect(
    sandboxWebchat(loadConfig({ PORT: '4000', WEBCHAT_ALLOWED_ORIGINS: 'http://localhost:5173' }), 4001).allowedOrigins,
  ).toEqual([
    'http://localhost:5173',
    'http://localhost:4000',
    'http://127.0.0.1:4000',
    'http://localhost:4001',
    'http://127.0.0.1:4001',
  ]);
  const own = sandboxWebchat(
    loadConfig({
      DIRECTLINE_SECRET: 'real-secret',
      DIRECTLINE_ENDPOINT: 'https://europe.directline.botframework.com/v3/directline',
      WEBCHAT_ALLOWED_ORIGINS: 'https://shop.example',
    }),
  );
  expect(own).toMatchObject({
    secret: 'real-secret',
    endpoint: 'https://europe.directline.botframework.com/v3/directline',
  });
  expect(own.allowedOrigins[0]).toBe('https://shop.example');
});
