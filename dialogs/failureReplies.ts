/**
 * Typed tracking errors → what the customer is told. The one place where failures become words.
 * Technical detail never reaches the customer; it goes to the log.
 */
import { InvalidArgumentError, NotConfiguredError, NotFoundError, TrackingError } from '../src/tracking/errors';

export type FailureReply =
  /** Ask again for exactly the argument the interface refused. */
  | { kind: 'reask'; argument: 'identifier' | 'store'; key: string }
  | { kind: 'not_found'; key: string }
  /** Credentials, retries exhausted, upstream faults, bugs: a short apology. */
  | { kind: 'apology'; key: string };

const STORE_ARGUMENTS = new Set(['store_id', 'storeId', 'store']);

export function failureReply(error: unknown): FailureReply {
  if (error instanceof NotFoundError) return { kind: 'not_found', key: 'errors.not_found' };
  if (error instanceof InvalidArgumentError) {
    const argument = STORE_ARGUMENTS.has(error.argument) ? 'store' : 'identifier';
    return { kind: 'reask', argument, key: `errors.invalid_${argument}` };
  }
  if (error instanceof NotConfiguredError) return { kind: 'apology', key: 'errors.unavailable' };
  if (error instanceof TrackingError) return { kind: 'apology', key: 'errors.unavailable' };
  return { kind: 'apology', key: 'errors.unexpected' };
}
