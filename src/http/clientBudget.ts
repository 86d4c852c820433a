/**
 * Requests per minute per client, as a token bucket: a client may spend `perMinute` at once, and gets
 * them back evenly over the minute. A client is the address its connection comes from. Memory is
 * bounded: at most MAX_CLIENTS are remembered, the least recently seen forgotten first (a forgotten
 * client starts with a full budget, which is where an idle one would be anyway).
 */
import type { Clock } from '../runtime/clock';
import type { ErrorResponse } from './errorResponse';

const MAX_CLIENTS = 10_000;
const MINUTE_MS = 60_000;

export type Spend = { ok: true } | { ok: false; retryAfterSeconds: number };

/** A route's 429: what it limits and by which setting, and when to come back. */
export interface BudgetRefusal {
  error: ErrorResponse;
  retryAfterSeconds: number;
}

export class ClientBudget {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    /** Requests per minute per client; 0 means no limit. */
    readonly perMinute: number,
    private readonly clock: Clock,
    /** Told of each refusal (bot_limits_hit_total, for the chat tokens' budget). */
    private readonly onRefused: () => void = () => {},
  ) {}

  /** Spends one for `client`; past the budget, the 429 to answer, naming `what` is limited and by which `setting`. */
  refusal(client: string, what: string, setting: string): BudgetRefusal | undefined {
    const spent = this.spend(client);
    if (spent.ok) return undefined;
    this.onRefused();
    const message = `too many ${what}: at most ${this.perMinute} per minute per client (${setting}); try again in ${spent.retryAfterSeconds} s`;
    return { retryAfterSeconds: spent.retryAfterSeconds, error: { status: 429, body: { code: 'resource_exhausted', message } } };
  }

  spend(client: string): Spend {
    if (this.perMinute <= 0) return { ok: true };
    const now = this.clock.now();
    const seen = this.buckets.get(client);
    const refilled = seen ? Math.min(this.perMinute, seen.tokens + ((now - seen.at) * this.perMinute) / MINUTE_MS) : this.perMinute;
    this.buckets.delete(client);
    if (refilled < 1) {
      this.buckets.set(client, { tokens: refilled, at: now });
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(((1 - refilled) * MINUTE_MS) / this.perMinute / 1000)) };
    }
    this.buckets.set(client, { tokens: refilled - 1, at: now });
    if (this.buckets.size > MAX_CLIENTS) this.buckets.delete(this.buckets.keys().next().value as string);
    return { ok: true };
  }
}
