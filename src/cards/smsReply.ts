/**
 * Shipments as one SMS: the whole answer (intro, shipments, numbered choices) is one gateway message of
 * at most 1,600 characters in GSM-7 only, so it arrives as one text in 160-character segments, not as
 * many 70-character ones. Up to three shipments are told in full but short (carrier and number, status,
 * the newest event or two with time and place, the link); more get one line each.
 */
import { fitsOneSms, offerChoices, toGsm7, type Choice, type Message } from '../channels';
import type { Translate } from '../i18n';
import { truncate } from './sanitize';
import type { CardContext } from './types';
import { eventWords, headingOf, type EventView, type ShipmentView } from './view';

/** Up to this many shipments an SMS tells in full; more are summarised, one line each. */
export const SMS_FULL_SHIPMENTS = 3;
/** The newest events an SMS names per shipment, at most. */
export const SMS_EVENTS = 2;

interface Detail {
  events: number;
  /** The upstream's own words beside our translated event text, and the status explanation. */
  extras: boolean;
  /** Upstream texts cut to this many characters. */
  clip?: number;
}

/** From the most to the least said; the first that fits is sent. */
const DETAILS: readonly Detail[] = [
  { events: SMS_EVENTS, extras: true },
  { events: 1, extras: true },
  { events: 1, extras: false },
  { events: 1, extras: false, clip: 40 },
];

/** Status words in a summary line: long enough for any translated status, short enough for twenty lines. */
const SUMMARY_STATUS = [60, 40, 24];

/** The intro names what the customer typed; a list of many numbers is cut, so that the answer still fits. */
const MAX_INTRO = 300;

interface Parts {
  intro?: string;
  /** Said once after the shipments (how to see what a masked answer leaves out). */
  note?: string;
  choices?: readonly Choice[];
}

export interface SmsShipment {
  view: ShipmentView;
  /** Its link is the last a summary gives up. */
  delivered: boolean;
}

export function smsReply(shipments: SmsShipment[], context: CardContext, parts: Parts): Message {
  const intro = parts.intro && truncate(parts.intro, MAX_INTRO);
  const compose = (body: string[]): Message => {
    // A text channel: its choices are a numbered list in the one message.
    const [message] = offerChoices({ text: [intro, ...body, parts.note].filter(Boolean).join('\n\n'), textFormat: 'plain' }, parts.choices ?? [], context.channel);
    return { ...message, text: toGsm7(message.text ?? '') };
  };
  const views = shipments.map((shipment) => shipment.view);
  if (views.length <= SMS_FULL_SHIPMENTS) {
    for (const detail of DETAILS) {
      const message = compose(views.map((view) => shipmentBlock(view, context.t, detail)));
      if (fits(message)) return message;
    }
  }
  // More than three, or three whose upstream texts or links are too long for any of the above.
  return summary(shipments, context.t, intro ? undefined : context.t('sms.shipments', { count: views.length }), compose);
}

function fits(message: Message): boolean {
  return fitsOneSms(message.text ?? '');
}

function shipmentBlock(view: ShipmentView, t: Translate, detail: Detail): string {
  const clip = (text: string) => (detail.clip ? truncate(text, detail.clip) : text);
  const shown = view.events.slice(0, detail.events);
  const status = [clip(view.status), ...flags(view, t)].join(' - ');
  const lines = [heading(view), shown.length || !view.updatedAt ? status : `${status} (${view.updatedAt})`].filter(Boolean);
  // What happens next is what a customer with a problem came for: kept at every level of detail.
  if (view.nextStep) lines.push(view.nextStep);
  if (detail.extras && view.statusDetails) lines.push(view.statusDetails);
  lines.push(...shown.map((event) => eventLine(event, detail.extras, clip)));
  if (view.link) lines.push(view.link.url);
  return lines.join('\n');
}

function heading(view: ShipmentView): string {
  return headingOf(view).join(' ');
}

function flags(view: ShipmentView, t: Translate): string[] {
  return [view.delayed ? t('card.delayed') : undefined, view.exception ? t('card.needs_attention') : undefined].filter((flag): flag is string => !!flag);
}

function eventLine(event: EventView, extras: boolean, clip: (text: string) => string): string {
  const what = clip(extras ? eventWords(event) : event.text);
  const line = event.location ? `${what}, ${clip(event.location)}` : what;
  return event.time ? `${event.time} - ${line}` : line;
}

/**
 * One line per shipment (carrier, number, status, its most pressing flag), the status cut shorter as
 * needed; if even the shortest lines do not fit, the last ones are counted instead. Then each link that
 * still fits goes under its line, those of shipments not yet delivered first: they are the ones followed.
 */
function summary(shipments: SmsShipment[], t: Translate, count: string | undefined, compose: (body: string[]) => Message): Message {
  const views = shipments.map((shipment) => shipment.view);
  const build = (lines: string[], links: ReadonlySet<number>, hidden: number) => {
    const rows = lines.map((line, index) => (links.has(index) ? `${line}\n${views[index].link!.url}` : line));
    const more = hidden ? [t('sms.more_shipments', { count: hidden })] : [];
    return compose([[count, ...rows, ...more].filter(Boolean).join('\n')]);
  };
  const none = new Set<number>();
  let lines = summaryLines(views, t, SUMMARY_STATUS[0]);
  for (const length of SUMMARY_STATUS.slice(1)) {
    if (fits(build(lines, none, 0))) break;
    lines = summaryLines(views, t, length);
  }
  if (!fits(build(lines, none, 0))) {
    // The most lines that fit beside the count of the rest, by binary search: an upstream may list hundreds.
    let [low, high] = [1, lines.length - 1];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (fits(build(lines.slice(0, middle), none, lines.length - middle))) low = middle;
      else high = middle - 1;
    }
    lines = lines.slice(0, low);
  }
  const hidden = views.length - lines.length;
  const links = new Set<number>();
  const byNeed = lines.map((_, index) => index).sort((a, b) => Number(shipments[a].delivered) - Number(shipments[b].delivered) || a - b);
  for (const index of byNeed) {
    if (!views[index].link) continue;
    links.add(index);
    if (!fits(build(lines, links, hidden))) links.delete(index);
  }
  return build(lines, links, hidden);
}

function summaryLines(views: ShipmentView[], t: Translate, statusLength: number): string[] {
  return views.map((view) => {
    const [flag] = flags(view, t).reverse();
    const status = [truncate(view.status, statusLength), flag].filter(Boolean).join(' - ');
    const named = heading(view);
    return named ? `${named}: ${status}` : status;
  });
}
