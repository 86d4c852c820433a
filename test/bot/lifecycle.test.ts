/**
 * The service process from start to stop: it refuses to run a public bot without inbound auth, says
 * loudly when auth is off, reports readiness, and on SIGTERM finishes the turns in flight and sends the
 * answers it promised for later before it exits, or, for those it cannot wait for, "please ask again".
 */
import { DEMO } from '../../sandbox/simulators';
import { startConnector, summarize, TestChannel } from '../support/channel';
import { spawn } from 'node:child_process';
import { freePort } from '../support/azurite';
import { endsWithin, startOrphanedService, startService, stopAllServices } from '../support/serviceProcess';
import { API_KEY, CREDENTIALS, useSimulators } from '../support/upstreams';

jest.setTimeout(60_000);
const upstreams = useSimulators();
afterAll(() => stopAllServices());

const upstreamEnv = () => ({
  // Said deliberately: a configured service without MicrosoftAppId runs only in development or test (on loopback).
  NODE_ENV: 'test',
  CHECKPOINTS_BASE_URL: upstreams.checkpoints.url,
  CHECKPOINTS_USER_ID: CREDENTIALS.userId,
  CHECKPOINTS_TOKEN: CREDENTIALS.token,
  TRACKINGS_BASE_URL: upstreams.trackings.url,
  TRACKINGS_API_KEY: API_KEY,
});

test('in production without a bot identity it refuses to start', async () => {
  const service = await startService({ ...upstreamEnv(), NODE_ENV: 'production' }, { expectExit: true });
  expect(await service.exited).toBe(1);
  expect(service.output()).toContain('so this is production, which needs inbound auth: set MicrosoftAppId');
});

test('with NODE_ENV=test it starts, and warns loudly that inbound auth is off', async () => {
  const service = await startService(upstreamEnv());
  expect(service.output()).toContain('INBOUND AUTH IS OFF');
  service.child.kill();
});

test('it is ready once listening with its state storage reachable', async () => {
  const service = await startService(upstreamEnv());
  const ready = await fetch(`${service.url}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready' });
  service.child.kill();
});

test('on SIGTERM it finishes the turn in flight, replies, and exits cleanly', async () => {
  const service = await startService(upstreamEnv());
  upstreams.trackings.setLatency(1_500);
  const chat = new TestChannel({ botUrl: service.url, mode: 'expectReplies', locale: 'en-US' });
  const requestsBefore = upstreams.trackings.requests.length;
  const turn = chat.say(DEMO.trackings.trackingNumbers.inTransit);
  // Once the upstream has the request, the turn is in flight, waiting on it (a fixed wait would race a loaded machine).
  while (upstreams.trackings.requests.length === requestsBefore)
    await new Promise((resolve) => setTimeout(resolve, 10));
  service.child.kill('SIGTERM');

  const { status, replies } = await turn;
  expect(status).toBe(200);
  // The answer, after a typing indicator when the turn took over half a second (it waits for the upstream).
  expect(summarize(replies).filter((r) => r !== '(typing)')).toEqual([
    `Here is the shipment for ${DEMO.trackings.trackingNumbers.inTransit}:`,
    '(card)',
  ]);
  expect(await service.exited).toBe(0);
  expect(service.output()).toContain('shutting down: finishing the turns in flight');
  // Gone: new connections are refused.
  await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
});

// The pause holds nothing but a timer, which must not let the process end before the answer is sent.
test.each([
  ['still being answered', () => upstreams.trackings.setLatency(1_500)],
  ["in a retry's 2 s pause after a 503", () => upstreams.trackings.inject({ kind: 'status', status: 503 })],
])('on SIGTERM it first sends the answers it promised for later: a lookup %s', async (_name, slowDown) => {
  const connector = await startConnector();
  try {
    const service = await startService({ ...upstreamEnv(), REPLY_WITHIN_MS: '100' });
    slowDown();
    const chat = new TestChannel({ botUrl: service.url, mode: 'normal', connector, locale: 'en-US' });
    const { replies } = await chat.say(DEMO.trackings.trackingNumbers.inTransit);
    expect(summarize(replies)).toEqual([
      "I'm still waiting for the carrier's answer. I'll send it here as soon as I have it.",
    ]);
    service.child.kill('SIGTERM');

    expect(await service.exited).toBe(0);
    expect(summarize(connector.received.slice(replies.length).map((r) => r.activity))).toEqual([
      `Here is the shipment for ${DEMO.trackings.trackingNumbers.inTransit}:`,
      '(card)',
    ]);
  } finally {
    await connector.close();
  }
});

test('on SIGTERM, a later answer that would outlast the grace period becomes "please ask again", and it still exits cleanly', async () => {
  const connector = await startConnector();
  try {
    const service = await startService({ ...upstreamEnv(), REPLY_WITHIN_MS: '100', SHUTDOWN_GRACE_MS: '5000' });
    // The upstream asks for a 30 s pause: the lookup would answer long after the process must be gone.
    upstreams.trackings.inject({ kind: 'status', status: 429, retryAfter: '30' });
    const chat = new TestChannel({ botUrl: service.url, mode: 'normal', connector, locale: 'en-US' });
    const { replies } = await chat.say(DEMO.trackings.trackingNumbers.inTransit);
    expect(summarize(replies)).toEqual([
      "I'm still waiting for the carrier's answer. I'll send it here as soon as I have it.",
    ]);
    const stopped = Date.now();
    service.child.kill('SIGTERM');

    expect(await service.exited).toBe(0);
    // Told 3 s before the end of the 5 s grace period, then gone without waiting out the rest.
    expect(Date.now() - stopped).toBeLessThan(4_500);
    expect(summarize(connector.received.slice(replies.length).map((r) => r.activity))).toEqual([
      `I couldn't get the carrier's answer about ${DEMO.trackings.trackingNumbers.inTransit} in time, sorry. Please ask me again in a minute.`,
    ]);
    expect(service.output()).toContain('later reply abandoned: the service is stopping');
  } finally {
    await connector.close();
  }
});

describe('when nothing reads its log any more, SIGTERM still ends it within the grace period', () => {
  // The log is written in the background and given at most a moment at exit: a dead or stalled reader
  // can cost log lines, never the shutdown. (pino's exit flush retried a failed write forever.)
  test('its log collector died (the pipe is gone)', async () => {
    // Nothing is written between the reader's end and SIGTERM: the shutdown's own line is the first to fail.
    const { pid } = await startOrphanedService({ ...upstreamEnv(), SHUTDOWN_GRACE_MS: '5000' });
    process.kill(pid, 'SIGTERM');
    expect(await endsWithin(pid, 7_000)).toBe(true);
  });

  test('its log collector stalled (the pipe is full)', async () => {
    const port = await freePort();
    // Pipes nobody reads: the kernel's buffer fills and stays full.
    const child = spawn(process.execPath, ['dist/src/index.js'], {
      env: { ...process.env, ...upstreamEnv(), PORT: String(port), LOG_LEVEL: 'trace', SHUTDOWN_GRACE_MS: '5000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let up = false;
      for (let i = 0; i < 150 && !up; i++) {
        up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(up).toBe(true);
      // Each request is three log lines at trace level, over 1 MB in all: far more than a pipe and its reader's
      // buffer hold (about 200 KB). The service still answers every one.
      const statuses: number[] = [];
      for (let batch = 0; batch < 60; batch++)
        statuses.push(
          ...(await Promise.all(
            Array.from({ length: 50 }, () => fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status)),
          )),
        );
      expect(new Set(statuses)).toEqual(new Set([200]));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(
        await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 7_000))]),
      ).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

test('it is not ready while its state storage cannot be reached, and says which check fails', async () => {
  // STORAGE=blob keeps the watches' timer in a queue of the same account: the connection string names both endpoints.
  const unreachable =
    'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:9/devstoreaccount1;QueueEndpoint=http://127.0.0.1:9/devstoreaccount1;';
  const service = await startService({
    ...upstreamEnv(),
    STORAGE: 'blob',
    AZURE_STORAGE_CONNECTION_STRING: unreachable,
    STORAGE_KEY_SECRET: 'storage-key-SECRET-for-tests-000000001',
  });
  const ready = await fetch(`${service.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual({ status: 'unready', failing: ['state storage'] });
  expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
  service.child.kill();
});

test('with nothing configured it starts in sandbox mode, says what it started and where, and serves the page', async () => {
  const nothing = { CHECKPOINTS_BASE_URL: '', TRACKINGS_BASE_URL: '', MicrosoftAppId: '', NODE_ENV: '' };
  const service = await startService(nothing);
  const port = new URL(service.url).port;
  // The banner comes right after listening; give the stdout pipe a moment.
  for (let i = 0; i < 50 && !service.output().includes('Try:'); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const output = service.output();
  expect(output).toContain(`Chat with the bot:   http://localhost:${port}/`);
  expect(output).toMatch(/Interface A \(sim\):\s+http:\/\/127\.0\.0\.1:\d+/);
  expect(output).toMatch(/Interface B \(sim\):\s+http:\/\/127\.0\.0\.1:\d+/);
  expect(output).toContain(DEMO.checkpoints.inTransitMultiShipment);
  const page = await fetch(`${service.url}/`);
  expect(page.headers.get('content-type')).toContain('text/html');
  service.child.kill();
});
