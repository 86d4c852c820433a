/**
 * Channels give a turn 10 to 15 s before they give up on it (and Teams then sends the message again).
 * A lookup whose retries need longer (a Retry-After of 30 s, repeated 503s) must not hold the turn:
 * the dialog waits at most `withinMs`, then says it is still checking and hands the lookup to a
 * LaterDelivery, which sends the answer as a message of its own when it comes.
 */
import type { TurnContext } from './botbuilder';
import type { Clock } from '../runtime/clock';

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** A promise that never rejects: the outcome is data, so nobody forgets to handle a late failure. */
export function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
}

/** As botbuilder's ShowTypingMiddleware: an answer ready within half a second needs no typing indicator, a slower one gets one every 2 s. */
const TYPING_AFTER_MS = 500;
const TYPING_EVERY_MS = 2_000;

export class ReplyDeadline {
  constructor(
    readonly withinMs: number,
    private readonly clock: Clock,
  ) {}

  /**
   * The outcome, if it comes within the deadline; otherwise undefined, and the work goes on. While it
   * waits, `typing` is called after 500 ms and then every 2 s; the last call has finished when this returns,
   * so no typing indicator can follow the answer.
   */
  async within<T>(outcome: Promise<Settled<T>>, typing?: () => Promise<void>): Promise<Settled<T> | undefined> {
    const timer = new AbortController();
    const indicator = typing ? this.keepTyping(typing, timer.signal) : undefined;
    try {
      return await Promise.race([outcome, this.clock.sleep(this.withinMs, timer.signal).then(() => undefined)]);
    } finally {
      // A reason of our own: abort() without one builds a DOMException (with its stack) on every turn.
      timer.abort('settled');
      await indicator;
    }
  }

  private async keepTyping(typing: () => Promise<void>, stop: AbortSignal): Promise<void> {
    let sending: Promise<void> | undefined;
    for (let wait = TYPING_AFTER_MS; ; wait = TYPING_EVERY_MS) {
      await this.clock.sleep(wait, stop);
      if (stop.aborted) break;
      // Not awaited before the next wait is set: the rhythm must not depend on how fast the channel answers.
      sending = typing().catch(() => undefined);
    }
    await sending;
  }
}

/**
 * The outcome of a later answer when the service stopped before the lookup settled: the customer, told
 * the answer would follow, is told to ask again instead of waiting for nothing.
 */
export class AnswerAbandonedError extends Error {
  constructor() {
    super('the service stopped before the lookup settled');
    this.name = 'AnswerAbandonedError';
  }
}

/**
 * Sends what a turn could not wait for, as a message of its own once `ready` settles (normal delivery
 * only), or with an AnswerAbandonedError if the service has to stop first.
 */
export interface LaterDelivery {
  deliver<T>(
    context: TurnContext,
    ready: Promise<Settled<T>>,
    send: (context: TurnContext, settled: Settled<T>) => Promise<void>,
  ): void;
}
