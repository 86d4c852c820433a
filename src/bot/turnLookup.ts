/**
 * What a turn's lookup came to (kind, outcome, how the cache served it), noted by the dialog in turn
 * state so that the bot's one log line per turn can report it. The log line never carries the message
 * text: that is the customer's.
 */
import type { TurnContext } from './botbuilder';
import type { LookupTrace } from '../tracking/lookup';

export type LookupOutcome = 'found' | 'not_found' | 'refused' | 'failed' | 'limited' | 'deferred' | 'abandoned';

export interface TurnLookup extends LookupTrace {
  kind: string;
  outcome: LookupOutcome;
  shipments?: number;
}

const KEY = Symbol('turnLookup');

/** The dialog notes what its lookup came to; the turn's log line reports it. */
export function noteLookup(context: TurnContext, lookup: TurnLookup): void {
  context.turnState.set(KEY, lookup);
}

export function lookupOf(context: TurnContext): TurnLookup | undefined {
  return context.turnState.get(KEY);
}
