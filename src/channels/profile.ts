/**
 * What each Bot Framework channel can show, in one table, so that dialogs and cards ask for "choices"
 * and "cards" and never test a channelId themselves.
 */
import { WHATSAPP_LIMITS } from './whatsapp/limits';

/**
 * How a message's choices reach the customer:
 * - suggested_actions: buttons under the message (Web Chat, Direct Line clients, Omnichannel);
 * - card_buttons: buttons on a card. Teams shows no suggested actions on a message with attachments, and at
 *   most 3 otherwise, so its choices are card buttons that send the choice's words (imBack);
 * - numbered_list: the choices as numbered lines of text, answered with the number (SMS and other text channels);
 * - reply_buttons: WhatsApp's reply buttons where they fit (at most 3, titles at most 20 characters), else its list
 *   (at most 10 rows, titles at most 24), a title too long under the choice's shorter wording; else a numbered
 *   list. A page to open is a link button of its own. Sent as suggested actions for its adapter to draw.
 */
type ChoiceStyle = 'suggested_actions' | 'card_buttons' | 'numbered_list' | 'reply_buttons';

export interface ChannelProfile {
  /** Adaptive Cards are rendered; otherwise shipments come as plain text. */
  cards: boolean;
  choices: ChoiceStyle;
  /**
   * Text goes out as SMS: each answer is one gateway message (at most 1,600 characters), in GSM-7
   * characters only, since one emoji or "…" makes every segment 70 characters instead of 160.
   * Telegram, Slack, Facebook and e-mail take Unicode and longer texts, so they keep emoji and detail.
   */
  sms?: true;
  /**
   * Added to a message the bot sends unasked (an update on a watched order). Messenger takes such a message
   * outside its 24-hour window only with a message tag, and POST_PURCHASE_UPDATE is the one for shipping news.
   */
  unaskedChannelData?: Record<string, unknown>;
  /**
   * The channel is Direct Line (Web Chat on the store's site), where enhanced authentication binds a `dl_`
   * user id to the token the store's page got: only here can such an id be a signed-in customer. The same id
   * arriving on any other channel is whatever its sender typed. So only here does a masked answer say that
   * signing in shows more; elsewhere it points to the chat on the shop's website.
   */
  signsIn?: true;
  /**
   * What of the bot's activities the customer's client can show, in any form (its screen, a speech client,
   * devtools on the raw stream). What an agent's hub is sent in a form listed here, the customer can read too,
   * so it follows the customer's disclosure. An unknown channel shows everything: the strictest kind.
   */
  customerReads: ReadonlySet<HubCarrier>;
  /** No agent hub can join this channel's conversations (yet): a customer who asks for a person gets the help page and the case. */
  hubsCannotJoin?: true;
  /**
   * A page opens from a link button of its own, not from an address in the text (WhatsApp's cta_url), whose label
   * holds at most this many characters: a parcel's tracking link is such a button, under its parcel.
   */
  linkButtonTitle?: number;
  /** The channel draws *words* in bold (WhatsApp): a status line stands out. */
  bold?: true;
}

/**
 * How a case travels to an agent's hub: an `event` (the Bot Framework handoff protocol), or a `message` that
 * the hub takes before the customer sees it (Omnichannel's escalation, tagged `Escalate`), or a plain message.
 */
export type HubCarrier = 'message' | 'event' | 'escalation';

/** Direct Line clients (Web Chat, speech clients, the Emulator) read the raw stream: events included. */
const READS_EVERYTHING: ReadonlySet<HubCarrier> = new Set(['message', 'event', 'escalation']);
/** Teams, SMS and the messaging apps show messages, Omnichannel's escalation among them; events stay with the channel. */
const READS_MESSAGES: ReadonlySet<HubCarrier> = new Set(['message', 'escalation']);
/** Omnichannel takes its escalation for the agent; what else its clients read is not documented, so events count as read. */
const READS_ALL_BUT_ESCALATION: ReadonlySet<HubCarrier> = new Set(['message', 'event']);

const WEB: ChannelProfile = { cards: true, choices: 'suggested_actions', customerReads: READS_EVERYTHING };
const DIRECT_LINE: ChannelProfile = { ...WEB, signsIn: true };
/** Plain text works everywhere (Telegram, Slack, e-mail, …). */
const TEXT: ChannelProfile = { cards: false, choices: 'numbered_list', customerReads: READS_MESSAGES };
/** Bot Framework's SMS channel (Twilio) under both of its ids. */
const SMS: ChannelProfile = { ...TEXT, sms: true };
/** Any channel not named here: plain text, and taken to show its customer everything it is sent. */
const UNKNOWN: ChannelProfile = { ...TEXT, customerReads: READS_EVERYTHING };

const PROFILES: Readonly<Record<string, ChannelProfile>> = {
  msteams: { cards: true, choices: 'card_buttons', customerReads: READS_MESSAGES },
  webchat: DIRECT_LINE,
  directline: DIRECT_LINE,
  // Direct Line Speech: a voice client on its own Direct Line stream; no enhanced authentication binds its ids.
  directlinespeech: { ...TEXT, customerReads: READS_EVERYTHING },
  emulator: WEB,
  test: WEB,
  omnichannel: { ...WEB, customerReads: READS_ALL_BUT_ESCALATION },
  sms: SMS,
  'twilio-sms': SMS,
  telegram: TEXT,
  slack: TEXT,
  email: TEXT,
  // Meta's Cloud API, through our own adapter (src/channels/whatsapp): plain text with *bold*, at most 4,096 characters a message; events never reach the phone.
  // Updates go through its own announcer (src/bot/whatsapp/whatsAppAnnouncer.ts: the 24-hour window, the template);
  // no hub can join its thread (docs/whatsapp.md, "A person").
  whatsapp: {
    ...TEXT,
    choices: 'reply_buttons',
    hubsCannotJoin: true,
    linkButtonTitle: WHATSAPP_LIMITS.linkTitle,
    bold: true,
  },
  facebook: { ...TEXT, unaskedChannelData: { messaging_type: 'MESSAGE_TAG', tag: 'POST_PURCHASE_UPDATE' } },
};

/** The channel ids this table names: the only ones a metric's `channel` label takes (src/telemetry/catalog.ts). */
export const KNOWN_CHANNELS = Object.keys(PROFILES);

export function channelProfile(channel: string | undefined): ChannelProfile {
  return PROFILES[(channel ?? '').trim().toLowerCase()] ?? UNKNOWN;
}

export function supportsAdaptiveCards(channel: string | undefined): boolean {
  return channelProfile(channel).cards;
}

export function isTeams(channel: string | undefined): boolean {
  return channelProfile(channel).choices === 'card_buttons';
}

export function isSms(channel: string | undefined): boolean {
  return channelProfile(channel).sms === true;
}
