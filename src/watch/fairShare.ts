/**
 * The check budget shared round the customers, not by arrival. The queue hands out entries in the order
 * they fell due, so one customer with a thousand watches due would hold every token for minutes while
 * another's one watch waited behind them. Here each customer (a lane: watchRecord.laneOf) has turns:
 * an entry that comes before its lane's next turn goes back to the queue until a turn kept for it,
 * unchecked (one queue update, no lookup). So the backlog of a customer whose watches want more than
 * their share is spread over their own future turns, and any other customer's entry finds its lane free
 * and waits only for the budget's next token.
 *
 * The customers with a backlog share OVER_SHARE of the budget between them, evenly; the rest is kept for
 * the customers whose watches fall due now and then. Were the backlogs given the whole budget, any other
 * check would put them behind their turns, their entries would pile up in the queue ahead of everyone
 * else's, and the queue's order would rule again.
 *
 * A lane's first few checks at once (BURST) go without waiting for turns: the watches one "Notify me"
 * started fall due together, and a customer within their share should not see them spread out.
 *
 * Turns are fungible within a lane: whichever of its entries comes back first takes the earliest turn
 * kept for the lane. A turn nobody came back for (the watch was stopped meanwhile) is forgotten after a
 * while. Per instance, in memory, like the budget itself.
 */
import type { Clock } from '../runtime/clock';

/** What the customers with a backlog may use of the budget, together. */
const OVER_SHARE = 0.8;
/** Checks of one lane that may go at once before its turns are spaced: NOTIFY_MAX_PER_CONVERSATION's default. */
const BURST = 5;
/** A turn kept this long past its time with no entry to take it is forgotten. */
const FORGET_TURN_AFTER_MS = 10 * 60_000;
/** Lanes with nothing kept are let go once there are this many, at most once a second (a tidy reads them all). */
const TIDY_ABOVE = 1_000;
const TIDY_EVERY_MS = 1_000;

interface Lane {
  /** Turns kept for entries sent back to the queue, earliest first. */
  turns: number[];
  /** When the lane's next new turn may be: one spacing after its last (earlier while it has a burst at hand). */
  next: number;
}

export class FairShare {
  private readonly lanes = new Map<string, Lane>();
  /** Lanes with turns kept: the customers with a backlog. */
  private backlogged = 0;
  private tidied = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly perSecond: number,
    private readonly clock: Clock,
  ) {}

  /** 0: the lane's turn is now. Otherwise how long until its next turn, which is kept for this entry. */
  wait(key: string): number {
    const now = this.clock.now();
    const lane = this.lane(key, now);
    if (lane.turns.length && lane.turns[0] <= now) {
      this.take(lane);
      return 0;
    }
    if (!lane.turns.length && lane.next <= now) {
      const spacing = this.spacing(lane);
      // A lane that was quiet has BURST turns at hand, no more.
      lane.next = Math.max(lane.next, now - (BURST - 1) * spacing) + spacing;
      return 0;
    }
    const turn = Math.max(lane.next, now);
    if (!lane.turns.length) this.backlogged++;
    lane.turns.push(turn);
    lane.next = turn + this.spacing(lane);
    return turn - now;
  }

  /** Between two turns of a lane: the backlogged lanes (this one among them) share OVER_SHARE of the budget. */
  private spacing(lane: Lane): number {
    const sharing = this.backlogged + (lane.turns.length ? 0 : 1);
    return (sharing * 1_000) / (OVER_SHARE * this.perSecond);
  }

  private lane(key: string, now: number): Lane {
    const since = now - this.tidied;
    if ((this.lanes.size >= TIDY_ABOVE && since >= TIDY_EVERY_MS) || since > FORGET_TURN_AFTER_MS) this.tidy(now);
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { turns: [], next: Number.NEGATIVE_INFINITY };
      this.lanes.set(key, lane);
    }
    this.forget(lane, now);
    return lane;
  }

  private forget(lane: Lane, now: number): void {
    while (lane.turns.length && lane.turns[0] < now - FORGET_TURN_AFTER_MS) this.take(lane);
  }

  private take(lane: Lane): void {
    lane.turns.shift();
    if (!lane.turns.length) this.backlogged--;
  }

  /** Turns long past go, and so do lanes that keep nothing (no turn, none ahead): they tell nothing. */
  private tidy(now: number): void {
    this.tidied = now;
    for (const [key, lane] of this.lanes) {
      this.forget(lane, now);
      if (!lane.turns.length && lane.next <= now) this.lanes.delete(key);
    }
  }
}
