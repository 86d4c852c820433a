/** The service as an operator runs it: `node dist/src/index.js` (built by globalSetup), in a process of its own. */
import { spawn, type ChildProcess } from 'node:child_process';
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

/** Starts the service and waits until /healthz answers (or it exits, when `expectExit`). */
export async function startService(env: Record<string, string>, options: { expectExit?: boolean } = {}): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/src/index.js'], { env: { ...process.env, PORT: String(port), LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const service = { url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
  if (options.expectExit) {
    await exited;
    return service;
  }
  for (let i = 0; i < 150; i++) {
    if (await fetch(`${service.url}/healthz`).then((r) => r.ok, () => false)) return service;
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the service did not start:\n${output}`);
}

/** Kills whatever a test file started and left running. */
export function stopAllServices(): void {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
}
