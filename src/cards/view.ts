/**
 * A shipment turned into the words and dates a card or a text shows, once per render: sanitized,
 * capped, translated and formatted. Renderers only arrange these strings (and escape them for Markdown).
 */
import { problemOf, type ProblemState } from '../nextSteps/problem';
import { Memo } from '../runtime/memo';
import { inCustomerLanguage } from '../tracking/carrierSiteLanguage';
import {
  STATUS_CATEGORIES,
  newestFirst,
  timeOf,
  type Shipment,
  type StatusCategory,
  type TrackingEvent,
} from '../tracking/shipment';
import { dateFormatter, type DateFormatter } from './format';
import { LIMITS, clean, cleanUrl } from './sanitize';
import type { CardContext } from './types';
import { channelProfile } from '../channels';

export interface EventView {
  /** What happened, in the user's language. */
  text: string;
  /** The longer words of the event (Interface A's status_details), where they add to `text`: the carrier's, named and quoted. */
  details?: string;
  /** The carrier's own message where it adds to `text` (a subtle second line), named and quoted; never in a masked shipment. */
  carrierText?: string;
  /** Date and time in the answer's one format. */
  time?: string;
  location?: string;
  /** How many identical events in a row this one stands for (the newest shown); absent for one. */
  repeats?: number;
}

export interface ShipmentView {
  id: string;
  /** The carrier's name, or our word for an unknown one; absent when withheld (nothing to name, nothing to say is missing). */
  carrier?: string;
  trackingNumber?: string;
  status: string;
  /** What the status means: ours, or the carrier's (named and quoted); absent when `nextStep` says it. */
  statusDetails?: string;
  delayed: boolean;
  exception: boolean;
  orderedAt?: string;
  updatedAt?: string;
  /** Newest first, runs of identical events told once; only as many as any renderer may show (the rest is counted in `eventCount`). */
  events: EventView[];
  eventCount: number;
  /** `labels`: the button's possible titles, best first (the carrier's own, ours naming the carrier, ours); the card picks the first that fits. */
  link?: { url: string; labels: string[] };
  /** What is wrong, if anything, and what happens next, in the user's language. */
  problem?: ProblemState;
  nextStep?: string;
  /** The same in a few words, for an SMS, where every 153 characters are paid for. */
  briefNextStep?: string;
  /** The day of the newest news (`27 Nov`): what an SMS line dates its status by. */
  day?: string;
  /** One line (carrier, number, status) for fallbackText and speak. */
  summary: string;
  /** The customer is not known as the owner: carrier, number, link and places are not in the shipment (renderers say how to see them). */
  withheld: boolean;
  /** When withheld, what to say instead: sign in to see the rest, or, to a customer already signed in, that the order is not theirs. */
  withheldNote?: string;
  /** A withheld parcel among several, named by its place in the answer ("Parcel 2 of 3"): nothing of its own may tell them apart. */
  name?: string;
}

/** The views of one answer, masked parcels of several numbered in the order they are shown. */
export function namedParcels(views: ShipmentView[], t: CardContext['t']): ShipmentView[] {
  if (views.length < 2) return views;
  return views.map((view, index) =>
    view.withheld ? { ...view, name: t('card.parcel_of', { index: index + 1, total: views.length }) } : view,
  );
}

/** What heads a parcel's block: its carrier (or, withheld, its name) and its number, whichever there are. */
export function headingOf(view: ShipmentView): string[] {
  return [view.carrier ?? view.name, view.trackingNumber].filter((part): part is string => !!part);
}

/** `maxEvents`: how many of the newest events to prepare; renderers never show more. */
export function shipmentView(
  shipment: Shipment,
  context: CardContext,
  maxEvents: number,
  dates = dateFormatter(context.locale, context.timeZone, !context.customerTimeZone),
): ShipmentView {
  const { t } = context;
  const localized = shipment.localizedTexts === true;
  const carrierName = clean(shipment.carrier?.name, LIMITS.carrier);
  const withheld = shipment.withheld === true;
  const carrier = carrierName ?? (withheld ? undefined : t('card.carrier_unknown'));
  const trackingNumber = clean(shipment.trackingNumber, LIMITS.trackingNumber);
  const category = known(shipment.status?.category);
  const label = localized ? clean(shipment.status?.label, LIMITS.statusLabel) : undefined;
  const status = label ?? categoryText(category, t);
  const ordered = newestFirst(shipment.events ?? []);
  const runs = runsOf(ordered);
  const url = inCustomerLanguage(cleanUrl(shipment.carrier?.trackingUrl), context.locale);
  const linkLabels = [
    clean(shipment.carrier?.trackingUrlLabel, LIMITS.linkLabel),
    carrierName && t('card.track_on', { carrier: carrierName }),
    t('card.track_on_carrier_site'),
  ].filter((label): label is string => !!label);
  const summary = !carrier
    ? status
    : trackingNumber
      ? t('card.summary_with_number', { carrier, number: trackingNumber, status })
      : t('card.summary', { carrier, status });
  // An interface that speaks the customer's language explains its status itself; for one that does not, the explanation is ours.
  const details = localized ? clean(shipment.status?.details, LIMITS.statusDetails) : t(`status_explained.${category}`);
  // A masked shipment keeps only the interface's standard words, and no carrier to name: they are nobody's quote.
  const said = shipment.withheld ? (words: string) => words : carrierSaid(carrierName, t);
  const problem = problemOf(shipment, context.now ?? Number.NaN, context.staleAfterDays ?? Number.POSITIVE_INFINITY);
  const problemWords = problem && { count: problem.days, since: dates.date(problem.since) };
  const nextStep = problem && t(`next_step.${problem.state}`, problemWords);
  const briefNextStep = problem && t(`sms.next_step.${problem.state}`, problemWords);

  // What happens next says what is wrong as well: the status is not explained a second time, in our words or the
  // carrier's (theirs stay in the timeline, where the newest event keeps them).
  const explained = unlessSame(details, status);
  const statusDetails = nextStep || !explained ? undefined : localized ? said(explained) : explained;
  const events = runs.slice(0, Math.max(0, maxEvents)).map((run) => eventView(run, localized, context, dates, said));
  // Interface A's last status repeats its newest checkpoint: the header says it, so the timeline need not again.
  if (events[0]?.details && events[0].details === statusDetails) events[0] = { ...events[0], details: undefined };

  return {
    id: String(shipment.id ?? ''),
    carrier,
    trackingNumber,
    status,
    statusDetails,
    delayed: shipment.delayed === true,
    exception: shipment.exception === true,
    orderedAt: dates.date(shipment.orderedAt),
    updatedAt: dates.dateTime(shipment.updatedAt),
    events,
    eventCount: runs.length,
    link: url ? { url, labels: linkLabels } : undefined,
    problem: problem?.state,
    nextStep,
    briefNextStep,
    day: dates.day(ordered.find((event) => timeOf(event) > Number.NEGATIVE_INFINITY)?.at ?? shipment.updatedAt),
    summary,
    withheld,
    withheldNote: withheld ? t(withheldNoteKey(context)) : undefined,
  };
}

/**
 * Why a masked card shows less, and what would show more: the order is someone else's; or signing in, where
 * this channel signs customers in; or else the chat on the shop's website, since signing in changes nothing here.
 */
function withheldNoteKey(context: CardContext): string {
  if (context.signedIn) return 'card.not_your_order';
  return channelProfile(context.channel).signsIn ? 'card.sign_in_for_details' : 'card.details_in_web_chat';
}

/** What happened, on one line of text: our words, then in brackets the event's own (its details, or the carrier's message). */
export function eventWords(event: EventView): string {
  const said = event.details ?? event.carrierText;
  return said ? `${event.text} (${said})` : event.text;
}

interface Run {
  /** The newest event of the run. */
  event: TrackingEvent;
  count: number;
}

/**
 * Consecutive events that say the same thing at the same place are one line of the story: scanners
 * repeat themselves, and ten "In transit, Leipzig" in a row tell the customer nothing ten times.
 */
function runsOf(events: TrackingEvent[]): Run[] {
  const runs: Run[] = [];
  for (const event of events) {
    const last = runs[runs.length - 1]?.event;
    if (last && sameEvent(last, event)) runs[runs.length - 1].count += 1;
    else runs.push({ event, count: 1 });
  }
  return runs;
}

function sameEvent(a: TrackingEvent, b: TrackingEvent): boolean {
  return (
    a.category === b.category &&
    a.text === b.text &&
    a.details === b.details &&
    a.carrierText === b.carrierText &&
    a.location === b.location
  );
}

function eventView(
  { event, count }: Run,
  localized: boolean,
  context: CardContext,
  dates: DateFormatter,
  said: (words: string) => string,
): EventView {
  const standard = localized ? clean(event.text, LIMITS.eventText) : undefined;
  const text = standard ?? categoryText(event.category, context.t);
  const details = localized ? unlessSame(clean(event.details, LIMITS.eventText), text) : undefined;
  const carrierText = unlessSame(clean(event.carrierText, LIMITS.eventText), text);
  const theirs = (words: string | undefined) => (words && !event.byShop ? said(words) : words);
  return {
    text,
    details: theirs(details),
    carrierText: theirs(carrierText),
    time: dates.dateTime(event.at),
    location: clean(event.location, LIMITS.location),
    repeats: count > 1 ? count : undefined,
  };
}

/** Marks where the words go in the translated pattern, built once per view. */
const WORDS = '\ue000';

/**
 * The carrier's own words, after its name and in the language's quotes ("Royal Mail: “We've got it”"), so
 * that their "we" is never read as the shop's.
 */
function carrierSaid(carrierName: string | undefined, t: CardContext['t']): (words: string) => string {
  const pattern = t('card.carrier_said', { carrier: carrierName ?? t('card.the_carrier'), words: WORDS });
  // The words come after the name in every language: the last mark is theirs, whatever the name holds.
  const at = pattern.lastIndexOf(WORDS);
  return (words) => `${pattern.slice(0, at)}${words}${pattern.slice(at + WORDS.length)}`;
}

/** A secondary text that only repeats the main one ("In transit" under "In transit") says nothing: drop it. */
function unlessSame(secondary: string | undefined, main: string): string | undefined {
  return secondary && secondary !== main && wordsOf(secondary) !== wordsOf(main) ? secondary : undefined;
}

/** Texts compared this way repeat across events and answers (status labels, the carriers' stock phrases): remember a few hundred. */
const words = new Memo<string>(512);

function wordsOf(text: string): string {
  return words.get(text, () =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim(),
  );
}

/** The open upstream vocabularies may still slip an unlisted category through at runtime. */
function known(category: StatusCategory | undefined): StatusCategory {
  return category && (STATUS_CATEGORIES as readonly string[]).includes(category) ? category : 'unknown';
}

function categoryText(category: StatusCategory | undefined, t: CardContext['t']): string {
  return t(`status.${known(category)}`);
}
