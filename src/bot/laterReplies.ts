/**
 * Replies that come after their turn: a lookup that outlived the channel's deadline is answered as a
 * proactive message once it settles (normal delivery). The later reply is a turn of its own, queued
 * with the conversation's other turns and saved as a transaction, so it updates the same state (the
 * lookup limits) without racing the customer's next message. Started only once the turn that promised
 * it is committed; shutdown waits for the ones in flight, and abandons those it cannot wait for: their
 * customers are told to ask again rather than left waiting for an answer that will never come.
 */
import { TurnContext, type CloudAdapter } from './botbuilder';
import { AnswerAbandonedError, type LaterDelivery, type Settled } from './replyDeadline';
import { countLookup, lookupOf } from './turnLookup';
import { NO_METRICS, type Metrics } from '../telemetry/metrics';
import { errorLogFields } from '../tracking/errors';
import type { Logger } from '../runtime/logger';
import { conversationKey, type ConversationQueue } from './conversationQueue';
import { afterCommit, type TurnTransaction } from './turnTransaction';

export class LaterReplies implements LaterDelivery {
  private readonly inFlight = new Set<Promise<void>>();
  private abandonAll!: () => void;
  /** Settles, with an AnswerAbandonedError, when the service stops waiting for the lookups. */
  private readonly abandoned = new Promise<Settled<never>>((resolve) => {
    this.abandonAll = () => resolve({ ok: false, error: new AnswerAbandonedError() });
  });

  constructor(
    private readonly adapter: CloudAdapter,
    /** The bot's app id ('' without one): the identity the proactive message is sent under. */
    private readonly botAppId: string,
    private readonly queue: ConversationQueue,
    private readonly transaction: TurnTransaction,
    private readonly logger: Logger,
    /** Answers sent late, and the lookups they answer. */
    private readonly metrics: Metrics = NO_METRICS,
  ) {}

  deliver<T>(
    context: TurnContext,
    ready: Promise<Settled<T>>,
    send: (context: TurnContext, settled: Settled<T>) => Promise<void>,
  ): void {
    const reference = TurnContext.getConversationReference(context.activity);
    // The turn's own adapter (taken now: the context is revoked when the turn ends): a WhatsApp turn's answer goes back through WhatsApp's.
    const adapter = context.adapter ?? this.adapter;
    const key = conversationKey(context.activity);
    const promised = Date.now();
    afterCommit(context, () => {
      const delivery: Promise<void> = Promise.race([ready, this.abandoned])
        .then((value) =>
          adapter.continueConversationAsync(this.botAppId, reference, (later) =>
            this.queue.run(key, async () => {
              // An answer to the customer's message (threaded under it in a Teams channel), not to botbuilder's made-up event.
              if (reference.activityId) later.activity.id = reference.activityId;
              const { sent } = await this.transaction.run(later, () => send(later, value));
              const abandoned = !value.ok && value.error instanceof AnswerAbandonedError;
              if (!abandoned) this.metrics.count('bot_replies_late_total', {});
              countLookup(this.metrics, lookupOf(later));
              this.logger[abandoned ? 'warn' : 'info'](
                { channel: reference.channelId, latencyMs: Date.now() - promised, sent, lookup: lookupOf(later) },
                abandoned ? 'later reply abandoned: the service is stopping' : 'later reply',
              );
            }),
          ),
        )
        .catch((error: unknown) =>
          this.logger.error({ channel: reference.channelId, error: errorLogFields(error) }, 'later reply failed'),
        )
        .finally(() => this.inFlight.delete(delivery));
      this.inFlight.add(delivery);
    });
  }

  /**
   * Stops waiting for the lookups of the later replies, now and from now on: each customer still waiting
   * is told to ask again. For shutdown, when its grace period is nearly over.
   */
  abandon(): void {
    this.abandonAll();
  }

  /** Resolves once every later reply promised so far has been sent or has failed. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }
}
