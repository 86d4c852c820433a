/**
 * The Azure Monitor exporter writes no file and sends nothing of ours anywhere but the ingestion endpoint: no
 * statsbeat, no offline storage (src/telemetry/azureMonitor.ts). Its poll of Azure Monitor's remote settings has no
 * switch, sends nothing of ours and is harmless in production; in tests it reaches only a proxy on loopback
 * (test/support/offline.js). A file of its own: the exporter's poll is one per module registry, and here it is
 * started under this test's clock.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtempSync, readdirSync } from 'node:fs';
import http, { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { silentLogger } from '../../src/runtime/logger';
import { createTelemetry } from '../../src/telemetry/telemetry';
import { trustedLoopbackCertificate } from '../support/loopbackTls';
import { connectionString, startIngestion } from './azureIngestion';

const MINUTE = 60_000;
let tls: ReturnType<typeof trustedLoopbackCertificate>;
beforeAll(() => {
  tls = trustedLoopbackCertificate();
});
afterAll(() => tls.restore());

/** A proxy on loopback that records where each CONNECT was headed, and refuses it: nothing goes further. */
async function startRefusingProxy(): Promise<{ url: string; targets: string[]; close(): Promise<void> }> {
  const targets: string[] = [];
  const server = createServer((_req, res) => res.writeHead(403).end());
  server.on('connect', (req: http.IncomingMessage, socket: Duplex) => {
    targets.push(req.url ?? '');
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    targets,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test("the exporters send ours only to the ingestion endpoint and write no file, even when it refuses; their settings poll reaches only the tests' proxy", async () => {
  const ingestion = await startIngestion(tls, 503);
  const proxy = await startRefusingProxy();
  const proxyBefore = process.env.HTTPS_PROXY;
  process.env.HTTPS_PROXY = proxy.url;
  const hosts: string[] = [];
  const seen = (message: unknown) => hosts.push(String((message as { request: http.ClientRequest }).request.host));
  subscribe('http.client.request.start', seen);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'azure-monitor-'));
  const tmpBefore = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  try {
    const telemetry = createTelemetry(
      {
        serviceName: 'shop-bot',
        traces: { sampler: { name: 'always_on', ratio: 1 } },
        azureMonitor: { connectionString: connectionString(ingestion.url), intervalMs: MINUTE },
      },
      silentLogger,
    );
    await telemetry.tracing.inSpan('bot.turn', { kind: 'server', root: true }, () =>
      Promise.resolve(telemetry.metrics.count('bot_turns_total', { channel: 'webchat' })),
    );
    // Past the settings poll's first call (5 to 15 s after the start) and statsbeat's first export (15 minutes).
    await jest.advanceTimersByTimeAsync(20 * MINUTE);
    jest.useRealTimers();
    await telemetry.flush();
    await telemetry.shutdown();
    // The poll is on its way to the proxy (a socket, not a timer): it gets there.
    for (let i = 0; i < 500 && proxy.targets.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  } finally {
    jest.useRealTimers();
    process.env.HTTPS_PROXY = proxyBefore;
    await proxy.close();
    unsubscribe('http.client.request.start', seen);
    if (tmpBefore === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpBefore;
    await ingestion.close();
  }
  // Every request went to this machine: ours to the ingestion endpoint, the poll to the proxy, which refused it.
  expect([...new Set(hosts)]).toEqual(['127.0.0.1']);
  expect([...new Set(proxy.targets)]).toEqual(['settings.sdk.monitor.azure.com:443']);
  expect(readdirSync(tmp)).toEqual([]);
});
