/**
 * The ActivityHandler: greets new members, reads the message and decides the turn's language (turnReading.ts), runs the root dialog, passes an
 * agent hub's `handoff.status` on to the handoff (answered, never refused), and runs each turn as a transaction on the conversation's state and the customer's lookup counters:
 * one at a time per conversation in this process, and run again on fresh state when another turn
 * (another instance, another conversation of the customer) changed it meanwhile.
 */
import {
  ActivityHandler,
  ActivityTypes,
  HandoffEventNames,
  StatusCodes,
  type TurnContext,
  type BotState,
  type InvokeResponse,
} from './botbuilder';
import type { Logger } from '../runtime/logger';
import { conversationKey, type ConversationQueue } from './conversationQueue';
import type { HandoffStatus, RootDialog } from './dialogPorts';
import { DuplicateDeliveries } from './duplicateDeliveries';
import type { TurnTransaction } from './turnTransaction';
import { countLookup, lookupOf } from './turnLookup';
import { NO_METRICS, seconds, type Metrics } from '../telemetry/metrics';
import { boundedChannel, OTHER } from '../telemetry/catalog';
import { NO_TRACING, type Tracing } from '../telemetry/tracing';
import type { CustomerDirectory } from '../customers/customer';
import { resolveCustomer } from './turnCustomer';
import type { TurnReadings } from './turnReading';

export class TrackingBot extends ActivityHandler {
  private readonly duplicates: DuplicateDeliveries;

  constructor(
    conversationState: BotState,
    dialog: RootDialog,
    handoff: HandoffStatus,
    private readonly queue: ConversationQueue,
    private readonly transaction: TurnTransaction,
    /** Reads a message once and decides the language its turn is answered in. */
    private readonly readings: TurnReadings,
    private readonly logger?: Logger,
    /** The customers the store signed in; without it everyone is a visitor. */
    private readonly customers?: CustomerDirectory,
    /** Turns, their duration, conversations started and lookups, by channel. */
    private readonly metrics: Metrics = NO_METRICS,
    /** A `bot.turn` span per turn, the root of its trace. */
    private readonly tracing: Tracing = NO_TRACING,
  ) {
    super();
    this.duplicates = new DuplicateDeliveries(conversationState);
    const dialogState = conversationState.createProperty('dialogState');

    this.onMessage(async (context, next) => {
      await dialog.run(context, dialogState);
      await next();
    });

    // Web Chat sends nothing when it connects; pages send this event so the bot can greet first.
    this.onEvent(async (context, next) => {
      // (Its value's locale is the page's: the turn's language heeds it, turnLanguage.ts.)
      if (context.activity.name === 'webchat/join') await dialog.welcome(context);
      if (context.activity.name === HandoffEventNames.HandoffStatus) await handoff.status(context);
      await next();
    });

    this.onMembersAdded(async (context, next) => {
      const botId = context.activity.recipient?.id;
      // One welcome, however many people joined at once.
      if ((context.activity.membersAdded ?? []).some((member) => member.id !== botId)) await dialog.welcome(context);
      await next();
    });
  }

  /**
   * The bot implements no invoke: its cards submit messages. botbuilder would try to read an
   * adaptiveCard/action anyway and turn a malformed one into a failed turn (an apology, the state wiped).
   */
  protected override onInvokeActivity(): Promise<InvokeResponse> {
    return Promise.resolve({ status: StatusCodes.NOT_IMPLEMENTED });
  }

  override run(context: TurnContext): Promise<void> {
    return this.queue.run(conversationKey(context.activity), () =>
      this.tracing.inSpan('bot.turn', { kind: 'server', root: true, attributes: turnAttributes(context) }, () =>
        this.runTurn(context),
      ),
    );
  }

  private async runTurn(context: TurnContext): Promise<void> {
    if (this.duplicates.takenHere(context)) return this.logDuplicate(context);
    const started = Date.now();
    let duplicate = false;
    let first = false;
    const { sent, attempts } = await this.transaction.run(context, async () => {
      const seen = await this.duplicates.seenBefore(context);
      duplicate = seen === 'again';
      first = seen === 'first';
      if (duplicate) return;
      await resolveCustomer(context, this.customers);
      // Once, before any dialog: what the message says, and who the customer is, decide the language they are answered in.
      await this.readings.begin(context);
      await super.run(context);
    });
    if (duplicate) return this.logDuplicate(context);
    const channel = context.activity.channelId;
    const latencyMs = Date.now() - started;
    this.metrics.count('bot_turns_total', { channel });
    this.metrics.observe('bot_turn_duration_seconds', { channel }, seconds(latencyMs));
    if (first) this.metrics.count('bot_conversations_total', { channel });
    countLookup(this.metrics, lookupOf(context));
    this.logger?.info(
      {
        channel,
        activityType: context.activity.type,
        latencyMs,
        sent,
        ...(attempts > 1 && { attempts }),
        lookup: lookupOf(context),
      },
      'turn',
    );
  }

  private logDuplicate(context: TurnContext): void {
    this.logger?.info(
      { channel: context.activity.channelId, activityType: context.activity.type },
      'duplicate delivery ignored',
    );
  }
}

const ACTIVITY_TYPES: readonly string[] = Object.values(ActivityTypes);

/** What a turn's span says of it: the channel and the activity's type, each one of a known list (both come from the wire). */
function turnAttributes(context: TurnContext): Record<string, string> {
  const type = context.activity.type;
  return {
    'bot.channel': boundedChannel(context.activity.channelId),
    'bot.activity_type': ACTIVITY_TYPES.includes(type) ? type : OTHER,
  };
}
