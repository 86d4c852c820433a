/**
 * A turn as a transaction: its replies are held back until its state is saved, the customer's and the
 * conversation's. When a save loses a race with another instance, or with another conversation of the
 * same customer (StateConflictError), the held replies are dropped and the turn runs again on the state
 * the other turn wrote, so what the customer reads always matches the state.
 * Typing indicators go out at once: they promise nothing. Work that must follow a committed turn
 * (a reply delivered later) is queued with afterCommit and started only when the turn has landed.
 */
import {
  ActivityTypes,
  TurnContext,
  type Activity,
  type BotAdapter,
  type BotState,
  type ResourceResponse,
} from './botbuilder';
import { StateConflictError } from './optimisticStorage';

const MAX_TURN_ATTEMPTS = 4;

const OUTBOX = Symbol('outbox');
const AFTER_COMMIT = Symbol('afterCommit');

/** Runs `action` once the current turn's state is saved and its replies are sent; dropped if the turn runs again. */
export function afterCommit(context: TurnContext, action: () => void): void {
  const actions: (() => void)[] | undefined = context.turnState.get(AFTER_COMMIT);
  if (actions) actions.push(action);
  else action();
}

export interface TurnOutcome {
  /** Activities sent to the channel, typing included. */
  sent: number;
  attempts: number;
}

/** Runs after a turn's work, before its state is saved, with the replies it is about to send. */
export type BeforeSave = (context: TurnContext, replies: readonly Partial<Activity>[]) => Promise<void>;

export class TurnTransaction {
  constructor(
    /**
     * Saved in this order, each only if the turn changed it. Put the conversation's last: a save that loses
     * stops the attempt, and a conversation written ahead of a lost save would make the re-run see its own
     * turn as done (a duplicate delivery, a question already asked). A state written ahead of it instead (the
     * customer's lookup counters) keeps the lost attempt's lookups: the re-run counts them again, which
     * errs on the side of the limits.
     */
    private readonly states: BotState[],
    /** The one place that sees every reply a saved turn sends (the conversation's transcript is kept here). */
    private readonly beforeSave?: BeforeSave,
    private readonly maxAttempts = MAX_TURN_ATTEMPTS,
  ) {}

  async run(context: TurnContext, logic: () => Promise<void>): Promise<TurnOutcome> {
    const outbox = Outbox.of(context);
    for (let attempt = 1; ; attempt++) {
      const actions: (() => void)[] = [];
      context.turnState.set(AFTER_COMMIT, actions);
      outbox.hold();
      try {
        await logic();
        await this.beforeSave?.(context, outbox.pending);
        for (const state of this.states) await state.saveChanges(context, false);
      } catch (error) {
        context.turnState.delete(AFTER_COMMIT);
        if (error instanceof StateConflictError) {
          // What this attempt said belongs to a state that was never saved: it must not be shown.
          outbox.drop();
          if (attempt >= this.maxAttempts) throw error;
          resetResponded(context);
          // What this turn read is stale (and what it wrote has a new eTag); a state it never read loads when first needed.
          for (const state of this.states) if (state.get(context)) await state.load(context, true);
          continue;
        }
        // Whatever was said before any other failure still goes out; the adapter's apology follows it.
        await outbox.release(context);
        throw error;
      }
      context.turnState.delete(AFTER_COMMIT);
      await outbox.release(context);
      for (const action of actions) action();
      return { sent: outbox.sent, attempts: attempt };
    }
  }
}

/** Holds a turn's replies until released; counts what reaches the channel. */
class Outbox {
  private held: Partial<Activity>[] | undefined;
  sent = 0;

  static of(context: TurnContext): Outbox {
    let outbox: Outbox | undefined = context.turnState.get(OUTBOX);
    if (!outbox) {
      const created = new Outbox();
      context.onSendActivities((ctx, activities, next) => created.send(ctx, activities, next));
      context.turnState.set(OUTBOX, created);
      outbox = created;
    }
    return outbox;
  }

  hold(): void {
    this.held = [];
  }

  /** What is held, to be sent once the state is saved. */
  get pending(): readonly Partial<Activity>[] {
    return this.held ?? [];
  }

  /** Forgets what was held; later sends (the adapter's apology) go straight out. */
  drop(): void {
    this.held = undefined;
  }

  async release(context: TurnContext): Promise<void> {
    const held = this.held ?? [];
    this.held = undefined;
    if (held.length) await context.sendActivities(held);
  }

  private async send(
    context: TurnContext,
    activities: Partial<Activity>[],
    next: () => Promise<ResourceResponse[]>,
  ): Promise<ResourceResponse[]> {
    if (!this.held || activities.every((a) => a.type === ActivityTypes.Typing)) {
      this.sent += activities.length;
      return next();
    }
    this.held.push(...activities);
    // Prompts look at `responded` to decide whether to re-prompt; held replies count as said.
    if (activities.some((a) => a.type !== ActivityTypes.Trace)) context.responded = true;
    return activities.map(() => ({ id: '' }));
  }
}

/**
 * botbuilder has no way back to "not responded", but a repeated attempt must start as the first did,
 * or a prompt would skip its retry prompt. The flag lives in a private field of TurnContext 4.23:
 * checkRespondedReset() tries this at start-up, and a turn that finds it gone fails loudly.
 */
function resetResponded(context: TurnContext): void {
  const ref = (context as unknown as { _respondedRef?: { responded: boolean } })._respondedRef;
  if (typeof ref?.responded !== 'boolean') throw new Error(RESPONDED_MOVED);
  ref.responded = false;
}

const RESPONDED_MOVED =
  "botbuilder-core's TurnContext no longer keeps `responded` in _respondedRef: src/bot/turnTransaction.ts cannot run a turn again as it first ran";

/** The start-up self-check: a turn marked responded can be set back, and reads so. Throws, naming the package, when not. */
export function checkRespondedReset(): void {
  const context = new TurnContext({} as BotAdapter, { type: ActivityTypes.Message });
  context.responded = true;
  resetResponded(context);
  if (context.responded) throw new Error(RESPONDED_MOVED);
}
