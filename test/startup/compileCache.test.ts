/**
 * A restart does not compile again what the last start compiled (#28): the service switches on Node's
 * compile cache before it loads anything, in the system's temporary folder unless NODE_COMPILE_CACHE
 * names another, leaves the cache there when it stops as a host stops it (SIGTERM), and the next start
 * takes our code from it. A folder it cannot write costs the cache only, never the start. Each test has
 * a temporary folder of its own (TMPDIR); Node says what it reads from the cache under
 * NODE_DEBUG_NATIVE=COMPILE_CACHE. (NODE_COMPILE_CACHE alone would switch the cache on without us.)
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startService, stopAllServices, type ServiceProcess } from '../support/serviceProcess';

jest.setTimeout(60_000);
const folders: string[] = [];
afterAll(() => {
  stopAllServices();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A temporary folder of the test's own, for the service's TMPDIR. */
function temporaryFolder(): string {
  folders.push(mkdtempSync(path.join(os.tmpdir(), 'compile-cache-')));
  return folders.at(-1)!;
}

const SANDBOX = {
  CHECKPOINTS_BASE_URL: '',
  TRACKINGS_BASE_URL: '',
  MicrosoftAppId: '',
  NODE_ENV: 'development',
  LOG_LEVEL: 'debug',
};

async function stopped(service: ServiceProcess): Promise<void> {
  service.child.kill('SIGTERM');
  expect(await service.exited).toBe(0);
}

/** Every file below `folder` (Node keeps one folder per Node version and one file per module). */
function filesIn(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

test('a restart reads our compiled code from the cache the last start left when it stopped', async () => {
  const tmp = temporaryFolder();
  await stopped(await startService({ ...SANDBOX, TMPDIR: tmp }));
  // Our files and botbuilder's: well over a thousand modules.
  expect(filesIn(path.join(tmp, 'node-compile-cache')).length).toBeGreaterThan(500);

  const again = await startService({ ...SANDBOX, TMPDIR: tmp, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
  await stopped(again);
  const accepted = again
    .output()
    .split('\n')
    .filter((line) => /^\[compile cache\] .*cache for .* was accepted/.test(line));
  expect(accepted.some((line) => line.includes(`${path.sep}dist${path.sep}src${path.sep}app.js`))).toBe(true);
  expect(accepted.some((line) => line.includes(`${path.sep}node_modules${path.sep}botbuilder`))).toBe(true);
});

test('NODE_DISABLE_COMPILE_CACHE=1 leaves nothing; a cache folder it cannot write is one info line, and the service starts', async () => {
  const tmp = temporaryFolder();
  await stopped(await startService({ ...SANDBOX, TMPDIR: tmp, NODE_DISABLE_COMPILE_CACHE: '1' }));
  expect(filesIn(tmp)).toEqual([]);

  // A file where the cache's folder should be: nothing can be written below it.
  writeFileSync(path.join(tmp, 'node-compile-cache'), '');
  const service = await startService({ ...SANDBOX, TMPDIR: tmp });
  expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
  await stopped(service);
  const lines = service
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string });
  expect(
    lines.filter((line) => line.msg.startsWith('compile cache')).map(({ level, msg }) => ({ level, msg })),
  ).toEqual([
    {
      level: 30,
      msg: 'compile cache off: its folder cannot be used (NODE_COMPILE_CACHE); each start compiles everything',
    },
  ]);
  expect(lines.filter((line) => line.level >= 40 && !/sandbox mode|INBOUND AUTH/.test(line.msg))).toEqual([]);
});
