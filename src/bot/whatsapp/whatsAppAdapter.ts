/**
 * The bot's adapter for WhatsApp: a customer's message becomes a turn of the bot (channel `whatsapp`), and the
 * turn's replies go back through the Graph API. botbuilder has no WhatsApp adapter, and Azure Bot Service no
 * WhatsApp channel, so this one speaks to Meta's Cloud API itself.
 *
 * The customer's number is needed to answer, and must be seen by nothing else: the conversation and the customer
 * are known by a keyed hash of it (customerIds.ts), and the number itself stays in the turn's own state, and sealed
 * in the customer's contact record (whatsAppContacts.ts) for a message sent after their turn (a slow lookup's
 * answer, a Notify me update days later, from any instance).
 */
import {
  ActivityTypes,
  BotAdapter,
  TurnContext,
  type Activity,
  type ConversationReference,
  type ResourceResponse,
} from '../botbuilder';
import { callingCodeLanguage } from '../../channels/whatsapp/callingCodeLanguage';
import { callingCodeTimeZone } from '../../channels/whatsapp/callingCodeTimeZone';
import type { WhatsAppCustomerIds } from '../../channels/whatsapp/customerIds';
import type { GraphApi } from '../../channels/whatsapp/graphApi';
import { whatsAppMessagesOf, type WhatsAppWords } from '../../channels/whatsapp/outgoingMessages';
import type { Translator } from '../../i18n';
import type { InboundMessage } from '../../channels/whatsapp/webhookPayload';
import type { TemplateMessage } from '../../channels/whatsapp/updateTemplate';
import type { WhatsAppContacts } from './whatsAppContacts';

export const WHATSAPP_CHANNEL = 'whatsapp';
/** Where the turn keeps the customer's number (the recipient of its replies): never in the activity, state or logs. */
const RECIPIENT = Symbol('whatsapp recipient');
/** The turn has shown the customer its typing indicator. */
const TYPING_SHOWN = Symbol('whatsapp typing shown');

/** Where a turn keeps the ids of the WhatsApp messages it sent (a failed status names one: sentUpdates.ts). */
const SENT_IDS = Symbol('whatsapp message ids sent');

/** The ids of the messages this turn sent, in order. */
export function sentMessageIds(context: TurnContext): string[] {
  return [...(context.turnState.get<string[] | undefined>(SENT_IDS) ?? [])];
}

/** An outgoing activity's channelData that makes it a template message (a Notify me update outside the window): sent as it is. */
export interface WhatsAppChannelData {
  whatsAppTemplate?: TemplateMessage;
  /** The body of the choices' own message after a link button, instead of "Anything else?" (an update's: whatsAppAnnouncer.ts). */
  choicesBody?: string;
}

export class WhatsAppAdapter extends BotAdapter {
  constructor(
    private readonly graph: GraphApi,
    private readonly ids: WhatsAppCustomerIds,
    /** The business phone number's id: the bot's own id on this channel. */
    private readonly phoneNumberId: string,
    /** For the few words of its own an interactive message needs (a list's button), in each reply's language. */
    private readonly translator: Translator,
    /** Whom each conversation answers to after its turn, and the time of their last message. */
    private readonly contacts: WhatsAppContacts,
  ) {
    super();
  }

  /** Runs the bot's turn for one customer message. */
  async process(message: InboundMessage, logic: (context: TurnContext) => Promise<void>): Promise<void> {
    const customer = this.ids.of(message.from);
    // The first guess at their language; what they write decides (turnReading.ts).
    const locale = callingCodeLanguage(message.from);
    // Its dates in the customer's time, where their country keeps one.
    const localTimezone = callingCodeTimeZone(message.from);
    const activity: Partial<Activity> = {
      ...(locale && { locale }),
      ...(localTimezone && { localTimezone }),
      type: ActivityTypes.Message,
      channelId: WHATSAPP_CHANNEL,
      id: message.id,
      timestamp: message.sentAt,
      text: message.words ?? '',
      from: { id: customer, name: '', role: 'user' },
      recipient: { id: this.phoneNumberId, name: '', role: 'bot' },
      // One conversation per customer: WhatsApp has one thread per business and number.
      conversation: { id: customer, isGroup: false, conversationType: 'personal', name: '' },
      serviceUrl: '',
    };
    await this.wrote(message);
    const context = new TurnContext(this, activity);
    context.turnState.set(RECIPIENT, message.from);
    await this.runMiddleware(context, logic);
  }

  /** Any message of the customer (a photo too) opens WhatsApp's 24-hour window from when they sent it: kept for later updates. */
  async wrote(message: InboundMessage): Promise<void> {
    await this.contacts.wrote(this.ids.of(message.from), message.from, message.sentAt.getTime());
  }

  /** A message of its own after the customer's turn (a slow lookup's answer, an update), to the number the conversation answers to. */
  override async continueConversationAsync(
    _botAppId: unknown,
    reference: Partial<ConversationReference>,
    logic: unknown,
  ): Promise<void> {
    const to = (await this.contacts.of(reference.conversation?.id ?? ''))?.number;
    if (!to) throw new Error('no WhatsApp number is kept for this conversation');
    const context = new TurnContext(
      this,
      TurnContext.applyConversationReference(
        { type: ActivityTypes.Event, name: 'continueConversation' },
        reference,
        true,
      ),
    );
    context.turnState.set(RECIPIENT, to);
    await this.runMiddleware(context, logic as (context: TurnContext) => Promise<void>);
  }

  async sendActivities(context: TurnContext, activities: Partial<Activity>[]): Promise<ResourceResponse[]> {
    const to = context.turnState.get<string | undefined>(RECIPIENT);
    const responses: ResourceResponse[] = [];
    for (const activity of activities) {
      if (!to)
        throw new Error('no WhatsApp recipient in this turn: a reply outside a customer turn is not supported yet');
      if (activity.type === ActivityTypes.Typing) {
        // WhatsApp shows it until the answer or for 25 s, longer than any turn waits (REPLY_WITHIN_MS is at most 14 s):
        // once a turn is enough, where the dialogs repeat it every 2 s for the channels whose indicator fades sooner.
        if (context.activity.id && !context.turnState.get(TYPING_SHOWN)) {
          context.turnState.set(TYPING_SHOWN, true);
          await this.graph.markRead(context.activity.id, true);
        }
        responses.push({ id: '' });
        continue;
      }
      let id = '';
      const { whatsAppTemplate: template, choicesBody } =
        (activity.channelData as WhatsAppChannelData | undefined) ?? {};
      const sent: string[] = context.turnState.get(SENT_IDS) ?? [];
      context.turnState.set(SENT_IDS, sent);
      if (template) sent.push((id = await this.graph.send(to, template)));
      else if (activity.type === ActivityTypes.Message || activity.type === undefined) {
        const words = this.wordsFor(activity.locale);
        for (const message of whatsAppMessagesOf(activity, choicesBody ? { ...words, more: choicesBody } : words))
          sent.push((id = await this.graph.send(to, message)));
      }
      // Events (a handoff's, for instance) are for a Bot Framework channel: WhatsApp has nothing to show them with.
      responses.push({ id });
    }
    return responses;
  }

  /** Each reply is labelled with the language it is written in (turnLanguage.ts). */
  private wordsFor(locale: string | undefined): WhatsAppWords {
    const { t } = this.translator.localize(locale);
    return {
      listButton: t('interactive.list_button'),
      more: t('interactive.anything_else'),
      page: t('interactive.help_page'),
    };
  }

  /** WhatsApp lets a business edit or delete nothing it sent. */
  updateActivity(): Promise<void> {
    return Promise.reject(new Error('WhatsApp messages cannot be updated'));
  }

  deleteActivity(): Promise<void> {
    return Promise.reject(new Error('WhatsApp messages cannot be deleted'));
  }

  continueConversation(
    _reference: Partial<ConversationReference>,
    _logic: (context: TurnContext) => Promise<void>,
  ): Promise<void> {
    return Promise.reject(new Error('WhatsApp messages outside a customer turn are not supported yet'));
  }
}
