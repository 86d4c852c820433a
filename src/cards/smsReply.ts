/**
 * Shipments as one SMS, and a short one: the shop pays for every segment. The whole answer (intro,
 * shipments, note, numbered choices) is GSM-7 only, and about up to three shipments it costs at most
 * SMS_SEGMENTS. Each shipment has its line (carrier and number, or its place among several; its status
 * and the day of its newest news), what happens next when something is wrong, and the carrier's link to
 * the rest where the customer may see one. A lone shipment's newest event is told too, and the one before
 * where it adds no segment. Over the budget, what is least needed goes first: the links of delivered
 * parcels, the other links, the next steps of the less pressing problems. More shipments get one line
 * each: within the same budget while the lines fit it, else within one gateway message (1,600
 * characters), the rest counted.
 */
import { fitsOneSms, offerChoices, smsCost, toGsm7, type Choice, type Message } from '../channels';
import type { Translate } from '../i18n';
import { PROBLEM_STATES } from '../nextSteps/problem';
import { truncate } from './sanitize';
import type { CardContext } from './types';
import { eventWords, headingOf, type EventView, type ShipmentView } from './view';

/** What an answer about up to SMS_FULL_SHIPMENTS costs at most: three GSM-7 segments are 459 characters. */
const SMS_SEGMENTS = 3;
/** Up to this many shipments an SMS tells with what happens next and their links; more get one line each. */
const SMS_FULL_SHIPMENTS = 3;
/** The newest events an SMS names about a lone shipment, at most. */
export const SMS_EVENTS = 2;

interface Detail {
  events: number;
  /** The upstream's own words beside our translated event text, and the status explanation. */
  extras: boolean;
}

/** A lone shipment's two newest events, with the upstream's own words. */
const TWO_EVENTS: Detail = { events: SMS_EVENTS, extras: true };
const NEWEST: Detail = { events: 1, extras: true };
const NEWEST_PLAIN: Detail = { events: 1, extras: false };
/** Each shipment's line, next step and link alone. */
const LINE: Detail = { events: 0, extras: false };

/** Status words cut to this many characters, when even the bare lines do not fit (an upstream's labels are open-ended). */
const STATUS_LENGTHS = [60, 40, 24];

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
  /** Its link is the first to go. */
  delivered: boolean;
}

/** Which shipments keep their link and their next step, and how long a status may be. */
interface Kept {
  links: ReadonlySet<number>;
  nextSteps: ReadonlySet<number>;
  statusLength?: number;
}

type Compose = (body: string[]) => Message;

export function smsReply(shipments: SmsShipment[], context: CardContext, parts: Parts): Message {
  const intro = parts.intro && truncate(parts.intro, MAX_INTRO);
  const compose: Compose = (body) => {
    // A text channel: its choices are a numbered list in the one message.
    const [message] = offerChoices(
      { text: [intro, ...body, parts.note].filter(Boolean).join('\n\n'), textFormat: 'plain' },
      parts.choices ?? [],
      context.channel,
    );
    return { ...message, text: toGsm7(message.text ?? '') };
  };
  const views = shipments.map((shipment) => shipment.view);
  if (views.length <= SMS_FULL_SHIPMENTS) {
    const build = (detail: Detail, kept: Kept) =>
      compose([blocks(views.map((view, index) => shipmentBlock(view, index, context.t, detail, kept)))]);
    const all: Kept = {
      links: indices(views, (view) => !!view.link),
      nextSteps: indices(views, (view) => !!view.briefNextStep),
    };
    for (const { detail, kept, segments } of told(views, all, smsCost(build(LINE, all).text ?? '').segments)) {
      const message = build(detail, kept);
      if (withinBudget(message, segments)) return message;
    }
    for (const kept of leaner(shipments, all)) {
      const message = build(LINE, kept);
      if (withinBudget(message)) return message;
    }
  }
  // More than three, or three whose upstream texts or links are too long for any of the above.
  return summary(
    shipments,
    context.t,
    intro ? undefined : context.t('sms.shipments', { count: views.length }),
    compose,
  );
}

/**
 * What to try first. A lone shipment: an older event only where it costs no segment more than the bare answer;
 * its newest one within the budget, even in place of its link when the carrier's own words come with it (who
 * signed, a number to call: what the link would show first). Several shipments are a line each, read as a list.
 */
function told(
  views: ShipmentView[],
  all: Kept,
  bareSegments: number,
): Array<{ detail: Detail; kept: Kept; segments: number }> {
  if (views.length > 1) return [{ detail: LINE, kept: all, segments: SMS_SEGMENTS }];
  const ownWords = !!(views[0].events[0]?.details ?? views[0].events[0]?.carrierText);
  return [
    { detail: TWO_EVENTS, kept: all, segments: Math.min(SMS_SEGMENTS, bareSegments) },
    { detail: NEWEST, kept: all, segments: SMS_SEGMENTS },
    ...(ownWords ? [{ detail: NEWEST, kept: { ...all, links: new Set<number>() }, segments: SMS_SEGMENTS }] : []),
    { detail: NEWEST_PLAIN, kept: all, segments: SMS_SEGMENTS },
    { detail: LINE, kept: all, segments: SMS_SEGMENTS },
  ];
}

function withinBudget(message: Message, segments = SMS_SEGMENTS): boolean {
  const text = message.text ?? '';
  return fitsOneSms(text) && smsCost(text).segments <= segments;
}

function indices(views: ShipmentView[], has: (view: ShipmentView) => boolean): Set<number> {
  return new Set(views.flatMap((view, index) => (has(view) ? [index] : [])));
}

/**
 * What is kept, ever less: the links of delivered parcels go first, then the others', the last shipment's
 * first; then the next steps, the least pressing problem's first; then the statuses are cut shorter.
 */
function* leaner(shipments: SmsShipment[], all: Kept): Generator<Kept> {
  const links = new Set(all.links);
  const nextSteps = new Set(all.nextSteps);
  const linksByUse = [...links].sort(
    (a, b) => Number(shipments[b].delivered) - Number(shipments[a].delivered) || b - a,
  );
  for (const index of linksByUse) {
    links.delete(index);
    yield { links: new Set(links), nextSteps };
  }
  const pressing = (index: number) => PROBLEM_STATES.indexOf(shipments[index].view.problem!);
  // The most pressing problem keeps its next step to the end, the statuses cut shorter beside it.
  for (const index of [...nextSteps].sort((a, b) => pressing(b) - pressing(a) || b - a).slice(0, -1)) {
    nextSteps.delete(index);
    yield { links, nextSteps: new Set(nextSteps) };
  }
  for (const statusLength of STATUS_LENGTHS) yield { links, nextSteps, statusLength };
}

/** Shipments of one line each read as a list; blocks of several lines are set apart by an empty one. */
function blocks(texts: string[]): string {
  return texts.join(texts.some((text) => text.includes('\n')) ? '\n\n' : '\n');
}

function shipmentBlock(view: ShipmentView, index: number, t: Translate, detail: Detail, kept: Kept): string {
  const [newest, ...older] = view.events.slice(0, detail.events);
  const lines = [parcelLine(view, t, kept.statusLength)];
  // What happens next is what a customer with a problem came for: the last thing an answer gives up.
  if (kept.nextSteps.has(index)) lines.push(view.briefNextStep!);
  if (detail.extras && view.statusDetails) lines.push(view.statusDetails);
  if (newest) lines.push(...newestLine(newest, view, detail.extras));
  lines.push(...older.map((event) => eventLine(event, detail.extras)));
  if (kept.links.has(index)) lines.push(view.link!.url);
  return lines.join('\n');
}

/**
 * The newest event that the status above already names (with its day) adds only its own words and place
 * (the carrier's "signed for by JONES", a number to call); one that says something else is told whole.
 */
function newestLine(event: EventView, view: ShipmentView, extras: boolean): string[] {
  if (event.text !== view.status) return [eventLine(event, extras)];
  const own = [extras ? (event.details ?? event.carrierText) : undefined, event.location].filter(Boolean).join(', ');
  return own ? [own] : [];
}

/** "UPS 1Z…: In transit - Delayed, Nov 27": who the parcel is, its status, its most pressing flag, the day of its newest news. */
function parcelLine(view: ShipmentView, t: Translate, statusLength = STATUS_LENGTHS[0]): string {
  const [flag] = flags(view, t).reverse();
  const status = [truncate(view.status, statusLength), flag].filter(Boolean).join(' - ');
  const state = view.day ? `${status}, ${view.day}` : status;
  const named = headingOf(view).join(' ');
  return named ? `${named}: ${state}` : state;
}

function flags(view: ShipmentView, t: Translate): string[] {
  return [view.delayed ? t('card.delayed') : undefined, view.exception ? t('card.needs_attention') : undefined].filter(
    (flag): flag is string => !!flag,
  );
}

function eventLine(event: EventView, extras: boolean): string {
  const what = extras ? eventWords(event) : event.text;
  const line = event.location ? `${what}, ${event.location}` : what;
  return event.time ? `${event.time} - ${line}` : line;
}

/**
 * One line per shipment, the status cut shorter as needed; if even the shortest lines do not fit one
 * gateway message, the last ones are counted instead. Then each link that still fits goes under its line,
 * those of shipments not yet delivered first: they are the ones followed. Links never cost a segment
 * beyond the budget, or beyond what the lines alone cost where there are too many for it.
 */
function summary(shipments: SmsShipment[], t: Translate, count: string | undefined, compose: Compose): Message {
  const views = shipments.map((shipment) => shipment.view);
  const build = (lines: string[], links: ReadonlySet<number>, hidden: number) => {
    const rows = lines.map((line, index) => (links.has(index) ? `${line}\n${views[index].link!.url}` : line));
    const more = hidden ? [t('sms.more_shipments', { count: hidden })] : [];
    return compose([[count, ...rows, ...more].filter(Boolean).join('\n')]);
  };
  const none = new Set<number>();
  const linesOf = (statusLength: number) => views.map((view) => parcelLine(view, t, statusLength));
  let lines = linesOf(STATUS_LENGTHS[0]);
  for (const length of STATUS_LENGTHS.slice(1)) {
    if (withinBudget(build(lines, none, 0))) break;
    lines = linesOf(length);
  }
  const fits = (message: Message) => fitsOneSms(message.text ?? '');
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
  const segments = Math.max(SMS_SEGMENTS, smsCost(build(lines, none, hidden).text ?? '').segments);
  const links = new Set<number>();
  const byNeed = lines
    .map((_, index) => index)
    .sort((a, b) => Number(shipments[a].delivered) - Number(shipments[b].delivered) || a - b);
  for (const index of byNeed) {
    if (!views[index].link) continue;
    links.add(index);
    if (!withinBudget(build(lines, links, hidden), segments)) links.delete(index);
  }
  return build(lines, links, hidden);
}
