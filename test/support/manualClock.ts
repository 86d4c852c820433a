import { FakeClock } from './fakeClock';

/**
 * A clock whose sleeps wait until the test moves time past them: for races between a wait and
 * something else (the reply deadline against a retry's wait), where FakeClock's instant sleeps would
 * decide the race by themselves. Sleeps are still recorded in `sleeps`.
 */
export class ManualClock extends FakeClock {
  private sleepers: Array<{ at: number; wake: () => void }> = [];

  override sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    return new Promise((resolve) => {
      const sleeper = { at: this.now() + ms, wake: resolve };
      this.sleepers.push(sleeper);
      signal?.addEventListener('abort', () => {
        this.sleepers = this.sleepers.filter((s) => s !== sleeper);
        resolve();
      });
    });
  }

  /** Sleeps not yet woken. */
  get pending(): number {
    return this.sleepers.length;
  }

  /** Waits (in real time, briefly) until at least `count` sleeps are pending. */
  async sleeping(count = 1, timeoutMs = 5_000): Promise<void> {
    const giveUp = Date.now() + timeoutMs;
    while (this.sleepers.length < count) {
      if (Date.now() > giveUp) throw new Error(`expected ${count} pending sleeps, have ${this.sleepers.length}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  /** Moves time forward by `ms`, waking each sleeper whose time has come, in order. */
  async advance(ms: number): Promise<void> {
    const until = this.now() + ms;
    for (;;) {
      const next = this.sleepers.filter((s) => s.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.sleepers = this.sleepers.filter((s) => s !== next);
      this.time = Math.max(this.time, next.at);
      next.wake();
      // Let the woken work run before the next sleeper wakes.
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.time = until;
  }
}
