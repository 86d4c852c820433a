/**
 * What a turn's lookup came to (kind, outcome, how the cache served it), noted by the dialog in turn
 * state so that the bot's one log line per turn, and bot_lookups_total, can report it. Neither carries
 * the message text: that is the customer's.
 */
import type { TurnContext } from './botbuilder';
import { interfaceFor, type LookupKind, type LookupTrace } from '../tracking/lookup';
import type { Metrics } from '../telemetry/metrics';
import { lookupResult } from '../tracking/lookupResult';

type LookupOutcome = 'found' | 'not_found' | 'refused' | 'failed' | 'limited' | 'deferred' | 'abandoned';

export interface TurnLookup extends LookupTrace {
  kind: LookupKind;
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

/**
 * Counts the turn's lookup by how it ended; one answered from the cache counts as `cached`. A lookup
 * that outlived the turn (deferred) is counted by the later reply that answers it; one abandoned at
 * shutdown is not counted.
 */
export function countLookup(metrics: Metrics, lookup: TurnLookup | undefined): void {
  if (!lookup || lookup.outcome === 'deferred' || lookup.outcome === 'abandoned') return;
  metrics.count('bot_lookups_total', {
    kind: lookup.kind,
    interface: interfaceFor(lookup.kind),
    result: lookupResult(lookup.outcome, lookup.cache),
    via: 'chat',
  });
}
