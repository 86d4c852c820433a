/**
 * How a lookup ended, in the words bot_lookups_total counts it by: decided here once, for the metric, the
 * turn's log line, the upstream call's line and the lookup's span alike.
 */
import { InvalidArgumentError, NotFoundError } from './errors';

/** What a lookup did on its way, for the turn's log line; filled in by whoever knows. */
export interface LookupTrace {
  /** hit: answered from the cache; shared: joined the same lookup in flight; miss: asked the upstream. */
  cache?: 'hit' | 'shared' | 'miss';
}

/** found and not_found: the interface answered; refused: it refused the number or the store; failed: no answer. */
export type LookupEnd = 'found' | 'not_found' | 'refused' | 'failed';

/** A failed lookup's end: a NotFoundError is an answer ("no such order"), an InvalidArgumentError a refusal. */
export function failedLookup(error: unknown): Exclude<LookupEnd, 'found'> {
  if (error instanceof NotFoundError) return 'not_found';
  if (error instanceof InvalidArgumentError) return 'refused';
  return 'failed';
}

/** The result a lookup is counted under: one answered from the cache is `cached`, whatever it found. */
export function lookupResult<O extends string>(outcome: O, cache: LookupTrace['cache']): O | 'cached' {
  return cache === 'hit' ? 'cached' : outcome;
}
