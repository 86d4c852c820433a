/** Shipments → the replies that show them: cards where the channel renders them, one SMS on SMS, plain text elsewhere. */
import {
  channelProfile,
  isSms,
  isTeams,
  offerChoices,
  supportsAdaptiveCards,
  type Choice,
  type Message,
  type Reply,
} from '../channels';
import type { Shipment } from '../tracking/shipment';
import { largestFitting } from './budget';
import { dateFormatter, resolveLocale, resolveTimeZone } from './format';
import { VISIBLE_EVENTS, hiddenEventsAvailable, statusCardAttachment } from './statusCard';
import { SMS_EVENTS, smsReply } from './smsReply';
import { TEXT_EVENTS, joinTexts, linkButtonLabel, shipmentText } from './textReply';
import type { CardContext } from './types';
import { namedParcels, shipmentView, type ShipmentView } from './view';

/** A carousel holds at most this many cards; more shipments become several replies. */
const CARDS_PER_REPLY = 5;
/** Older events a card hides behind its toggle at most, before the size budget trims further. */
const MAX_HIDDEN_EVENTS = 20;

export interface AnswerParts {
  /** "I found 3 shipments for …": the first reply's text. */
  intro?: string;
  /** What the customer can do next ("Track another"): once, with the last reply, the way the channel shows choices. */
  choices?: readonly Choice[];
}

/**
 * Pure: (shipments, context) → the replies that show them; empty shipments → []. The intro and the
 * choices go inside the size budget, so an answer of up to five shipments arrives as one message (on
 * Teams, a carousel's choices follow it on a small card of their own: see offerChoices).
 */
export function renderShipments(shipments: Shipment[], context: CardContext, parts: AnswerParts = {}): Message[] {
  if (!shipments?.length) return [];
  const locale = resolveLocale(context.locale);
  const timeZone = resolveTimeZone(context.timeZone);
  const safe: CardContext = { ...context, locale, timeZone };
  const dates = dateFormatter(locale, timeZone, !context.customerTimeZone);
  const cards = supportsAdaptiveCards(context.channel);
  const sms = isSms(context.channel);
  const views = namedParcels(
    shipments.map((shipment) =>
      shipmentView(shipment, safe, cards ? VISIBLE_EVENTS + MAX_HIDDEN_EVENTS : sms ? SMS_EVENTS : TEXT_EVENTS, dates),
    ),
    safe.t,
  );
  if (cards) return cardReplies(views, safe, parts);
  // A masked answer says once how to see the rest (a card says it on itself, where its button would be).
  const note = views.find((view) => view.withheldNote)?.withheldNote;
  if (sms)
    return [
      smsReply(
        views.map((view, index) => ({ view, delivered: shipments[index].status?.category === 'delivered' })),
        safe,
        { ...parts, note },
      ),
    ];
  const replies = textReplies(views, safe, parts.intro, note);
  if (!parts.choices?.length) return replies;
  const last = replies.pop()!;
  return [...replies, ...offerChoices(last, parts.choices, context.channel)];
}

interface Placed {
  view: ShipmentView;
  idPrefix: string;
}

function cardReplies(views: ShipmentView[], context: CardContext, parts: AnswerParts): Message[] {
  const placed = views.map((view, index) => ({ view, idPrefix: `s${index + 1}-${idPart(view.id)}` }));
  const chunks = balancedChunks(placed, CARDS_PER_REPLY);
  return chunks.flatMap((chunk, index) =>
    fitted(
      chunk,
      context,
      index === 0 ? parts.intro : undefined,
      index === chunks.length - 1 ? parts.choices : undefined,
    ),
  );
}

/** The chunk's cards with some older events, and its choices, in one reply where it fits (else halves, down to single cards). */
function fitted(chunk: Placed[], context: CardContext, intro?: string, choices?: readonly Choice[]): Message[] {
  const teams = isTeams(context.channel);
  const build = (hiddenCap: number): Message[] => {
    const attachments = chunk.map(({ view, idPrefix }) =>
      statusCardAttachment(view, { t: context.t, hiddenCap, idPrefix, teams }),
    );
    const reply: Reply = attachments.length > 1 ? { attachments, attachmentLayout: 'carousel' } : { attachments };
    const message = intro ? { text: intro, ...reply } : reply;
    return choices ? offerChoices(message, choices, context.channel) : [message];
  };
  const replies = largestFitting(Math.max(0, ...chunk.map(({ view }) => hiddenEventsAvailable(view))), build);
  if (replies) return replies;
  // One card with no older events cannot be cut further. sanitize.ts caps every text in it, so it stays within
  // what the channel takes; it goes as it is rather than not at all.
  if (chunk.length === 1) return build(0);
  const half = Math.ceil(chunk.length / 2);
  return [...fitted(chunk.slice(0, half), context, intro), ...fitted(chunk.slice(half), context, undefined, choices)];
}

function textReplies(views: ShipmentView[], context: CardContext, intro?: string, note?: string): Message[] {
  const profile = channelProfile(context.channel);
  const blocks = views.map((view) => {
    const label = profile.linkButtonTitle ? linkButtonLabel(view, profile.linkButtonTitle) : undefined;
    return {
      text: shipmentText(view, context.t, { bold: profile.bold, linkAsButton: label !== undefined }),
      link: label && { type: 'openUrl' as const, title: label, value: view.link!.url },
    };
  });
  // A parcel with a link button ends its message, so that the button sits under that parcel and no other.
  const messages: Message[] = [];
  let texts: string[] = intro ? [intro] : [];
  for (const { text, link } of blocks) {
    texts.push(text);
    if (!link) continue;
    const joined = joinTexts(texts).map((text): Message => ({ text, textFormat: 'plain' }));
    joined[joined.length - 1].suggestedActions = { actions: [link] };
    messages.push(...joined);
    texts = [];
  }
  if (note) texts.push(note);
  return [...messages, ...joinTexts(texts).map((text): Message => ({ text, textFormat: 'plain' }))];
}

/** 6 items in chunks of at most 5 → 3 + 3, not 5 + 1. */
function balancedChunks<T>(items: T[], size: number): T[][] {
  const count = Math.ceil(items.length / size);
  const chunks: T[][] = [];
  let start = 0;
  for (let index = 0; index < count; index++) {
    const length = Math.ceil((items.length - start) / (count - index));
    chunks.push(items.slice(start, start + length));
    start += length;
  }
  return chunks;
}

/** An element id from a shipment id: safe characters only, short. */
function idPart(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 32) || 'shipment';
}
