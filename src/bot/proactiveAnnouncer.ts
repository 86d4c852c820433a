/**
 * Sends a watch's update into its conversation as a proactive message (continueConversationAsync, under
 * the bot's app id; in the sandbox, to the local channel). It runs as a turn of that conversation:
 * queued with its other turns and saved as a transaction, so the update's choices become the ones a
 * number picks next ("1" on SMS stops this update's watch, not something from an older list).
 * The channel's answer decides what happens to the watch: 403 (Teams: the bot was blocked or
 * uninstalled) and 404 (the conversation is gone) end it; 429 and failures postpone this update, for as
 * long as the channel's Retry-After says when it says. Each send is made once: the connector client's own
 * retries are taken out (connectorRetries.ts), so the watch scheduler's back-off is the only retry.
 */
import type { ConversationReference, TurnContext } from './botbuilder';
import { channelProfile } from '../channels';
import type { Announcement, Announcer, Delivery, Watch } from '../watch';
import { errorLogFields } from '../tracking/errors';
import { parseRetryAfter } from '../tracking/retry';
import type { Logger } from '../runtime/logger';
import { sendMessage } from './send';
import { conversationKey, type ConversationQueue } from './conversationQueue';
import type { OfferedChoices } from './dialogPorts';
import { withoutOwnRetries } from './connectorRetries';
import type { TurnTransaction } from './turnTransaction';

/** A channel that failed without saying when to try again: the update waits this long. */
const AFTER_FAILURE_MS = 60_000;

/** What a proactive turn needs of an adapter: Bot Framework's CloudAdapter, or WhatsApp's (src/bot/whatsapp). */
export interface ProactiveAdapter {
  continueConversationAsync(
    botAppId: string,
    reference: Partial<ConversationReference>,
    logic: (context: TurnContext) => Promise<void>,
  ): Promise<void>;
}

export class ProactiveAnnouncer implements Announcer {
  constructor(
    private readonly adapter: ProactiveAdapter,
    /** The bot's app id ('' without one). */
    private readonly botAppId: string,
    private readonly queue: ConversationQueue,
    private readonly transaction: TurnTransaction,
    /** The update's choices become the ones a number picks next. */
    private readonly memory: OfferedChoices,
    private readonly logger: Logger,
  ) {}

  /**
   * Sends the announcement as a turn of the watch's conversation, and throws what the channel answered when it
   * refused. `sent` runs inside the turn once its messages went out (WhatsApp reads their ids there).
   */
  async sendAsTurn(
    watch: Watch,
    announcement: Announcement,
    sent?: (context: TurnContext) => Promise<void>,
  ): Promise<void> {
    // A message of its own, not a reply threaded under the customer's old question.
    const reference = { ...(watch.reference as Partial<ConversationReference>), activityId: undefined };
    const unasked = channelProfile(watch.channel).unaskedChannelData;
    // The adapter hands a failing turn to its onTurnError (an apology, a log line) and returns as if it
    // went well; the channel's answer must reach this method instead, so the turn keeps its own failure.
    // Held in a box: whatever was thrown is thrown again, even a falsy value.
    let failure: { error: unknown } | undefined;
    await this.adapter.continueConversationAsync(this.botAppId, reference, (context) =>
      this.queue.run(conversationKey(context.activity), async () => {
        // The turn speaks as the customer last did: replies and errors in their language. And its messages
        // reply to nothing: botbuilder's made-up event has an id, which would thread them under it.
        context.activity.locale = announcement.locale;
        context.activity.id = undefined;
        if (hasConnectorClient(context) && !withoutOwnRetries(context))
          this.logger.warn(
            { channel: watch.channel },
            'the connector client could not be kept from retrying: this update may be sent more than once per check',
          );
        try {
          await this.transaction.run(context, async () => {
            for (const message of announcement.messages)
              await sendMessage(
                context,
                unasked ? { ...message, channelData: { ...message.channelData, ...unasked } } : message,
              );
            await this.memory.offered(
              context,
              announcement.choices.filter((choice) => !choice.url).map((choice) => choice.value),
            );
          });
          await sent?.(context);
        } catch (error) {
          failure = { error };
        }
      }),
    );
    if (failure) throw failure.error;
  }

  async announce(watch: Watch, announcement: Announcement): Promise<Delivery> {
    try {
      await this.sendAsTurn(watch, announcement);
      this.logger.info({ channel: watch.channel, messages: announcement.messages.length }, 'watch update sent');
      return { outcome: 'sent' };
    } catch (error) {
      const status = statusOf(error);
      if (status === 403 || status === 404) {
        this.logger.info({ channel: watch.channel, status }, 'watch ended: the conversation takes no more messages');
        return { outcome: 'gone' };
      }
      this.logger.warn(
        { channel: watch.channel, status, error: errorLogFields(error) },
        'watch update not sent; it waits for the next check',
      );
      return { outcome: 'later', afterMs: retryAfterMs(error) ?? AFTER_FAILURE_MS };
    }
  }
}

/** A Bot Framework turn sends through a connector client (one that retries on its own); WhatsApp's adapter has none. */
function hasConnectorClient(context: TurnContext): boolean {
  const key = (context.adapter as { ConnectorClientKey?: symbol }).ConnectorClientKey;
  return key !== undefined && context.turnState.get(key) !== undefined;
}

function statusOf(error: unknown): number | undefined {
  const candidate = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } } | undefined;
  const status = candidate?.statusCode ?? candidate?.status ?? candidate?.response?.status;
  return typeof status === 'number' ? status : undefined;
}

function retryAfterMs(error: unknown): number | undefined {
  const headers = (error as { response?: { headers?: { get?: (name: string) => string | undefined } } })?.response
    ?.headers;
  // An HTTP date in it is the channel's wall-clock time.
  return parseRetryAfter(headers?.get?.('retry-after'), Date.now());
}
