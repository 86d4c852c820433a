/**
 * When sandbox mode runs, and where it can be reached. It runs only when the intent is unmistakable:
 * no upstream configured, NODE_ENV unset, development or test, no bot identity; and then only this
 * machine can reach it. Before: `Production`, `PRODUCTION`, `production ` and `prod` each started it,
 * with inbound auth off, on every interface.
 */
import { Server } from 'node:net';
import { SignJWT } from 'jose';
import type { AddressInfo } from 'node:net';
import { startSandbox, sandboxRefusal } from '../../sandbox/upstreams';
import { loadConfig, wantsSandbox } from '../../src/config';
import { listeningLine, startService, stopAllServices, type ServiceProcess } from '../support/serviceProcess';
import { API_KEY, useSimulators } from '../support/upstreams';

jest.setTimeout(60_000);
const upstreams = useSimulators();
afterAll(() => stopAllServices());

/** No upstream and no bot identity, whatever the environment running the tests holds. */
const nothing = { CHECKPOINTS_BASE_URL: '', TRACKINGS_BASE_URL: '', MicrosoftAppId: '' };
const NEAR_MISSES = ['Production', 'PRODUCTION', 'production ', 'prod', 'staging'];

describe('the decision', () => {
  test('with no upstream configured it is wanted', () => {
    expect(wantsSandbox(loadConfig({}))).toBe(true);
    expect(
      wantsSandbox(loadConfig({ NODE_ENV: 'test', TRACKINGS_BASE_URL: 'https://x.test', TRACKINGS_API_KEY: 'k' })),
    ).toBe(false);
  });

  test.each([
    ['unset', undefined],
    ['development', 'development'],
    ['test', 'test'],
  ])('NODE_ENV %s may run it', (_what, nodeEnv) => {
    expect(sandboxRefusal(loadConfig({ NODE_ENV: nodeEnv }))).toBeUndefined();
  });

  test.each(['production', ...NEAR_MISSES])(
    'NODE_ENV=%j is production: no sandbox, and the refusal says what to set',
    (nodeEnv) => {
      const config = loadConfig({ NODE_ENV: nodeEnv });
      expect(config.production).toBe(true);
      const refusal = sandboxRefusal(config);
      expect(refusal).toContain('NODE_ENV is set to neither development nor test, so this is production');
      for (const name of [
        'CHECKPOINTS_BASE_URL',
        'CHECKPOINTS_USER_ID',
        'CHECKPOINTS_TOKEN',
        'TRACKINGS_BASE_URL',
        'TRACKINGS_API_KEY',
      ])
        expect(refusal).toContain(name);
    },
  );

  test('never with a bot identity', () => {
    expect(
      sandboxRefusal(
        loadConfig({
          MicrosoftAppType: 'SingleTenant',
          MicrosoftAppId: '00000000-0000-0000-0000-000000000001',
          MicrosoftAppPassword: 'p',
          MicrosoftAppTenantId: 't',
        }),
      ),
    ).toMatch(/MicrosoftAppId/);
  });
});

describe('the simulators', () => {
  test('it starts the interface simulators and the WhatsApp stand-in, listening on loopback only, and points the config at them', async () => {
    const listen = jest.spyOn(Server.prototype, 'listen');
    const sandbox = await startSandbox(loadConfig({}));
    try {
      const servers = listen.mock.contexts as Server[];
      expect(servers.map((server) => (server.address() as AddressInfo).address)).toEqual([
        '127.0.0.1',
        '127.0.0.1',
        '127.0.0.1',
      ]);
      expect(sandbox.config.checkpoints?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sandbox.config.trackings?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(wantsSandbox(sandbox.config)).toBe(false);
    } finally {
      listen.mockRestore();
      await sandbox.close();
    }
  });
});

describe('the service as an operator starts it', () => {
  test.each(NEAR_MISSES)(
    'NODE_ENV=%j with no upstream: it exits 1 with one line naming NODE_ENV and the variables to set',
    async (nodeEnv) => {
      // Before, this started the sandbox: it answered /healthz instead of exiting.
      const start = startService({ ...nothing, NODE_ENV: nodeEnv });
      await expect(start).rejects.toThrow(/exited with 1/);
      const output = await start.then(
        () => 'it started',
        (error: Error) => error.message,
      );
      const fatal = output.split('\n').filter((line) => line.includes('"level":60'));
      expect(fatal).toHaveLength(1);
      expect(fatal[0]).toContain(
        'no tracking interface is configured. NODE_ENV is set to neither development nor test',
      );
      expect(fatal[0]).toContain(
        'set CHECKPOINTS_BASE_URL (with CHECKPOINTS_USER_ID and CHECKPOINTS_TOKEN) and/or TRACKINGS_BASE_URL (with TRACKINGS_API_KEY)',
      );
      expect(output).not.toContain('Sandbox mode:');
    },
  );

  test.each([
    ['unset', ''],
    ['development', 'development'],
    ['test', 'test'],
  ])('NODE_ENV %s: sandbox mode, listening on 127.0.0.1 only', async (_what, nodeEnv) => {
    const service = await startService({ ...nothing, NODE_ENV: nodeEnv });
    try {
      const line = await listeningLine(service);
      expect({ address: line.address, port: line.port, sandbox: line.sandbox }).toEqual({
        address: '127.0.0.1',
        port: Number(new URL(service.url).port),
        sandbox: true,
      });
    } finally {
      service.child.kill();
    }
  });

  test('with an upstream configured but no bot identity (NODE_ENV=development) it is no sandbox, and still reachable from this machine only', async () => {
    const service = await startService({
      TRACKINGS_BASE_URL: upstreams.trackings.url,
      TRACKINGS_API_KEY: API_KEY,
      CHECKPOINTS_BASE_URL: '',
      MicrosoftAppId: '',
      NODE_ENV: 'development',
    });
    try {
      const line = await listeningLine(service);
      expect(line.address).toBe('127.0.0.1');
      expect(line.sandbox).toBe(false);
    } finally {
      service.child.kill();
    }
  });
});

describe('a store operator trying their own customer tokens in the sandbox (README "Signed-in customers")', () => {
  const SECRET = 'an-operators-own-secret-of-at-least-32-characters';
  const STORE = 'http://localhost:4620';
  /** README's example, as an operator pastes it. */
  const customerToken = (secret: string) =>
    new SignJWT({
      name: 'Robin Janssen',
      locale: 'nl',
      orders: [{ input_type: 'order_number', identifier: 'ORD-1003' }],
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('42')
      .setAudience('order-tracking-bot')
      .setIssuedAt()
      .setExpirationTime('30m')
      .sign(new TextEncoder().encode(secret));
  const tokenFor = (service: ServiceProcess, body: object) =>
    fetch(`${service.url}/api/webchat/token`, {
      method: 'POST',
      headers: { origin: STORE, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  test('CUSTOMER_TOKEN_SECRET and their page’s origin are all it takes: the sandbox’s local channel is the Direct Line, so no DIRECTLINE_SECRET is asked for', async () => {
    const service = await startService({ ...nothing, CUSTOMER_TOKEN_SECRET: SECRET, WEBCHAT_ALLOWED_ORIGINS: STORE });
    try {
      const first = await tokenFor(service, { customerToken: await customerToken(SECRET) });
      expect(first.status).toBe(200);
      const { userId } = (await first.json()) as { userId: string };
      expect(userId).toMatch(/^dl_/);
      // The same customer on their next page: the same user.
      expect(
        ((await (await tokenFor(service, { customerToken: await customerToken(SECRET) })).json()) as { userId: string })
          .userId,
      ).toBe(userId);
      // Their own secret, not the demo shop's: a token signed with another is refused.
      expect(
        (await tokenFor(service, { customerToken: await customerToken('another-secret-of-at-least-32-characters!!') }))
          .status,
      ).toBe(401);
    } finally {
      service.child.kill();
    }
  });
});
