/**
 * Typed tracking errors → what the customer is told. The one place where failures become words.
 * Technical detail never reaches the customer; it goes to the log.
 */
import { InvalidArgumentError, NotFoundError, TrackingError } from '../src/tracking/errors';
import { AnswerAbandonedError } from '../src/bot/replyDeadline';

export type FailureReply =
  /**
   * Nothing for this number: not found, or the interface refused the number itself. One reply for
   * both, so that a guesser cannot tell an unknown number from a malformed one; the number is asked for again.
   */
  | { kind: 'not_found'; key: 'errors.not_found' }
  /** The interface refused the store: ask again for exactly the store. */
  | { kind: 'store_refused'; key: 'errors.invalid_store' }
  /** Credentials, retries exhausted, upstream faults, bugs: a short apology. */
  | { kind: 'apology'; key: 'errors.unavailable' | 'errors.unexpected' }
  /** The service stopped before a later answer came: ask again. */
  | { kind: 'abandoned'; key: 'lookup.abandoned' };

const STORE_ARGUMENTS = new Set(['store_id', 'storeId', 'store']);

/** Also the reply to an empty answer. */
export const NOT_FOUND: FailureReply = { kind: 'not_found', key: 'errors.not_found' };

export function failureReply(error: unknown): FailureReply {
  if (error instanceof NotFoundError) return NOT_FOUND;
  if (error instanceof InvalidArgumentError)
    return STORE_ARGUMENTS.has(error.argument) ? { kind: 'store_refused', key: 'errors.invalid_store' } : NOT_FOUND;
  if (error instanceof TrackingError) return { kind: 'apology', key: 'errors.unavailable' };
  if (error instanceof AnswerAbandonedError) return { kind: 'abandoned', key: 'lookup.abandoned' };
  return { kind: 'apology', key: 'errors.unexpected' };
}
