/**
 * Limits that keep a conversation from being used to guess order numbers: at most 10 lookups per
 * 10 minutes, and a 5-minute cool-down after 3 misses in a row ("not found", or a number the
 * interface refused). Both are answered with the same words, so neither reveals which numbers exist.
 * Kept in conversation state (a few numbers), so every instance applies the same limits.
 */
import type { StatePropertyAccessor, TurnContext } from 'botbuilder';
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

export class LookupGuard {
  constructor(
    private readonly state: StatePropertyAccessor<GuardState>,
    private readonly clock: Clock,
    private readonly limits: GuardLimits = DEFAULT_LIMITS,
  ) {}

  /** Whether a lookup may run now; when it may, it is counted. */
  async admit(context: TurnContext): Promise<boolean> {
    const now = this.clock.now();
    const state = await this.state.get(context, { recent: [], misses: 0 });
    if (state.coolUntil !== undefined && now < state.coolUntil) return false;
    const recent = state.recent.filter((at) => now - at < this.limits.windowMs);
    if (recent.length >= this.limits.maxLookups) return false;
    // Without a limit (LOOKUP_LIMIT=0) there is nothing to count, and the state stays small.
    const counted = Number.isFinite(this.limits.maxLookups) ? [...recent, now] : [];
    await this.state.set(context, { ...state, coolUntil: undefined, recent: counted });
    return true;
  }

  /** A lookup found nothing, or its number was refused. */
  async missed(context: TurnContext): Promise<void> {
    const state = await this.state.get(context, { recent: [], misses: 0 });
    const misses = state.misses + 1;
    const cool = misses >= this.limits.maxMisses;
    await this.state.set(context, { ...state, misses: cool ? 0 : misses, coolUntil: cool ? this.clock.now() + this.limits.coolDownMs : state.coolUntil });
  }

  async found(context: TurnContext): Promise<void> {
    const state = await this.state.get(context, { recent: [], misses: 0 });
    if (state.misses) await this.state.set(context, { ...state, misses: 0 });
  }
}
