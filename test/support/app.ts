/** The whole app on an ephemeral loopback port, wired to the simulators, with its logs captured. */
import { Writable } from 'node:stream';
import { createApp, type App, type AppParts } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { createLogger, routeConsoleTo } from '../../src/log';
import { FakeClock } from './fakeClock';
import { ManualClock } from './manualClock';
import { API_KEY, CREDENTIALS, type Upstreams } from './upstreams';

export interface RunningApp {
  app: App;
  url: string;
  clock: FakeClock;
  /** Every log line written so far, as raw JSON text. */
  logs: string[];
  /** `Body`: the JSON the test expects back (a route's answer, or the one error shape); unknown until it says. */
  post<Body = unknown>(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Body; text: string }>;
  close(): Promise<void>;
}

/** A bot identity, for a test that runs as production does: production refuses to start without one. */
export const BOT_IDENTITY = {
  MicrosoftAppType: 'SingleTenant',
  MicrosoftAppId: '00000000-0000-0000-0000-00000000b07d',
  MicrosoftAppPassword: 'test-app-password',
  MicrosoftAppTenantId: '00000000-0000-0000-0000-0000000000aa',
};

export function configFor(upstreams: Upstreams, env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    // Said deliberately: a configured service without MicrosoftAppId runs only in development or test.
    NODE_ENV: 'test',
    CHECKPOINTS_BASE_URL: upstreams.checkpoints.url,
    CHECKPOINTS_USER_ID: CREDENTIALS.userId,
    CHECKPOINTS_TOKEN: CREDENTIALS.token,
    TRACKINGS_BASE_URL: upstreams.trackings.url,
    TRACKINGS_API_KEY: API_KEY,
    UPSTREAM_ATTEMPT_TIMEOUT_MS: '1000',
    // Most tests inject faults and count upstream calls per lookup; the cache has tests of its own.
    LOOKUP_CACHE_TTL_MS: '0',
    LOG_LEVEL: 'trace',
    // Most tests check other behaviours with the demo's order numbers and expect their whole cards; what a
    // lookup shows to whom (the product's default, masked) has its tests in test/customers/.
    ORDER_DETAILS: 'open',
    ...env,
  });
}

/** A response's status, its text and that text as JSON (undefined when it is not JSON), typed as the test expects it. */
export async function answerOf<Body = unknown>(
  response: Response,
): Promise<{ status: number; headers: Headers; body: Body; text: string }> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body: body as Body, text };
}

/**
 * `parts` may add any app part; the clock is a FakeClock (or a ManualClock given in `parts`), exposed as `clock`.
 * `routeConsole`: what libraries print goes to the app's log, as in the service (restored on close).
 * `port`: where it listens, when the config must name its own origin (the sandbox's token endpoint); any free port unless given.
 */
export async function startApp(
  config: Config,
  parts: Omit<AppParts, 'clock'> & { clock?: FakeClock; routeConsole?: boolean; port?: number } = {},
): Promise<RunningApp> {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const clock = parts.clock ?? new FakeClock();
  const logger = createLogger(config.logLevel, sink);
  const restoreConsole = parts.routeConsole ? routeConsoleTo(logger) : () => {};
  // Unless a test drives it, the reply timer never moves: no typing indicator (500 ms) or deadline (8 s) depends on the machine's speed.
  const app = createApp(config, logger, { replyTimer: new ManualClock(), ...parts, clock });
  await new Promise<void>((resolve) => {
    app.server.listen(parts.port ?? 0, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${app.server.address().port}`;
  return {
    app,
    url,
    clock,
    logs,
    async post(path, body, headers = {}) {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return answerOf(response);
    },
    close: () =>
      new Promise<void>((resolve) => {
        restoreConsole();
        app.server.close(() => resolve());
        // Keep-alive connections would hold the close open until they time out.
        app.server.server.closeAllConnections();
      }),
  };
}

/** Apps a test starts with `start`, closed after the test; first every log line of theirs is searched for each of `neverLogged`. */
export function useApps(neverLogged: readonly string[]): { start(config: Config): Promise<RunningApp> } {
  const running: RunningApp[] = [];
  afterEach(async () => {
    for (const app of running.splice(0)) {
      for (const line of app.logs) for (const secret of neverLogged) expect(line).not.toContain(secret);
      await app.close();
    }
  });
  return {
    async start(config) {
      const app = await startApp(config);
      running.push(app);
      return app;
    },
  };
}
