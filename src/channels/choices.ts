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
}

export interface ImBack {
  type: 'imBack';
  title: string;
  value: string;
}

/** One outgoing message: a Reply, with the suggested actions of channels that show them. */
export interface Message extends Reply {
  suggestedActions?: { actions: ImBack[] };
}

export const HERO_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.hero';

export function offerChoices(message: Message, choices: readonly Choice[], channel: string | undefined): Message {
  if (!choices.length) return message;
  const buttons = choices.map(({ title }): ImBack => ({ type: 'imBack', title, value: title }));
  switch (channelProfile(channel).choices) {
    case 'suggested_actions':
      return { ...message, suggestedActions: { actions: buttons } };
    case 'numbered_list':
      return { ...message, text: [message.text, numberedList(choices)].filter(Boolean).join('\n\n') };
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
  const submits = choices.map(({ title }) => ({ type: 'Action.Submit', title, data: { msteams: { type: 'imBack', value: title } } }));
  const attachments = message.attachments!.map((attachment) => {
    if (!isAdaptive(attachment)) return attachment;
    const card = attachment.content as { actions?: unknown[] };
    return { ...attachment, content: { ...card, actions: [...(card.actions ?? []), ...submits] } };
  });
  return { ...message, attachments };
}

/** A question without cards (Teams): the text stays the message's (it is what notifications show), the buttons come on a hero card. */
function withHeroButtons(message: Message, buttons: ImBack[]): Message {
  const hero = { contentType: HERO_CARD_CONTENT_TYPE, content: { buttons } };
  return { ...message, attachments: [...(message.attachments ?? []), hero] };
}
