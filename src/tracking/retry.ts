/**
 * The seed's retry policy (section 7), as pure functions of the failed attempt.
 * upstream.ts plugs them into axios-retry.
 */
import type { AxiosError } from 'axios';

export interface RetryOptions {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Each attempt's own timeout. */
  attemptTimeoutMs: number;
  /** Budget for the whole call, waits included. A wait that would pass it is not started. */
  deadlineMs: number;
  /** One "second" of the seed's formulas; tests and benchmarks may shrink it. */
  backoffUnitMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxAttempts: 4,
  attemptTimeoutMs: 5_000,
  // Long enough to honour a Retry-After of 30 s: the bot answers later when a turn cannot wait that long.
  deadlineMs: 60_000,
  backoffUnitMs: 1_000,
};

/**
 * Transport failures worth another try. An allowlist, because axios also reports
 * its own refusals (too large a body, a bad option) without a response, and those would fail again.
 */
const TRANSIENT_CODES = new Set([
  'ECONNABORTED', // axios timeout
  'ETIMEDOUT',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ERR_NETWORK',
]);

export function isRetryable(error: AxiosError): boolean {
  const status = error.response?.status;
  if (status !== undefined) return status === 429 || (status >= 500 && status <= 599);
  return error.code !== undefined && TRANSIENT_CODES.has(error.code);
}

/** Why an attempt is made again, as bot_upstream_retries_total counts it. */
export type RetryReason = 'rate_limited' | 'server_error' | 'network';

export function retryReason(error: AxiosError): RetryReason {
  const status = error.response?.status;
  return status === 429 ? 'rate_limited' : status !== undefined ? 'server_error' : 'network';
}

/**
 * The wait before retry number `attempt` (1 for the first retry), per the seed:
 * 429 waits as Retry-After says, else 2 × attempt; 5xx and transport errors wait 2^attempt.
 */
export function retryDelayMs(attempt: number, error: AxiosError, now: number, unitMs: number): number {
  if (error.response?.status === 429) {
    const header: unknown = error.response.headers?.['retry-after'];
    const fromHeader = parseRetryAfter(typeof header === 'string' ? header : undefined, now);
    return fromHeader ?? 2 * attempt * unitMs;
  }
  return 2 ** attempt * unitMs;
}

/**
 * Retry-After in delta-seconds or as an HTTP date (RFC 9110 §10.2.3), in ms from `now`.
 * axios-retry's own parser reads the wall clock; this one takes the injected clock's time.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP-date form names its month; without this, V8's lenient parser reads "-1" or "1.5" as dates.
  if (!/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
