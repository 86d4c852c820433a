/**
 * Replies that come after their turn: a lookup that outlived the channel's deadline is answered as a
 * proactive message once it settles (normal delivery). The later reply is a turn of its own, queued
 * with the conversation's other turns and saved as a transaction, so it updates the same state (the
 * lookup limits) without racing the customer's next message. Started only once the turn that promised
 * it is committed; shutdown waits for the ones in flight.
 */
import { TurnContext, type CloudAdapter } from 'botbuilder';
import type { LaterDelivery } from '../../dialogs/replyDeadline';
import { lookupOf } from '../../dialogs/turnLookup';
import { errorLogFields } from '../tracking/errors';
import type { Logger } from '../tracking/logger';
import { conversationKey, type ConversationQueue } from './conversationQueue';
import { afterCommit, type TurnTransaction } from './turnTransaction';

export class LaterReplies implements LaterDelivery {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly adapter: CloudAdapter,
    /** The bot's app id ('' without one): the identity the proactive message is sent under. */
    private readonly botAppId: string,
    private readonly queue: ConversationQueue,
    private readonly transaction: TurnTransaction,
    private readonly logger: Logger,
  ) {}

  deliver<T>(context: TurnContext, ready: Promise<T>, send: (context: TurnContext, value: T) => Promise<void>): void {
    const reference = TurnContext.getConversationReference(context.activity);
    const key = conversationKey(context.activity);
    const promised = Date.now();
    afterCommit(context, () => {
      const delivery: Promise<void> = ready
        .then((value) =>
          this.adapter.continueConversationAsync(this.botAppId, reference, (later) =>
            this.queue.run(key, async () => {
              // An answer to the customer's message (threaded under it in a Teams channel), not to botbuilder's made-up event.
              if (reference.activityId) later.activity.id = reference.activityId;
              const { sent } = await this.transaction.run(later, () => send(later, value));
              this.logger.info({ channel: reference.channelId, latencyMs: Date.now() - promised, sent, lookup: lookupOf(later) }, 'later reply');
            }),
          ),
        )
        .catch((error: unknown) => this.logger.error({ channel: reference.channelId, error: errorLogFields(error) }, 'later reply failed'))
        .finally(() => this.inFlight.delete(delivery));
      this.inFlight.add(delivery);
    });
  }

  /** Resolves once every later reply promised so far has been sent or has failed. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }
}
