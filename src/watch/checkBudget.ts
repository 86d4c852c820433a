/**
 * NOTIFY_MAX_CHECKS_PER_SECOND: a token bucket in front of the upstream. Checks wait for a token on the
 * injected clock, so 10,000 watches due at once become a steady trickle, not a burst the upstream refuses.
 */
import type { Clock } from '../runtime/clock';

export class CheckBudget {
  private tokens: number;
  private at: number;

  constructor(
    readonly perSecond: number,
    private readonly clock: Clock,
  ) {
    // No burst: checks go out evenly spaced, so no second ever holds more than the budget.
    this.tokens = 1;
    this.at = clock.now();
  }

  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      this.refill();
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      if (signal?.aborted) return;
      await this.clock.sleep(Math.ceil(((1 - this.tokens) / this.perSecond) * 1_000), signal);
    }
  }

  private refill(): void {
    const now = this.clock.now();
    this.tokens = Math.min(1, this.tokens + ((now - this.at) / 1_000) * this.perSecond);
    this.at = now;
  }
}
