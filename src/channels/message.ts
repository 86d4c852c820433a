/**
 * One outgoing message, as plain objects: what cards render into and what channels put choices on. It lives
 * here, below both, so that cards import channels and never the other way round.
 */

export interface Attachment {
  contentType: string;
  content: unknown;
}

/** One outgoing activity's worth: the bot sends each Reply as one message. */
export interface Reply {
  text?: string;
  /** `plain` on text renderings, so that channels do not read upstream text as Markdown. */
  textFormat?: 'plain';
  attachments?: Attachment[];
  attachmentLayout?: 'carousel' | 'list';
  /** What a channel needs besides (Messenger's message tag on a message the bot sends unasked). */
  channelData?: Record<string, unknown>;
}

/** A suggested action or hero-card button: one that sends its title, one that opens a page, or one that sends data shown as its title. */
export type ButtonAction =
  | { type: 'imBack' | 'openUrl'; title: string; value: string }
  | { type: 'messageBack'; title: string; value: Record<string, unknown>; text: string; displayText: string };

/** One outgoing message: a Reply, with the suggested actions of channels that show them. */
export interface Message extends Reply {
  suggestedActions?: { actions: ButtonAction[] };
}

export const HERO_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.hero';

/** Teams shows Adaptive Cards up to 1.5 (Web Chat renders 1.6): every card is 1.5. */
export const CARD_VERSION = '1.5';

export const ADAPTIVE_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';
