/**
 * Limits that keep order numbers from being guessed: at most 10 lookups per 10 minutes, and a 5-minute
 * cool-down after 3 misses in a row ("not found", or a number the interface refused). Both are answered
 * with the same words, so neither reveals which numbers exist. They hold per conversation and per
 * customer across conversations (a guesser would otherwise start a new conversation for every number):
 * a lookup runs only when every record admits it, and counts in each. The records are a few numbers in
 * the state storage, so every instance applies the same limits.
 */
import type { StatePropertyAccessor, TurnContext } from '../src/bot/botbuilder';
import type { Clock } from '../src/tracking/clock';

export interface GuardLimits {
  maxLookups: number;
  windowMs: number;
  maxMisses: number;
  coolDownMs: number;
}

export const DEFAULT_LIMITS: GuardLimits = { maxLookups: 10, windowMs: 10 * 60_000, maxMisses: 3, coolDownMs: 5 * 60_000 };

export interface GuardState {
  /** When the recent lookups ran (ms), oldest first. */
  recent: number[];
  misses: number;
  coolUntil?: number;
}

/** One record of the limits: the conversation's, or the customer's. */
export interface GuardRecord {
  state: StatePropertyAccessor<GuardState>;
  /** Whether the turn has this record at all (the customer's needs a user id). Always, unless given. */
  appliesTo?: (context: TurnContext) => boolean;
}

/** The customer's record exists only where the channel names the customer. */
export const hasUserId = (context: TurnContext): boolean => Boolean(context.activity.from?.id);

export class LookupGuard {
  constructor(
    /** Read in this order, and only as far as needed: the conversation's (already loaded) first. */
    private readonly records: GuardRecord[],
    private readonly clock: Clock,
    private readonly limits: GuardLimits = DEFAULT_LIMITS,
  ) {}

  /** Whether a lookup may run now; when it may, it is counted in every record. */
  async admit(context: TurnContext): Promise<boolean> {
    const now = this.clock.now();
    const admitted: Array<[StatePropertyAccessor<GuardState>, GuardState]> = [];
    for (const record of this.applying(context)) {
      const state = await read(record, context);
      if (state.coolUntil !== undefined && now < state.coolUntil) return false;
      const recent = state.recent.filter((at) => now - at < this.limits.windowMs);
      if (recent.length >= this.limits.maxLookups) return false;
      // Without a limit (LOOKUP_LIMIT=0) there is nothing to count, and the state stays small.
      admitted.push([record.state, { ...state, coolUntil: undefined, recent: Number.isFinite(this.limits.maxLookups) ? [...recent, now] : [] }]);
    }
    for (const [state, counted] of admitted) await state.set(context, counted);
    return true;
  }

  /** A lookup found nothing, or its number was refused. */
  async missed(context: TurnContext): Promise<void> {
    for (const record of this.applying(context)) {
      const state = await read(record, context);
      const misses = state.misses + 1;
      const cool = misses >= this.limits.maxMisses;
      await record.state.set(context, { ...state, misses: cool ? 0 : misses, coolUntil: cool ? this.clock.now() + this.limits.coolDownMs : state.coolUntil });
    }
  }

  async found(context: TurnContext): Promise<void> {
    for (const record of this.applying(context)) {
      const state = await read(record, context);
      if (state.misses) await record.state.set(context, { ...state, misses: 0 });
    }
  }

  private applying(context: TurnContext): GuardRecord[] {
    return this.records.filter((record) => !record.appliesTo || record.appliesTo(context));
  }
}

function read(record: GuardRecord, context: TurnContext): Promise<GuardState> {
  return record.state.get(context, { recent: [], misses: 0 });
}
