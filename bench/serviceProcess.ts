/**
 * A service as an operator runs it (`node <script>`), watched from outside as any process is: its peak
 * resident memory (VmHWM) and its CPU time, from /proc. Used where the figure must be the whole process's
 * own, the framework's echo bot beside the bot, with nothing of the bench loaded into either.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';

const CLOCK_TICKS_PER_SECOND = 100;

export class ServiceProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  /** Starts `script` on `port` and resolves once its /readyz answers 200, asked every `pollMs`. */
  static async start(
    script: string,
    env: Record<string, string>,
    port: number,
    options: { nodeOptions?: string[]; pollMs?: number } = {},
  ): Promise<ServiceProcess> {
    const { nodeOptions = [], pollMs = 20 } = options;
    // A temporary directory as cwd: index.ts reads a .env from its cwd, and a developer's must not count.
    const child = spawn(process.execPath, [...nodeOptions, script], {
      cwd: os.tmpdir(),
      env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
      stdio: 'ignore',
    });
    const service = new ServiceProcess(child, `http://127.0.0.1:${port}`);
    const started = Date.now();
    while ((await status(`${service.url}/readyz`)) !== 200) {
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
      if (Date.now() - started > 30_000) throw new Error(`${script} was not ready within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    return service;
  }

  /** The most memory the process has held resident since it started, in bytes. */
  peakRss(): number {
    const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.child.pid}/status`, 'utf8'));
    return Number(line?.[1] ?? Number.NaN) * 1024;
  }

  /** CPU time (user + system) the process has used, in ms. */
  cpuMs(): number {
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
    const fields = readFileSync(`/proc/${this.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  }

  /**
   * SIGKILL by default: nothing the process does on its way out is measured. SIGTERM lets it stop as an
   * orchestrator stops it, and exit normally, which is when Node writes its compile cache.
   */
  async stop(signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL'): Promise<void> {
    if (this.child.exitCode !== null) return;
    const gone = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill(signal);
    await gone;
  }
}

function status(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
  });
}
