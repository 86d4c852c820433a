/**
 * What each Bot Framework channel can show, in one table, so that dialogs and cards ask for "choices"
 * and "cards" and never test a channelId themselves.
 */

/**
 * How a message's choices reach the customer:
 * - suggested_actions: buttons under the message (Web Chat, Direct Line clients, Omnichannel);
 * - card_buttons: buttons on a card. Teams shows no suggested actions on a message with attachments, and at
 *   most 3 otherwise, so its choices are card buttons that send the choice's words (imBack);
 * - numbered_list: the choices as numbered lines of text, answered with the number (SMS and other text channels).
 */
export type ChoiceStyle = 'suggested_actions' | 'card_buttons' | 'numbered_list';

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
   * arriving on any other channel is whatever its sender typed.
   */
  signsIn?: true;
  /**
   * The customer's client receives every activity of the conversation, events included (Direct Line: Web
   * Chat reads the raw stream). What an event to an agent's hub carries, the customer can read too.
   */
  customerSeesEvents?: true;
}

const WEB: ChannelProfile = { cards: true, choices: 'suggested_actions' };
const DIRECT_LINE: ChannelProfile = { ...WEB, signsIn: true, customerSeesEvents: true };
/** Any channel not named here: plain text works everywhere (Telegram, Facebook, Slack, e-mail, …). */
const TEXT: ChannelProfile = { cards: false, choices: 'numbered_list' };
/** Bot Framework's SMS channel (Twilio) under both of its ids. */
const SMS: ChannelProfile = { cards: false, choices: 'numbered_list', sms: true };

const PROFILES: Readonly<Record<string, ChannelProfile>> = {
  msteams: { cards: true, choices: 'card_buttons' },
  webchat: DIRECT_LINE,
  directline: DIRECT_LINE,
  emulator: WEB,
  test: WEB,
  omnichannel: WEB,
  sms: SMS,
  'twilio-sms': SMS,
  facebook: { ...TEXT, unaskedChannelData: { messaging_type: 'MESSAGE_TAG', tag: 'POST_PURCHASE_UPDATE' } },
};

/** The channel ids this table names: the only ones a metric's `channel` label takes (src/telemetry/catalog.ts). */
export const KNOWN_CHANNELS = Object.keys(PROFILES);

export function channelProfile(channel: string | undefined): ChannelProfile {
  return PROFILES[(channel ?? '').trim().toLowerCase()] ?? TEXT;
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
