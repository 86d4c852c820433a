import type { Clock } from '../../src/runtime/clock';

/** A clock whose sleeps return at once and move time forward, recording every wait. */
export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  constructor(protected time = Date.parse('2026-11-22T12:00:00.000Z')) {}
  now(): number {
    return this.time;
  }
  sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.time += ms;
    return Promise.resolve();
  }
}
