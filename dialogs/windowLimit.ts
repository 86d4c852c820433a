/**
 * A limit per window, held per conversation and per customer across conversations (a guesser would otherwise
 * start a new conversation for every number): at most `max` in `windowMs`, and, where misses are counted, a
 * cool-down after `maxMisses` in a row. An action runs only when every record admits it, and counts in each.
 * The records are a few numbers in the state storage, so every instance applies the same limits.
 *
 * Three limits are made of it (app.ts): lookups (10 per 10 minutes, and a 5-minute cool-down after 3 misses in
 * a row, "not found" or a number the interface refused, so order numbers cannot be guessed), handoffs (per
 * day, so agents are not paged in a loop) and Notify me requests (each queues a check). Each refusal is answered
 * with its reason and when to try again; none reveals more than the misses' own answers did.
 */
import type { StatePropertyAccessor, TurnContext } from '../src/bot/botbuilder';
import type { Clock } from '../src/runtime/clock';
import { NO_METRICS, type Metrics } from '../src/telemetry/metrics';

export interface WindowLimitSettings {
  max: number;
  windowMs: number;
  maxMisses: number;
  coolDownMs: number;
}

export const LOOKUP_LIMITS: WindowLimitSettings = {
  max: 10,
  windowMs: 10 * 60_000,
  maxMisses: 3,
  coolDownMs: 5 * 60_000,
};

/** Handoffs: `perDay` a day, and nothing is ever a miss. */
export const HANDOFF_LIMITS = (perDay: number): WindowLimitSettings => ({
  max: perDay,
  windowMs: 24 * 60 * 60_000,
  maxMisses: Infinity,
  coolDownMs: 0,
});

export interface WindowLimitState {
  /** When the recent ones (lookups, handoffs, requests) ran (ms), oldest first. */
  recent: number[];
  misses: number;
  coolUntil?: number;
}

/** Why a lookup may not run: too many misses in a row (the cool-down), or too many lookups in the window. */
export type Admission = { admitted: true } | { admitted: false; why: 'misses' | 'many'; minutes: number };

export interface Missed {
  /** Misses still allowed before a pause (0 when this one started it). */
  left: number;
  /** Set when this miss started a pause: the whole minutes it lasts. */
  pauseMinutes?: number;
}

/** One record of the limits: the conversation's, or the customer's. */
export interface LimitRecord {
  state: StatePropertyAccessor<WindowLimitState>;
  /** Whose limit it is, as bot_limits_hit_total counts a refusal. */
  scope: 'conversation' | 'customer';
  /** Whether the turn has this record at all (the customer's needs a user id). Always, unless given. */
  appliesTo?: (context: TurnContext) => boolean;
}

/** The customer's record exists only where the channel names the customer. */
export const hasUserId = (context: TurnContext): boolean => Boolean(context.activity.from?.id);

/** Which limit refused, as bot_limits_hit_total's `limit` label says: a lookup refused for its misses is `misses`. */
export type LimitName = 'lookups' | 'handoffs' | 'notify_requests';

export class WindowLimit {
  constructor(
    /** Read in this order, and only as far as needed: the conversation's (already loaded) first. */
    private readonly records: LimitRecord[],
    private readonly name: LimitName,
    private readonly clock: Clock,
    private readonly limits: WindowLimitSettings = LOOKUP_LIMITS,
    private readonly metrics: Metrics = NO_METRICS,
  ) {}

  /** Whether one more may run now (a lookup, a handoff, a request), and when not, why and until when; when it may, it is counted in every record. */
  async admit(context: TurnContext): Promise<Admission> {
    const now = this.clock.now();
    const admitted: Array<[StatePropertyAccessor<WindowLimitState>, WindowLimitState]> = [];
    for (const record of this.applying(context)) {
      const state = await read(record, context);
      const refusal = this.refusalOf(state, now);
      if (refusal) return this.refused(record, refusal.why, refusal.waitMs);
      const recent = this.recentOf(state, now);
      // Without a limit (LOOKUP_LIMIT=0) there is nothing to count, and the state stays small.
      admitted.push([
        record.state,
        { ...state, coolUntil: undefined, recent: Number.isFinite(this.limits.max) ? [...recent, now] : [] },
      ]);
    }
    for (const [state, counted] of admitted) await state.set(context, counted);
    return { admitted: true };
  }

  /**
   * Whether the conversation's lookups are paused now, and why and for how long, without counting anything:
   * a question that would lead only to a refused lookup is not asked while they are. The customer's record is
   * not read: it is read only on turns that look something up, so a pause it holds is said when a lookup meets it.
   */
  async paused(context: TurnContext): Promise<Admission> {
    const now = this.clock.now();
    for (const record of this.applying(context).filter((each) => each.scope === 'conversation')) {
      const refusal = this.refusalOf(await read(record, context), now);
      if (refusal) return { admitted: false, why: refusal.why, minutes: wholeMinutes(refusal.waitMs) };
    }
    return { admitted: true };
  }

  /**
   * A lookup found nothing, or its number was refused: counted in every record. Says how many more misses
   * the strictest record allows before its pause, and until when lookups pause when this one started it.
   */
  async missed(context: TurnContext): Promise<Missed> {
    let left = Infinity;
    let coolUntil: number | undefined;
    for (const record of this.applying(context)) {
      const state = await read(record, context);
      const misses = state.misses + 1;
      const cool = misses >= this.limits.maxMisses;
      if (cool) coolUntil = this.clock.now() + this.limits.coolDownMs;
      left = Math.min(left, cool ? 0 : this.limits.maxMisses - misses);
      await record.state.set(context, {
        ...state,
        misses: cool ? 0 : misses,
        coolUntil: cool ? coolUntil : state.coolUntil,
      });
    }
    return { left, ...(coolUntil !== undefined && { pauseMinutes: wholeMinutes(this.limits.coolDownMs) }) };
  }

  async found(context: TurnContext): Promise<void> {
    for (const record of this.applying(context)) {
      const state = await read(record, context);
      if (state.misses) await record.state.set(context, { ...state, misses: 0 });
    }
  }

  /** Why a record admits no lookup now, and for how long (ms); undefined when it admits one. */
  private refusalOf(state: WindowLimitState, now: number): { why: 'misses' | 'many'; waitMs: number } | undefined {
    if (state.coolUntil !== undefined && now < state.coolUntil) return { why: 'misses', waitMs: state.coolUntil - now };
    const recent = this.recentOf(state, now);
    if (recent.length >= this.limits.max)
      return { why: 'many', waitMs: recent[recent.length - this.limits.max] + this.limits.windowMs - now };
    return undefined;
  }

  /** The ones still in the window. */
  private recentOf(state: WindowLimitState, now: number): number[] {
    return state.recent.filter((at) => now - at < this.limits.windowMs);
  }

  private refused(record: LimitRecord, why: 'misses' | 'many', waitMs: number): Admission {
    this.metrics.count('bot_limits_hit_total', { scope: record.scope, limit: why === 'misses' ? 'misses' : this.name });
    return { admitted: false, why, minutes: wholeMinutes(waitMs) };
  }

  private applying(context: TurnContext): LimitRecord[] {
    return this.records.filter((record) => !record.appliesTo || record.appliesTo(context));
  }
}

/**
 * What of a stored state is a limit still in force (`limits`: the state's property names and their
 * limits), and until when: a cool-down until it ends, lookups until they leave the window.
 */
export function limitsInForce(
  limits: Record<string, WindowLimitSettings>,
  item: Record<string, unknown>,
  now: number,
): { keep: Record<string, unknown>; until: number } | undefined {
  const keep: Record<string, unknown> = {};
  let until = 0;
  for (const [property, limit] of Object.entries(limits)) {
    const state = item[property] as WindowLimitState | undefined;
    if (!state) continue;
    const ends = Math.max(state.coolUntil ?? 0, (state.recent.at(-1) ?? -Infinity) + limit.windowMs);
    if (ends <= now) continue;
    keep[property] = state;
    until = Math.max(until, ends);
  }
  return until > now ? { keep, until } : undefined;
}

/** Minutes to wait, rounded up and at least one: "try again in 5 minutes". */
function wholeMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

function read(record: LimitRecord, context: TurnContext): Promise<WindowLimitState> {
  return record.state.get(context, { recent: [], misses: 0 });
}
