/**
 * How many messages one take asks Azure for. A receive that meets a message the queue cannot hand out
 * (Azurite: a text that is not valid XML) answers with nothing, yet hides everything it would have
 * returned for the lease. So after an empty answer, takes start again at one message, in parallel
 * receives of one each, doubling while every receive brings one: only a full round earns a batch of 32,
 * and an odd message met by a receive of one hides only itself. Once messages have been seen hidden
 * without an answer (isolate()), batches stop for good in this process.
 */

/** Azure hands out at most 32 messages per receive. */
const MAX_PER_RECEIVE = 32;
/** Receives of one at a time in flight at once, when batches are off. */
const ISOLATED_WIDTH = 8;

export interface ReceivePlan {
  /** Receives made at once. */
  receives: number;
  /** Messages each asks for. */
  each: number;
}

export class ReceiveWidth {
  /** A new instance starts with batches: the usual case is a queue of good messages. */
  private width = MAX_PER_RECEIVE;
  private isolated = false;

  plan(max: number): ReceivePlan {
    const want = Math.min(max, this.width);
    if (!this.isolated && want >= MAX_PER_RECEIVE) return { receives: 1, each: MAX_PER_RECEIVE };
    return { receives: Math.max(1, want), each: 1 };
  }

  /** What the plan brought: a full round widens the next, an empty one starts again at one. */
  record(plan: ReceivePlan, got: number): void {
    if (got === 0) this.width = 1;
    else if (got >= plan.receives * plan.each)
      this.width = Math.min(this.isolated ? ISOLATED_WIDTH : MAX_PER_RECEIVE, this.width * 2);
  }

  isolate(): void {
    this.isolated = true;
    this.width = Math.min(this.width, ISOLATED_WIDTH);
  }
}
