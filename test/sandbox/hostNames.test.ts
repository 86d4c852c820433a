/**
 * The sandbox answers only requests addressed to this machine by name: Host localhost, 127.0.0.1 or
 * [::1], any port. Listening on loopback is not enough: a web page can point a name of its own at
 * 127.0.0.1 (DNS rebinding) and then talk to the developer's sandbox from the browser as same-origin.
 * Before: `POST /sandbox/directline/conversations` with `Host: evil.example` got 201. Every route the
 * sandbox serves is held to it: the page, the local channel, /api/messages and the action routes on
 * the bot's server, and both simulators.
 */
import { SANDBOX_DIRECTLINE_SECRET } from '../../sandbox/channel/directLineGrants';
import net from 'node:net';
import { attachSandbox } from '../../sandbox/attach';
import { silentLogger } from '../../src/runtime/logger';
import { configFor, startApp, type RunningApp } from '../support/app';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
let app: RunningApp;
beforeAll(async () => {
  app = await startApp(configFor(upstreams, { HANDOFF: 'botframework' }));
  attachSandbox(app.app.server, { botUrl: app.url, logger: silentLogger });
});
afterAll(() => app.close());

/** A request as written on the wire, with the Host header we choose (or none), over loopback. */
function request(
  base: string,
  method: string,
  path: string,
  host: string | undefined,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, base);
  const payload = body === undefined ? '' : JSON.stringify(body);
  const head = [
    `${method} ${url.pathname}${url.search} HTTP/1.1`,
    ...(host === undefined ? [] : [`Host: ${host}`]),
    ...(body === undefined ? [] : ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(payload)}`]),
    // The local channel's Direct Line needs its (demo) secret, as Direct Line does.
    ...(url.pathname.startsWith('/sandbox/directline/') ? [`Authorization: Bearer ${SANDBOX_DIRECTLINE_SECRET}`] : []),
    'Connection: close',
  ];
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () =>
      socket.write(`${head.join('\r\n')}\r\n\r\n${payload}`),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const rest = text.slice(text.indexOf('\r\n\r\n') + 4);
      let parsed: unknown = rest;
      try {
        parsed = JSON.parse(rest);
      } catch {
        // not JSON (the page, or a chunked body): the status is what these tests read
      }
      resolve({ status, body: parsed });
    });
  });
}

const port = () => new URL(app.url).port;
// Four items each: jest hands a callback with more parameters than its row a `done` callback.
const ROUTES: Array<[string, string, string, unknown]> = [
  ['the page', 'GET', '/', undefined],
  ['the demo list', 'GET', '/sandbox/demo.json', undefined],
  ['Direct Line: start a conversation', 'POST', '/sandbox/directline/conversations', {}],
  [
    'the connector the bot replies to',
    'POST',
    '/sandbox/connector/v3/conversations/c1/activities',
    { type: 'message', text: 'hi' },
  ],
  ['/api/messages', 'POST', '/api/messages', { type: 'message', text: 'hi' }],
  ['an action route', 'POST', '/api/actions/list-trackings', {}],
  ['liveness', 'GET', '/healthz', undefined],
];

describe("the bot's server in sandbox mode", () => {
  test.each(ROUTES)(
    '%s: another Host name is a 421 naming the Host header, and nothing runs',
    async (_what, method, path, body) => {
      for (const host of [
        'evil.example',
        `evil.example:${port()}`,
        'localhost.evil.example',
        '127.0.0.1.nip.io',
        '10.0.0.5',
        `[::2]:${port()}`,
        'localhost:3978@evil.example',
      ]) {
        const answer = await request(app.url, method, path, host, body);
        expect({ host, status: answer.status }).toEqual({ host, status: 421 });
        expect(answer.body).toEqual({
          code: 'misdirected_request',
          message: expect.stringContaining('localhost, 127.0.0.1 or [::1]') as unknown,
          argument: 'Host',
        });
      }
    },
  );

  test.each(['localhost', 'localhost:3978', 'LOCALHOST:3978', '127.0.0.1', '127.0.0.1:1', '[::1]', '[::1]:3978'])(
    'Host %s is answered',
    async (host) => {
      const page = await request(app.url, 'GET', '/', host);
      expect(page.status).toBe(200);
      const started = await request(app.url, 'POST', '/sandbox/directline/conversations', host, {});
      expect(started.status).toBe(201);
    },
  );

  test('a request with no Host header is refused too (Node answers 400 before any route)', async () => {
    const answer = await request(app.url, 'GET', '/', undefined);
    expect(answer.status).toBe(400);
  });
});

describe('the simulators', () => {
  test.each([
    ['Interface A', () => upstreams.checkpoints.url, 'GET', '/v2/checkpoints?user=4242&orderNo=ORD-1001'],
    ['Interface B', () => upstreams.trackings.url, 'POST', '/example.storeapi.v1.PublicAPI/ListTrackings'],
  ])(
    '%s answers only loopback names: another Host is a 421, and the request is not recorded',
    async (_what, base, method, path) => {
      const body = method === 'POST' ? { tracking_number: '1Z' } : undefined;
      const refused = await request(base(), method, path, 'evil.example', body);
      expect(refused.status).toBe(421);
      expect(refused.body).toMatchObject({ argument: 'Host' });
      expect([...upstreams.checkpoints.requests, ...upstreams.trackings.requests]).toHaveLength(0);
      const answered = await request(base(), method, path, `localhost:${new URL(base()).port}`, body);
      expect(answered.status).not.toBe(421);
    },
  );
});
