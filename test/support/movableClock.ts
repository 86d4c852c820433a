/**
 * One clock for a test and the processes it starts (services, Azurite): real time plus an offset that
 * only the test moves. The children run test/support/movableClockPreload.cjs (given in `env()`), so a lease, a
 * visibility timeout or a next check that is minutes away comes due when the test says, with no wait.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock, type Clock } from '../../src/runtime/clock';

const PRELOAD = path.resolve(__dirname, 'movableClockPreload.cjs');

export class MovableClock implements Clock {
  private offset = 0;
  private readonly file = path.join(mkdtempSync(path.join(os.tmpdir(), 'clock-')), 'offset');

  constructor() {
    writeFileSync(this.file, '0');
  }

  now(): number {
    return Date.now() + this.offset;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return systemClock.sleep(ms, signal);
  }

  /** The environment that puts a child on this clock; `timers`: its due timers run when time moves. */
  env(options: { timers: boolean }): Record<string, string> {
    return {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${PRELOAD}`.trim(),
      MOVABLE_CLOCK_FILE: this.file,
      ...(options.timers ? { MOVABLE_CLOCK_TIMERS: '1' } : {}),
    };
  }

  /**
   * Moves time on by `ms` everywhere. The services' clocks move first, then the storage's (what comes due
   * there is then never judged by a service's old time), and last the services' due timers run, so a
   * scheduler asks the queue at once instead of at the end of its nap.
   */
  async advance(ms: number, processes: { services: number[]; storage: number[] }): Promise<void> {
    this.offset += ms;
    writeFileSync(this.file, String(this.offset));
    await this.signal(processes.services, 'SIGUSR2', 'moved');
    await this.signal(processes.storage, 'SIGUSR2', 'moved');
    await this.signal(processes.services, 'SIGWINCH', 'ran');
  }

  private async signal(pids: number[], signal: NodeJS.Signals, answer: string): Promise<void> {
    const expected = `${answer} ${this.offset}`;
    for (const pid of pids) process.kill(pid, signal);
    const giveUp = Date.now() + 10_000;
    for (const pid of pids) {
      while (read(`${this.file}.${pid}`) !== expected) {
        if (Date.now() > giveUp) throw new Error(`process ${pid} did not answer ${signal} (${expected})`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  }
}

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
