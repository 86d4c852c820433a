/** Azurite, the Azure Blob storage emulator, started on loopback for a test file and stopped after it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** Azurite's published development account and key: not a secret. */
const ACCOUNT = 'devstoreaccount1';
const KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface Azurite {
  connectionString: string;
  port: number;
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
  /** Start where a stopped emulator was, so the same connection string reaches it. */
  port?: number;
  /** Keep the blobs in this folder (they outlive a restart) instead of in memory. */
  location?: string;
}

export async function startAzurite(options: AzuriteOptions = {}): Promise<Azurite> {
  const port = options.port ?? (await freePort());
  const persistence = options.location ? ['--location', options.location] : ['--inMemoryPersistence'];
  const child: ChildProcess = spawn(
    process.execPath,
    [require.resolve('azurite/dist/src/blob/main.js'), '--blobHost', '127.0.0.1', '--blobPort', String(port), ...persistence, '--disableTelemetry', '--skipApiVersionCheck', '--silent'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 15_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/${ACCOUNT}?comp=list`).then(() => true, () => false);
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('Azurite did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    connectionString: `DefaultEndpointsProtocol=http;AccountName=${ACCOUNT};AccountKey=${KEY};BlobEndpoint=http://127.0.0.1:${port}/${ACCOUNT};`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
