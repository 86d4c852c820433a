/**
 * What a turn's lookup came to (kind and outcome), noted by the dialog in turn state so that the bot's
 * one log line per turn can report it. The log line never carries the message text: that is the customer's.
 */
import type { TurnContext } from 'botbuilder';

export type LookupOutcome = 'found' | 'not_found' | 'refused' | 'failed' | 'limited' | 'deferred';

const KEY = Symbol('turnLookup');

/** The dialog notes what its lookup came to; the turn's log line reports it. */
export function noteLookup(context: TurnContext, lookup: { kind: string; outcome: LookupOutcome; shipments?: number }): void {
  context.turnState.set(KEY, lookup);
}

export function lookupOf(context: TurnContext): { kind: string; outcome: LookupOutcome; shipments?: number } | undefined {
  return context.turnState.get(KEY);
}
