/**
 * Sends a watch's update on WhatsApp, as a turn of the customer's conversation (ProactiveAnnouncer's: queued with
 * its other turns, saved as a transaction, its choices the ones "1" picks next). Within 24 hours of the customer's
 * last message it is an ordinary message; outside, or when WhatsApp says the window is closed (131047), it goes as
 * the approved template (WHATSAPP_UPDATE_TEMPLATE) in the customer's language or the nearest approved one. Without a
 * template nothing can reach them outside the window: the watch reaches only until shortly before it closes
 * (reachableUntil), and ends there with a last message. What WhatsApp's refusals mean: refusals.ts.
 */
import type { Announcement, Announcer, Delivery, Recipient, Watch } from '../../watch';
import type { Clock } from '../../runtime/clock';
import type { Logger } from '../../runtime/logger';
import { errorLogFields } from '../../tracking/errors';
import { WhatsAppSendError } from '../../channels/whatsapp/graphApi';
import { refusalOf } from '../../channels/whatsapp/refusals';
import { templateMessage, type UpdateTemplate } from '../../channels/whatsapp/updateTemplate';
import type { ProactiveAnnouncer } from '../proactiveAnnouncer';
import type { TurnContext } from '../botbuilder';
import type { SentUpdates } from './sentUpdates';
import { sentMessageIds, type WhatsAppChannelData } from './whatsAppAdapter';
import type { WhatsAppContacts } from './whatsAppContacts';

/** The last message goes this long before the window closes: a check can be late, and a send take its time. */
const WINDOW_MARGIN_MS = 30 * 60_000;
/** A rate limit or a failure that says nothing more: the update waits this long (the watch's own back-off follows). */
const LATER_MS = 60_000;
/** A refused access token: every send fails until an operator replaces it. */
const TOKEN_LATER_MS = 5 * 60_000;

const GONE: Delivery = { outcome: 'gone' };
const SENT: Delivery = { outcome: 'sent' };

export interface WhatsAppAnnouncerParts {
  /** The proactive turn, on the WhatsApp adapter. */
  turns: ProactiveAnnouncer;
  contacts: WhatsAppContacts;
  sentUpdates: SentUpdates;
  template?: UpdateTemplate;
  clock: Clock;
  logger: Logger;
}

/** The conversation id of a WhatsApp watch: the customer's keyed id (whatsAppAdapter.ts). */
export function customerOfWatch(recipient: Pick<Recipient, 'reference'>): string {
  const conversation = (recipient.reference as { conversation?: { id?: unknown } }).conversation;
  return typeof conversation?.id === 'string' ? conversation.id : '';
}

/** The update's own words for its choices, where they follow its parcel's link button in a message of their own. */
function withChoicesNote(announcement: Announcement): Announcement {
  const { choicesNote, messages } = announcement;
  if (!choicesNote || !messages.length) return announcement;
  const last = messages.at(-1)!;
  const channelData: WhatsAppChannelData = {
    ...(last.channelData as WhatsAppChannelData | undefined),
    choicesBody: choicesNote,
  };
  return {
    ...announcement,
    messages: [...messages.slice(0, -1), { ...last, channelData: channelData as Record<string, unknown> }],
  };
}

export class WhatsAppAnnouncer implements Announcer {
  constructor(private readonly parts: WhatsAppAnnouncerParts) {}

  async reachableUntil(recipient: Recipient): Promise<number | undefined> {
    // A template reaches them whenever: the watch runs its whole time.
    if (this.parts.template) return undefined;
    const contact = await this.parts.contacts.of(customerOfWatch(recipient));
    return contact ? contact.windowEndsAt - WINDOW_MARGIN_MS : 0;
  }

  async announce(watch: Watch, announcement: Announcement): Promise<Delivery> {
    const { contacts, clock, logger } = this.parts;
    const customer = customerOfWatch(watch);
    const contact = await contacts.of(customer);
    if (!contact) {
      logger.info({ channel: 'whatsapp' }, 'watch ended: no WhatsApp number is kept for its conversation');
      return GONE;
    }
    if (clock.now() < contact.windowEndsAt) {
      const delivery = await this.send(watch, announcement);
      if (delivery !== 'window') return delivery;
      // WhatsApp knows better: until the customer writes again, only the template goes.
      await contacts.refused(customer, clock.now());
    }
    const template = this.asTemplate(watch, announcement);
    if (!template) {
      logger.info({ channel: 'whatsapp' }, "watch ended: outside WhatsApp's 24-hour window, with no template to send");
      return GONE;
    }
    const delivery = await this.send(watch, template);
    // A template refused for the window: nothing at all can reach them.
    return delivery === 'window' ? GONE : delivery;
  }

  /** The update as the template, with nothing else: no choices (a template has none), so "1" picks nothing older. */
  private asTemplate(watch: Watch, announcement: Announcement): Announcement | undefined {
    const { template } = this.parts;
    if (!template || !announcement.headline) return undefined;
    const { order, status } = announcement.headline;
    const channelData: WhatsAppChannelData = {
      whatsAppTemplate: templateMessage(template, announcement.locale, order, status),
    };
    return {
      locale: announcement.locale,
      messages: [{ text: `${order}: ${status}`, channelData: channelData as Record<string, unknown> }],
      choices: [],
      ends: announcement.ends,
      announces: announcement.announces,
    };
  }

  private async send(watch: Watch, announcement: Announcement): Promise<Delivery | 'window'> {
    const { turns, sentUpdates, logger } = this.parts;
    try {
      // Sent is sent: a record that could not be written costs only the resend of a failure reported later.
      const record = (context: TurnContext) =>
        sentUpdates
          .record(sentMessageIds(context), {
            watch: watch.id,
            before: watch.announced,
            ...(announcement.announces && { after: announcement.announces }),
            ...(announcement.ends && { ended: watch }),
          })
          .catch((error: unknown) =>
            logger.warn(
              { error: errorLogFields(error) },
              'whatsapp update sent but not recorded: a failure reported later cannot resend it',
            ),
          );
      await turns.sendAsTurn(watch, withChoicesNote(announcement), record);
      logger.info(
        {
          channel: 'whatsapp',
          template: announcement.messages.some((message) => message.channelData?.whatsAppTemplate !== undefined),
        },
        'watch update sent',
      );
      return SENT;
    } catch (error) {
      const status = error instanceof WhatsAppSendError ? error.status : undefined;
      const code = error instanceof WhatsAppSendError ? error.code : undefined;
      switch (refusalOf(code, status)) {
        case 'window':
          return 'window';
        case 'undeliverable':
          logger.info({ channel: 'whatsapp', code }, 'watch ended: WhatsApp cannot deliver to this customer');
          return GONE;
        case 'rate_limited':
          logger.warn(
            { channel: 'whatsapp', code },
            'watch update not sent: WhatsApp asked to slow down; it waits for the next check',
          );
          return { outcome: 'later', afterMs: LATER_MS };
        case 'token':
          logger.error(
            { channel: 'whatsapp', status, code },
            'WhatsApp refused the access token (WHATSAPP_ACCESS_TOKEN): no update can be sent until it is replaced',
          );
          return { outcome: 'later', afterMs: TOKEN_LATER_MS };
        case 'other':
          logger.warn(
            { channel: 'whatsapp', error: errorLogFields(error) },
            'watch update not sent; it waits for the next check',
          );
          return { outcome: 'later', afterMs: LATER_MS };
      }
    }
  }
}
