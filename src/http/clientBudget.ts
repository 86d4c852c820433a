/**
 * Requests per minute per client, as a token bucket: a client may spend `perMinute` at once, and gets
 * them back evenly over the minute. A client is what clientAddress.ts says (an address, an IPv6 /64).
 * Memory is bounded: at most MAX_CLIENTS are remembered. Only a client whose budget has come back whole
 * may be forgotten (it would start with a full budget anyway), least recently seen first. A client still
 * spending is never forgotten: while the table is full of them, a new client waits (a 429 until the
 * oldest has its budget back, a minute at most), so a flood of strangers cannot wipe anyone's count.
 */
import type { Clock } from '../runtime/clock';
import { TokenRate, type Bucket } from '../runtime/tokenBucket';
import type { ErrorResponse } from './errorResponse';

const MAX_CLIENTS = 10_000;
const MINUTE_MS = 60_000;

/** Refused: past the client's own budget, or (`crowded`) a new client while the table is full of spending ones. */
export type Spend = { ok: true } | { ok: false; retryAfterSeconds: number; crowded?: true };

/** A route's 429: what it limits and by which setting, and when to come back. */
export interface BudgetRefusal {
  error: ErrorResponse;
  retryAfterSeconds: number;
}

export class ClientBudget {
  /** In the order last seen: the first is the least recently seen. */
  private readonly buckets = new Map<string, Bucket>();
  private readonly rate: TokenRate;

  constructor(
    /** Requests per minute per client; 0 means no limit. */
    readonly perMinute: number,
    private readonly clock: Clock,
    /** Told of each refusal (bot_limits_hit_total). */
    private readonly onRefused: () => void = () => {},
  ) {
    this.rate = new TokenRate(perMinute, MINUTE_MS);
  }

  /** Spends one for `client`; past the budget, the 429 to answer, naming `what` is limited and by which `setting`. */
  refusal(client: string, what: string, setting: string): BudgetRefusal | undefined {
    const spent = this.spend(client);
    if (spent.ok) return undefined;
    this.onRefused();
    const message = spent.crowded
      ? `too many clients asking for ${what} at once (over ${MAX_CLIENTS.toLocaleString('en-US')} within a minute); try again in ${spent.retryAfterSeconds} s`
      : `too many ${what}: at most ${this.perMinute} per minute per client (${setting}); try again in ${spent.retryAfterSeconds} s`;
    return {
      retryAfterSeconds: spent.retryAfterSeconds,
      error: { status: 429, body: { code: 'resource_exhausted', message } },
    };
  }

  spend(client: string): Spend {
    if (this.perMinute <= 0) return { ok: true };
    const now = this.clock.now();
    const seen = this.buckets.get(client);
    if (!seen && !this.roomForOneMore(now))
      return { ok: false, retryAfterSeconds: this.secondsUntil(this.perMinute, this.oldest()!, now), crowded: true };
    const bucket = seen ?? this.rate.full(now);
    const taken = this.rate.take(bucket, now);
    // Last seen now, whether or not it may spend: the table's order is by when each client was last seen.
    this.buckets.delete(client);
    this.buckets.set(client, taken ?? bucket);
    return taken ? { ok: true } : { ok: false, retryAfterSeconds: this.secondsUntil(1, bucket, now) };
  }

  /** Forgets the least recently seen clients whose budget is whole again; true when there is room. */
  private roomForOneMore(now: number): boolean {
    for (let oldest = this.oldest(); this.buckets.size >= MAX_CLIENTS && oldest; oldest = this.oldest()) {
      if (this.rate.tokensAt(oldest, now) < this.perMinute) break;
      this.buckets.delete(this.buckets.keys().next().value as string);
    }
    return this.buckets.size < MAX_CLIENTS;
  }

  private oldest(): Bucket | undefined {
    return this.buckets.values().next().value;
  }

  /** Whole seconds (at least 1) until `bucket` holds `tokens` again. */
  private secondsUntil(tokens: number, bucket: Bucket, now: number): number {
    return Math.max(1, Math.ceil(this.rate.msUntil(tokens, bucket, now) / 1000));
  }
}
