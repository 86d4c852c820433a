/**
 * NOTIFY_MAX_CHECKS_PER_SECOND: a token bucket in front of the upstream. Checks wait for a token on the
 * injected clock, so 10,000 watches due at once become a steady trickle, not a burst the upstream refuses.
 */
import type { Clock } from '../runtime/clock';
import { TokenRate, type Bucket } from '../runtime/tokenBucket';

export class CheckBudget {
  private readonly rate: TokenRate;
  private bucket: Bucket;

  constructor(
    readonly perSecond: number,
    private readonly clock: Clock,
  ) {
    // No burst: a bucket of one token, so checks go out evenly spaced and no second holds more than the budget.
    this.rate = new TokenRate(1, 1_000 / perSecond);
    this.bucket = this.rate.full(clock.now());
  }

  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      const taken = this.rate.take(this.bucket, now);
      if (taken) {
        this.bucket = taken;
        return;
      }
      if (signal?.aborted) return;
      await this.clock.sleep(Math.ceil(this.rate.msUntil(1, this.bucket, now)), signal);
    }
  }
}
