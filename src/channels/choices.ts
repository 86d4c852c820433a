/**
 * Choices put on a message the way its channel shows them (see profile.ts). Every choice is shown by
 * its translated title, and every button sends that same title back as the customer's words, so a
 * button and typing the words are one and the same answer, and no internal value is ever shown. A choice
 * that carries data (a signed-in customer's order) sends it as the activity's value too, with its title as
 * the words shown, so it is acted on in that turn whatever the words; a numbered list picks it by its number.
 */
import {
  ADAPTIVE_CARD_CONTENT_TYPE,
  CARD_VERSION,
  HERO_CARD_CONTENT_TYPE,
  type Attachment,
  type ButtonAction,
  type Message,
} from './message';
import { channelProfile } from './profile';
import { WHATSAPP_LIMITS, charactersIn } from './whatsapp/limits';

export interface Choice {
  /** What the bot acts on; never shown. */
  value: string;
  /** What the customer sees, and what a button sends back. */
  title: string;
  /** The same in fewer words, the bot's own, where a button holds few characters (WhatsApp's); it picks the choice too. */
  short?: string;
  /** A page to open instead (the shop's help page): a link button, or on text channels a line with the address. */
  url?: string;
  /** That line in the customer's language ("Page d’aide : …", French spacing); else "title: url". */
  line?: string;
  /** Sent back as the activity's value with the title as its words (a lookup sent as data). */
  data?: Record<string, unknown>;
}

/**
 * The message with its choices, as the messages that carry them: one, except on Teams after a carousel,
 * where the choices come on a small card in a message of their own right after the cards.
 */
export function offerChoices(message: Message, choices: readonly Choice[], channel: string | undefined): Message[] {
  if (!choices.length) return [message];
  const buttons = choices.map(button);
  switch (channelProfile(channel).choices) {
    case 'suggested_actions':
      return [{ ...message, suggestedActions: { actions: buttons } }];
    case 'numbered_list':
      return [withNumberedList(message, choices)];
    case 'card_buttons':
      return message.attachments?.some(isAdaptive) ? afterCards(message, choices) : [withHeroButtons(message, buttons)];
    case 'reply_buttons':
      return [withWhatsAppChoices(message, choices, channelProfile(channel).linkButtonTitle ?? 0)];
  }
}

/** A page is no answer: its address goes on a line of its own, and the numbers count only what a number picks. */
function withNumberedList(message: Message, choices: readonly Choice[]): Message {
  const links = choices.filter((choice) => choice.url).map((choice) => choice.line ?? `${choice.title}: ${choice.url}`);
  const answers = choices.filter((choice) => !choice.url);
  return {
    ...message,
    text: [message.text, links.join('\n'), answers.length ? numberedList(answers) : ''].filter(Boolean).join('\n\n'),
  };
}

/**
 * WhatsApp (its adapter draws the suggested actions, outgoingMessages.ts): the answers as reply buttons where
 * they fit, else as a list, each under its title or, where that is too long, its shorter wording; else numbered
 * lines. A page is a link button of its own where its title fits one, else its line in the text.
 */
function withWhatsAppChoices(message: Message, choices: readonly Choice[], linkTitle: number): Message {
  const answers = choices.filter((choice) => !choice.url);
  const titles = whatsAppTitles(answers);
  const pages = choices.filter((choice) => choice.url);
  const linkButtons = pages.filter((choice) => charactersIn(choice.title) <= linkTitle);
  const shown = withNumberedList(message, [
    ...pages.filter((choice) => !linkButtons.includes(choice)),
    ...(titles ? [] : answers),
  ]);
  // The message may hold a link button already (its parcel's tracking link): the choices join it.
  const actions = [
    ...(message.suggestedActions?.actions ?? []),
    ...(titles ? answers.map((choice, i) => button({ ...choice, title: titles[i] })) : []),
    ...linkButtons.map(button),
  ];
  return actions.length ? { ...shown, suggestedActions: { actions } } : shown;
}

/** The titles the answers show as WhatsApp buttons, or as a list's rows; undefined when they fit neither. */
function whatsAppTitles(answers: readonly Choice[]): string[] | undefined {
  const within = (max: number) => {
    const titles = answers.map((choice) =>
      [choice.title, choice.short].find((title) => title !== undefined && charactersIn(title) <= max),
    );
    // Meta wants each title unique: two choices under one title could not be told apart by a press.
    return titles.every((title) => title !== undefined) && new Set(titles).size === titles.length ? titles : undefined;
  };
  if (answers.length <= WHATSAPP_LIMITS.buttons) {
    const titles = within(WHATSAPP_LIMITS.buttonTitle);
    if (titles) return titles;
  }
  return answers.length <= WHATSAPP_LIMITS.rows ? within(WHATSAPP_LIMITS.rowTitle) : undefined;
}

/** "1. Order number" lines: a number picks exactly the item with that number. */
function numberedList(choices: readonly Choice[]): string {
  return choices.map((choice, index) => `${index + 1}. ${choice.title}`).join('\n');
}

function button({ title, url, data }: Choice): ButtonAction {
  if (url) return { type: 'openUrl', title, value: url };
  return data
    ? { type: 'messageBack', title, value: data, text: title, displayText: title }
    : { type: 'imBack', title, value: title };
}

const isAdaptive = (attachment: { contentType: string }) => attachment.contentType === ADAPTIVE_CARD_CONTENT_TYPE;

/**
 * After cards (Teams): the choices are about the whole answer, so they come once, on a card of their own
 * that holds only them, as buttons that send the title as the customer's message; each parcel's card keeps
 * only its own buttons (its carrier link). Below a single card in the same message; after a carousel in
 * the next message, since a card added to a carousel would be one more slide, off to the side.
 */
function afterCards(message: Message, choices: readonly Choice[]): Message[] {
  const actions = choices.map(({ title, url, data }) =>
    url
      ? { type: 'Action.OpenUrl', title, url }
      : {
          type: 'Action.Submit',
          title,
          data: data
            ? { ...data, msteams: { type: 'messageBack', text: title, displayText: title } }
            : { msteams: { type: 'imBack', value: title } },
        },
  );
  // One button a row: Teams lays a card's buttons out side by side and cuts what does not fit (three on a phone, five anywhere).
  const body = actions.map((action, index) => ({
    type: 'ActionSet',
    actions: [action],
    spacing: index ? 'small' : 'none',
  }));
  const card: Attachment = {
    contentType: ADAPTIVE_CARD_CONTENT_TYPE,
    content: { type: 'AdaptiveCard', version: CARD_VERSION, body },
  };
  const attachments = message.attachments!;
  if (attachments.length > 1) return [message, { attachments: [card] }];
  return [{ ...message, attachments: [...attachments, card], attachmentLayout: 'list' }];
}

/** A question without cards (Teams): the text stays the message's (it is what notifications show), the buttons come on a hero card. */
function withHeroButtons(message: Message, buttons: ButtonAction[]): Message {
  const hero = { contentType: HERO_CARD_CONTENT_TYPE, content: { buttons } };
  return { ...message, attachments: [...(message.attachments ?? []), hero] };
}
