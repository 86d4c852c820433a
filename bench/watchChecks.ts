/**
 * The cost of watching: N watches of the moving demo parcel on Azurite (blob and queue), checked by one
 * instance of the service and then by two (`node dist/src/index.js`, as an operator runs it). Every
 * watch is due every second, so the instances check as fast as they can: checks per second, CPU per
 * check and checks per second per core of CPU, and upstream calls per check (the lookup cache off, so
 * every check asks). The instances share the machine with Azurite and the simulator.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO } from '../sandbox/simulators';
import { loadConfig } from '../src/config';
import { Translator } from '../src/i18n';
import { STORAGE_RETRY } from '../src/storageRetry';
import { systemClock } from '../src/runtime/clock';
import { CheckpointsClient } from '../src/tracking/checkpoints/client';
import { ShipmentLookup } from '../src/tracking/lookup';
import { UpstreamHttp } from '../src/tracking/upstream';
import { Watches } from '../src/watch';
import { AzureWatchQueue } from '../src/watch/azure/azureWatchQueue';
import { BlobWatchStore } from '../src/watch/azure/blobWatchStore';
import { freePort, startAzurite } from '../test/support/azurite';
import { startConnector, startUpstreams } from './world';

export interface WatchCheckRow {
  instances: number;
  checks: number;
  seconds: number;
  cpuSeconds: number;
  upstreamCalls: number;
}

const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in seconds (Linux). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Azurite, the simulators and a channel; the service's environment on them (`extra` added), and the bench's own clients of the watches. */
export async function startWatchWorld(extra: Record<string, string>) {
  const azurite = await startAzurite();
  const upstreams = await startUpstreams(25);
  const connector = await startConnector();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    CHECKPOINTS_BASE_URL: upstreams.checkpoints.url,
    CHECKPOINTS_USER_ID: upstreams.userId,
    CHECKPOINTS_TOKEN: upstreams.token,
    STORAGE: 'blob',
    STORAGE_KEY_SECRET: 'storage-key-for-the-bench-only-0000000001',
    AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
    NOTIFY_INTERVAL_MS: '1000',
    LOOKUP_CACHE_TTL_MS: '0',
    MicrosoftAppId: '',
    ...extra,
  };
  const config = loadConfig(env);
  if (config.storage.kind !== 'blob') throw new Error('blob storage expected');
  return {
    upstreams,
    connector,
    env,
    config,
    store: new BlobWatchStore(azurite.connectionString, config.storage.container, { retryOptions: STORAGE_RETRY }),
    queue: new AzureWatchQueue(azurite.connectionString, config.storage.queue, { retryOptions: STORAGE_RETRY }),
    close: async () => {
      await connector.close();
      await Promise.all([upstreams.checkpoints.close(), upstreams.trackings.close(), azurite.stop()]);
    },
  };
}

export async function measureWatchChecks(watchCount: number, windowMs: number): Promise<WatchCheckRow[]> {
  const { upstreams, connector, env, config, store, queue, close } = await startWatchWorld({
    NOTIFY_MAX_CHECKS_PER_SECOND: '1000',
  });
  const finder = new ShipmentLookup({
    checkpoints: {
      client: new CheckpointsClient(upstreams.checkpoints.url, new UpstreamHttp({})),
      credentials: { userId: upstreams.userId, token: upstreams.token },
    },
  });
  // A long watch, first checked after a minute: all are in place before the first instance starts.
  const watches = new Watches(store, queue, finder, new Translator('en'), systemClock, {
    ...config.notify,
    intervalMs: 1_000,
  });
  for (let i = 0; i < watchCount; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, watchCount - i) }, (_, k) => {
        const id = `bench-${i + k}`;
        const reference = {
          channelId: 'webchat',
          serviceUrl: connector.url,
          conversation: { id },
          bot: { id: 'bot' },
          user: { id: `u-${id}` },
        };
        return watches.start({ conversation: `webchat\u0000${id}`, reference, channel: 'webchat', locale: 'en' }, [
          { request: { kind: 'order_number', identifier: DEMO.checkpoints.inTransitMultiShipment }, shown: 'ORD-1002' },
        ]);
      }),
    );
  }

  const rows: WatchCheckRow[] = [];
  upstreams.checkpoints.requests.length = 0;
  for (const instances of [1, 2]) {
    const children = await Promise.all(Array.from({ length: instances }, () => startInstance(env)));
    // Warm up: connection pools, JIT, the first lease of every entry.
    await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, windowMs)));
    const calls = () => upstreams.checkpoints.requests.length;
    const cpu = () => children.reduce((sum, child) => sum + cpuSecondsOf(child.process.pid!), 0);
    const [calls0, cpu0, start] = [calls(), cpu(), Date.now()];
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const [calls1, cpu1, end] = [calls(), cpu(), Date.now()];
    const checks = (await Promise.all(children.map((child) => child.stop()))).reduce((sum, n) => sum + n, 0);
    const totalCalls = calls();
    rows.push({
      instances,
      checks: calls1 - calls0,
      seconds: (end - start) / 1_000,
      cpuSeconds: cpu1 - cpu0,
      upstreamCalls: totalCalls > 0 && checks > 0 ? totalCalls / checks : Number.NaN,
    });
    upstreams.checkpoints.requests.length = 0;
  }
  await close();
  return rows;
}

/** One instance of the service; stop() sends SIGTERM and returns the checks it says it did. */
export async function startInstance(
  env: Record<string, string>,
): Promise<{ process: ChildProcess; stop(): Promise<number> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(__dirname, '..', 'src', 'index.js')], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  for (
    let i = 0;
    i < 150 &&
    !(await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    process: child,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      const stopped = output.split('\n').find((line) => line.includes('"msg":"stopped"'));
      return stopped ? Number((JSON.parse(stopped) as { watchChecks?: number }).watchChecks ?? 0) : 0;
    },
  };
}

export function watchCheckReport(rows: WatchCheckRow[], watchCount: number): string {
  const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
  const lines = [
    `${watchCount} watches on Azurite (blob and queue), each due every second; the lookup cache off, so every check asks the upstream (25 ms).`,
    '',
    '| instances | checks | checks / s | CPU ms / check | checks / s per core of CPU | upstream calls / check |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.instances} | ${row.checks} | ${fmt(row.checks / row.seconds)} | ${fmt((row.cpuSeconds * 1_000) / row.checks, 2)} | ${fmt(row.checks / row.cpuSeconds)} | ${fmt(row.upstreamCalls, 2)} |`,
    ),
  ];
  if (rows.length === 2)
    lines.push(
      '',
      `Two instances against one: ${fmt(rows[1].checks / rows[1].seconds / (rows[0].checks / rows[0].seconds), 2)} × the checks per second, ${fmt(rows[1].cpuSeconds / rows[1].checks / (rows[0].cpuSeconds / rows[0].checks), 2)} × the CPU per check (this machine has 2 cores, shared with Azurite and the simulator).`,
    );
  return `${lines.join('\n')}\n`;
}
