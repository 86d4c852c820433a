/**
 * What a customer sees of one bot activity, whatever the channel: the words, the choices (suggested
 * actions, Teams card buttons, or a numbered list at the end of the text) and the cards.
 */
import type { Activity } from 'botbuilder';

export interface Seen {
  typing: boolean;
  /** The words, without a numbered list of choices at their end. */
  text: string;
  /** The choices' titles as shown, in order. */
  choices: string[];
  /** How they are shown. */
  style?: 'suggested_actions' | 'card_buttons' | 'numbered_list';
  /** Adaptive Card contents (not Teams' card that holds only the choices). */
  cards: AdaptiveCard[];
  /** Every other attachment's content type (a hero card holding choices is not counted). */
  other: string[];
}

/** An Adaptive Card as JSON: the fields these helpers read, and whatever else it holds. */
export interface AdaptiveCard {
  version?: string;
  body?: CardElement[];
  actions?: CardAction[];
  [field: string]: unknown;
}
interface CardElement {
  type?: string;
  actions?: CardAction[];
  [field: string]: unknown;
}
export interface CardAction {
  type?: string;
  title?: string;
  data?: { msteams?: { type?: string; [field: string]: unknown }; [field: string]: unknown };
  [field: string]: unknown;
}

const ADAPTIVE = 'application/vnd.microsoft.card.adaptive';
const HERO = 'application/vnd.microsoft.card.hero';
/** "1. Order number" lines closing a text. */
const NUMBERED = /\n\n((?:\d+\. .+(?:\n|$))+)$/;

export function seen(activity: Partial<Activity>): Seen {
  const attachments = activity.attachments ?? [];
  const adaptive = attachments.filter((a) => a.contentType === ADAPTIVE).map((a) => a.content as AdaptiveCard);
  const cards = adaptive.filter((card) => !isChoicesCard(card));
  const choicesCard = adaptive.find(isChoicesCard);
  const hero = attachments.filter((a) => a.contentType === HERO);
  const other = attachments
    .filter((a) => a.contentType !== ADAPTIVE && a.contentType !== HERO)
    .map((a) => a.contentType);
  let text = activity.text ?? '';
  let choices: string[] = [];
  let style: Seen['style'];
  const listed = NUMBERED.exec(text);
  if (activity.suggestedActions?.actions?.length) {
    choices = activity.suggestedActions.actions.map((a) => String(a.title));
    style = 'suggested_actions';
  } else if (hero.length) {
    choices = hero.flatMap((h) =>
      ((h.content as { buttons?: Array<{ title: string }> }).buttons ?? []).map((b) => b.title),
    );
    style = 'card_buttons';
  } else if (choicesCard) {
    // Teams, after cards: the choices on a card of their own, which shows nothing else.
    choices = submits(choicesCard);
    style = 'card_buttons';
  } else if (listed) {
    text = text.slice(0, listed.index);
    choices = listed[1]
      .trim()
      .split('\n')
      .map((line) => line.replace(/^\d+\. /, ''));
    style = 'numbered_list';
  }
  return { typing: activity.type === 'typing', text, choices, style, cards, other };
}

/** Teams' card of an answer's choices: buttons, and nothing else. */
export function isChoicesCard(card: AdaptiveCard): boolean {
  return (card.body ?? []).every((element) => element.type === 'ActionSet') && submits(card).length > 0;
}

/** A card's buttons in its body's action sets and at its foot, in order (the toggles of older events left out). */
export function cardButtons(card: AdaptiveCard): CardAction[] {
  const actions = [
    ...(card.body ?? []).filter((element) => element.type === 'ActionSet').flatMap((set) => set.actions ?? []),
    ...(card.actions ?? []),
  ];
  return actions.filter((a) => a.type !== 'Action.ToggleVisibility');
}

/** The titles of a card's buttons that send words back (Teams imBack through Action.Submit). */
function submits(card: AdaptiveCard): string[] {
  return cardButtons(card)
    .filter((a) => a.type === 'Action.Submit' && a.data?.msteams?.type === 'imBack')
    .map((a) => a.title as string);
}

/** Every string a customer can read in an activity: texts, titles, card texts and facts. */
export function visibleStrings(activity: Partial<Activity>): string[] {
  const out: string[] = [];
  const walk = (node: unknown, key?: string): void => {
    if (typeof node === 'string') {
      if (['text', 'title', 'value', 'altText', 'fallbackText', 'speak', 'subtitle'].includes(key ?? ''))
        out.push(node);
      return;
    }
    if (Array.isArray(node)) return node.forEach((item) => walk(item, key));
    if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, k);
  };
  if (activity.text) out.push(activity.text);
  walk(activity.suggestedActions);
  walk(activity.attachments?.map((a): unknown => a.content));
  return out;
}
