/**
 * The token bucket both budgets share (a client's requests per minute, the watch checks per second): it holds
 * at most `capacity` tokens, and gets them back evenly, `capacity` every `periodMs`. A bucket is two numbers,
 * so a budget can keep one per client in a table.
 */
export interface Bucket {
  tokens: number;
  /** When `tokens` was counted (ms). */
  at: number;
}

export class TokenRate {
  constructor(
    readonly capacity: number,
    readonly periodMs: number,
  ) {}

  full(now: number): Bucket {
    return { tokens: this.capacity, at: now };
  }

  /** The tokens `bucket` holds at `now`. */
  tokensAt(bucket: Bucket, now: number): number {
    return Math.min(this.capacity, bucket.tokens + ((now - bucket.at) * this.capacity) / this.periodMs);
  }

  /** The bucket after one token is taken at `now`; undefined (and nothing taken) when it holds less than one. */
  take(bucket: Bucket, now: number): Bucket | undefined {
    const tokens = this.tokensAt(bucket, now);
    return tokens >= 1 ? { tokens: tokens - 1, at: now } : undefined;
  }

  /** Milliseconds until `bucket` holds `tokens` again (0 when it does). */
  msUntil(tokens: number, bucket: Bucket, now: number): number {
    const missing = tokens - this.tokensAt(bucket, now);
    return missing > 0 ? (missing * this.periodMs) / this.capacity : 0;
  }
}
