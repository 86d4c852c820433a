/**
 * Azurite, the Azure Storage emulator, started on loopback for a test file and stopped after it: its
 * blob service (conversation state, watches) and its queue service (the watch queue), one process each.
 * The connection string names both endpoints, so no client ever falls back to the real account's
 * address (`<account>.queue.core.windows.net`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** Azurite's published development account and key: not a secret. */
const ACCOUNT = 'devstoreaccount1';
const KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface Azurite {
  connectionString: string;
  /** The blob service's port. */
  port: number;
  queuePort: number;
  /** Its two processes (blob, queue). */
  pids: number[];
  /** Stops both services. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface AzuriteOptions {
  /** Start where a stopped emulator was, so the same connection string reaches it (the blob service's port). */
  port?: number;
  /** Likewise for the queue service. */
  queuePort?: number;
  /** Keep the blobs and messages in this folder (they outlive a restart) instead of in memory. */
  location?: string;
  /** More environment for its processes (a test's clock, movableClock.ts). */
  env?: Record<string, string>;
}

export async function startAzurite(options: AzuriteOptions = {}): Promise<Azurite> {
  const [port, queuePort] = [options.port ?? (await freePort()), options.queuePort ?? (await freePort())];
  const children = [spawnService('blob', port, options), spawnService('queue', queuePort, options)];
  try {
    await Promise.all([listening(children[0], 'blob', port), listening(children[1], 'queue', queuePort)]);
  } catch (error) {
    await stopAll(children);
    throw error;
  }
  return {
    port,
    queuePort,
    pids: children.map((child) => child.pid!),
    connectionString:
      `DefaultEndpointsProtocol=http;AccountName=${ACCOUNT};AccountKey=${KEY};` +
      `BlobEndpoint=http://127.0.0.1:${port}/${ACCOUNT};QueueEndpoint=http://127.0.0.1:${queuePort}/${ACCOUNT};`,
    stop: () => stopAll(children),
  };
}

type Service = 'blob' | 'queue';

function spawnService(service: Service, port: number, { location, env }: AzuriteOptions): ChildProcess {
  const persistence = location ? ['--location', location] : ['--inMemoryPersistence'];
  const main = require.resolve(`azurite/dist/src/${service}/main.js`);
  const args = [
    main,
    `--${service}Host`,
    '127.0.0.1',
    `--${service}Port`,
    String(port),
    ...persistence,
    '--disableTelemetry',
    '--skipApiVersionCheck',
    '--silent',
  ];
  return spawn(process.execPath, args, { stdio: 'ignore', env: { ...process.env, ...env } });
}

async function listening(child: ChildProcess, service: Service, port: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/${ACCOUNT}?comp=list`).then(
      () => true,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`Azurite's ${service} service did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stopping twice is fine: a stopped process is left alone. */
function stopAll(children: ChildProcess[]): Promise<void> {
  return Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill();
        }),
    ),
  ).then(() => undefined);
}
