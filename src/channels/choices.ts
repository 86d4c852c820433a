/**
 * Choices put on a message the way its channel shows them (see profile.ts). Every choice is shown by
 * its translated title, and every button sends that same title back as the customer's words, so a
 * button and typing the words are one and the same answer, and no internal value is ever shown.
 */
import { ADAPTIVE_CARD_CONTENT_TYPE, type Reply } from '../cards/types';
import { channelProfile } from './profile';

export interface Choice {
  /** What the bot acts on; never shown. */
  value: string;
  /** What the customer sees, and what a button sends back. */
  title: string;
  /** A page to open instead (the shop's help page): a link button, or on text channels a line with the address. */
  url?: string;
  /** That line in the customer's language ("Page d’aide : …", French spacing); else "title: url". */
  line?: string;
}

/** A suggested action or hero-card button: one that sends its title, or one that opens a page. */
export interface ButtonAction {
  type: 'imBack' | 'openUrl';
  title: string;
  value: string;
}

/** One outgoing message: a Reply, with the suggested actions of channels that show them. */
export interface Message extends Reply {
  suggestedActions?: { actions: ButtonAction[] };
}

export const HERO_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.hero';

export function offerChoices(message: Message, choices: readonly Choice[], channel: string | undefined): Message {
  if (!choices.length) return message;
  const buttons = choices.map(({ title, url }): ButtonAction => (url ? { type: 'openUrl', title, value: url } : { type: 'imBack', title, value: title }));
  switch (channelProfile(channel).choices) {
    case 'suggested_actions':
      return { ...message, suggestedActions: { actions: buttons } };
    case 'numbered_list': {
      // A page is no answer: its address goes on a line of its own, and the numbers count only what a number picks.
      const links = choices.filter((choice) => choice.url).map((choice) => choice.line ?? `${choice.title}: ${choice.url}`);
      const answers = choices.filter((choice) => !choice.url);
      return { ...message, text: [message.text, links.join('\n'), answers.length ? numberedList(answers) : ''].filter(Boolean).join('\n\n') };
    }
    case 'card_buttons':
      return message.attachments?.some(isAdaptive) ? withSubmitButtons(message, choices) : withHeroButtons(message, buttons);
  }
}

/** "1. Order number" lines: a number picks exactly the item with that number. */
export function numberedList(choices: readonly Choice[]): string {
  return choices.map((choice, index) => `${index + 1}. ${choice.title}`).join('\n');
}

const isAdaptive = (attachment: { contentType: string }) => attachment.contentType === ADAPTIVE_CARD_CONTENT_TYPE;

/** After cards (Teams): every card carries the choices as buttons that send the title as the customer's message. */
function withSubmitButtons(message: Message, choices: readonly Choice[]): Message {
  const submits = choices.map(({ title, url }) => (url ? { type: 'Action.OpenUrl', title, url } : { type: 'Action.Submit', title, data: { msteams: { type: 'imBack', value: title } } }));
  const attachments = message.attachments!.map((attachment) => {
    if (!isAdaptive(attachment)) return attachment;
    const card = attachment.content as { actions?: unknown[] };
    return { ...attachment, content: { ...card, actions: [...(card.actions ?? []), ...submits] } };
  });
  return { ...message, attachments };
}

/** A question without cards (Teams): the text stays the message's (it is what notifications show), the buttons come on a hero card. */
function withHeroButtons(message: Message, buttons: ButtonAction[]): Message {
  const hero = { contentType: HERO_CARD_CONTENT_TYPE, content: { buttons } };
  return { ...message, attachments: [...(message.attachments ?? []), hero] };
}
