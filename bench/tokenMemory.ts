/**
 * What chat token requests cost the service's memory (docs/operating.md, "Memory"). Starts the built
 * service as an operator does (`node dist/src/index.js`), in sandbox mode, so its token route asks the
 * sandbox's local Direct Line in the same process; sends `--requests` token requests (12,000), 20 at
 * once, each from a new client behind one trusted proxy (X-Forwarded-For), so every table a request
 * can touch fills (the per-client budget's 10,000 clients, the local channel's grants and
 * conversations). After start and after every quarter it asks the service (heapProbe.ts) for what it
 * holds once garbage is collected, and its peak RSS. Once per set of Node options: none, then each of
 * `--options` (separated by `;`), so the figures compare within one run.
 *
 *   npx tsc -p tsconfig.bench.json
 *   node dist/bench/tokenMemory.js [--requests 12000] [--options '--max-semi-space-size=16;--max-old-space-size=256']
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/support/azurite';

const AT_ONCE = 20;
const DEFAULT_OPTIONS = [
  '--max-semi-space-size=16',
  '--max-old-space-size=256',
  '--max-semi-space-size=16 --max-old-space-size=256',
];

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

interface Probe {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  newSpaceMb: number;
  peakRssMb: number;
  cpuMs: number;
}

async function measure(
  nodeOptions: string[],
  requests: number,
  port: number,
): Promise<{ ready: Probe; quarters: Probe[] }> {
  const file = path.join(os.tmpdir(), `token-memory-${process.pid}-${port}.jsonl`);
  rmSync(file, { force: true });
  const script = path.join(__dirname, '..', 'src', 'index.js');
  const env = {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    HEAP_PROBE_FILE: file,
    TRUSTED_PROXY_HOPS: '1',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--require', path.join(__dirname, 'heapProbe.js'), ...nodeOptions, script],
    { cwd: os.tmpdir(), env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  try {
    for (const giveUp = Date.now() + 60_000; ;) {
      if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}: ${stderr}`);
      if (Date.now() > giveUp) throw new Error('the service was not ready within 60 s');
      if (
        (await fetch(`${url}/readyz`).then(
          (r) => r.status,
          () => 0,
        )) === 200
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const lines = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
    const probe = async (): Promise<Probe> => {
      const before = lines().length;
      child.kill('SIGUSR2');
      while (lines().length <= before) await new Promise((resolve) => setTimeout(resolve, 50));
      return JSON.parse(lines()[before]) as Probe;
    };
    const ready = await probe();
    const quarters: Probe[] = [];
    let sent = 0;
    const refused: Record<number, number> = {};
    const quarter = Math.ceil(requests / 4);
    const client = async () => {
      while (sent < requests) {
        const i = sent++;
        // A new client each time: 10.x.y.z behind the proxy, with the port of its connection.
        const forwardedFor = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:${1024 + (i % 60_000)}`;
        const response = await fetch(`${url}/api/webchat/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: url, 'X-Forwarded-For': forwardedFor },
          body: '{}',
        });
        await response.arrayBuffer();
        if (response.status !== 200) refused[response.status] = (refused[response.status] ?? 0) + 1;
        if ((i + 1) % quarter === 0 && i + 1 < requests) quarters.push(await probe());
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, client));
    quarters.push(await probe());
    if (Object.keys(refused).length > 0) throw new Error(`token requests were refused: ${JSON.stringify(refused)}`);
    return { ready, quarters };
  } finally {
    child.kill('SIGKILL');
    rmSync(file, { force: true });
  }
}

async function main(): Promise<void> {
  const requests = Number(argument('--requests') ?? 12_000);
  const variants = [
    [],
    ...(argument('--options')?.split(';') ?? DEFAULT_OPTIONS).map((options) => options.split(' ').filter(Boolean)),
  ];
  process.stdout.write(
    `Node ${process.version}, ${requests} token requests, ${AT_ONCE} at once, each from a new client; MB after garbage collection\n`,
  );
  process.stdout.write(
    '| node options | RSS ready | RSS after | heap used ready → after | young generation | peak RSS | CPU per request |\n| --- | --- | --- | --- | --- | --- | --- |\n',
  );
  for (const options of variants) {
    const { ready, quarters } = await measure(options, requests, await freePort());
    const end = quarters[quarters.length - 1];
    const cpuPerRequest = ((end.cpuMs - ready.cpuMs) / requests).toFixed(2);
    process.stdout.write(
      `| ${options.join(' ') || '(none)'} | ${ready.rssMb} | ${quarters.map((q) => q.rssMb).join(', ')} | ${ready.heapUsedMb} → ${end.heapUsedMb} | ${end.newSpaceMb} | ${end.peakRssMb} | ${cpuPerRequest} ms |\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
