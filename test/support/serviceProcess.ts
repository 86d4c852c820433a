/** The service as an operator runs it: `node dist/src/index.js` (built by globalSetup), in a process of its own. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from './azurite';

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

const started: ChildProcess[] = [];
/** Services whose parent was not this test (see startOrphanedService): killed by pid. */
const orphans: number[] = [];

export interface StartOptions {
  /** Wait for it to exit instead of for /healthz. */
  expectExit?: boolean;
  /** The folder it runs in (a deployment's); this checkout by default. */
  cwd?: string;
  /** How it is started; by default `node dist/src/index.js`, App Service's startup command. */
  command?: [string, ...string[]];
}

/** Starts the service and waits until /healthz answers (or it exits, when `expectExit`). */
export async function startService(env: Record<string, string>, options: StartOptions = {}): Promise<ServiceProcess> {
  const port = await freePort();
  const [command, ...args] = options.command ?? [process.execPath, 'dist/src/index.js'];
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const service = { url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
  if (options.expectExit) {
    await exited;
    return service;
  }
  for (let i = 0; i < 150; i++) {
    if (
      await fetch(`${service.url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return service;
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the service did not start:\n${output}`);
}

/** The start line (`order-tracking bot listening`), as the service logged it: where it listens. */
export async function listeningLine(
  service: ServiceProcess,
): Promise<{ address: string; port: number; sandbox: boolean }> {
  for (let i = 0; i < 50; i++) {
    const line = service
      .output()
      .split('\n')
      .find((l) => l.includes('"order-tracking bot listening"'));
    if (line) return JSON.parse(line) as { address: string; port: number; sandbox: boolean };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no start line:\n${service.output()}`);
}

/**
 * The service started by a parent that then exits, as when a supervisor or log collector dies: its stdout
 * and stderr were pipes to that parent, and nothing reads them any more. Resolves with the service's pid
 * once it answers /healthz.
 */
export async function startOrphanedService(env: Record<string, string>): Promise<{ pid: number; url: string }> {
  const port = await freePort();
  const parent = `
    const { spawn } = require('node:child_process');
    const child = spawn(process.execPath, ['dist/src/index.js'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout.resume(); child.stderr.resume();
    (async () => {
      for (let i = 0; i < 150; i++) {
        if (await fetch('http://127.0.0.1:${port}/healthz').then((r) => r.ok, () => false)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      process.stdout.write(String(child.pid));
      process.exit(0);
    })();`;
  const launcher = spawn(process.execPath, ['-e', parent], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  launcher.stdout.on('data', (chunk) => (printed += chunk));
  await new Promise((resolve) => launcher.once('exit', resolve));
  const pid = Number(printed);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`the launcher printed no pid: ${printed}`);
  orphans.push(pid);
  return { pid, url: `http://127.0.0.1:${port}` };
}

/** Whether a process still runs (a zombie nobody reaped has ended). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** Resolves true once the process has ended, false if it still runs after `withinMs`. */
export async function endsWithin(pid: number, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (!running(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !running(pid);
}

/** Kills whatever a test file started and left running. */
export function stopAllServices(): void {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  for (const pid of orphans) if (running(pid)) process.kill(pid, 'SIGKILL');
}
