/**
 * A shipment turned into the words and dates a card or a text shows, once per render: sanitized,
 * capped, translated and formatted. Renderers only arrange these strings (and escape them for Markdown).
 */
import { STATUS_CATEGORIES, newestFirst, type Shipment, type StatusCategory, type TrackingEvent } from '../tracking/shipment';
import { dateFormatter, type DateFormatter } from './format';
import { LIMITS, clean, cleanUrl } from './sanitize';
import type { CardContext } from './types';

export type Tone = 'good' | 'warning' | 'attention';

export interface EventView {
  /** What happened, in the user's language. */
  text: string;
  /** The upstream's own words when they are not in the user's language (shown as a subtle second line). */
  upstreamText?: string;
  /** Compact date and time in the user's zone. */
  time?: string;
  location?: string;
}

export interface ShipmentView {
  id: string;
  carrier: string;
  trackingNumber?: string;
  status: string;
  statusDetails?: string;
  tone: Tone;
  delayed: boolean;
  exception: boolean;
  orderedAt?: string;
  updatedAt?: string;
  /** Newest first; only as many as any renderer may show (the rest is counted in `eventCount`). */
  events: EventView[];
  eventCount: number;
  /** `labels`: the button's possible titles, best first (the carrier's own, ours naming the carrier, ours); the card picks the first that fits. */
  link?: { url: string; labels: string[] };
  /** One line (carrier, number, status) for fallbackText and speak. */
  summary: string;
}

const TONES: Record<StatusCategory, Tone> = {
  pending: 'good',
  in_transit: 'good',
  out_for_delivery: 'good',
  ready_for_pickup: 'good',
  delivered: 'good',
  failed_attempt: 'warning',
  returned: 'warning',
  unknown: 'warning',
  exception: 'attention',
  lost: 'attention',
};

export function toneOf(shipment: Pick<Shipment, 'status' | 'delayed' | 'exception'>): Tone {
  if (shipment.exception) return 'attention';
  const tone = TONES[known(shipment.status.category)];
  return tone === 'good' && shipment.delayed ? 'warning' : tone;
}

/** `maxEvents`: how many of the newest events to prepare; renderers never show more. */
export function shipmentView(shipment: Shipment, context: CardContext, maxEvents: number, dates = dateFormatter(context.locale, context.timeZone)): ShipmentView {
  const { t } = context;
  const localized = shipment.localizedTexts === true;
  const carrierName = clean(shipment.carrier?.name, LIMITS.carrier);
  const carrier = carrierName ?? t('card.carrier_unknown');
  const trackingNumber = clean(shipment.trackingNumber, LIMITS.trackingNumber);
  const category = known(shipment.status?.category);
  const label = localized ? clean(shipment.status?.label, LIMITS.statusLabel) : undefined;
  const status = label ?? categoryText(category, t);
  const events = newestFirst(shipment.events ?? []);
  const url = cleanUrl(shipment.carrier?.trackingUrl);
  const linkLabels = [clean(shipment.carrier?.trackingUrlLabel, LIMITS.linkLabel), carrierName && t('card.track_on', { carrier: carrierName }), t('card.track_on_carrier_site')].filter((label): label is string => !!label);
  const summary = trackingNumber ? t('card.summary_with_number', { carrier, number: trackingNumber, status }) : t('card.summary', { carrier, status });

  return {
    id: String(shipment.id ?? ''),
    carrier,
    trackingNumber,
    status,
    statusDetails: unlessSame(clean(shipment.status?.details, LIMITS.statusDetails), status),
    tone: toneOf({ status: { category }, delayed: shipment.delayed === true, exception: shipment.exception === true }),
    delayed: shipment.delayed === true,
    exception: shipment.exception === true,
    orderedAt: dates.date(shipment.orderedAt),
    updatedAt: dates.dateTime(shipment.updatedAt),
    events: events.slice(0, Math.max(0, maxEvents)).map((event) => eventView(event, localized, context, dates)),
    eventCount: events.length,
    link: url ? { url, labels: linkLabels } : undefined,
    summary,
  };
}

function eventView(event: TrackingEvent, localized: boolean, context: CardContext, dates: DateFormatter): EventView {
  const upstream = clean(event.text, LIMITS.eventText);
  const translated = categoryText(event.category, context.t);
  return {
    text: localized ? (upstream ?? translated) : translated,
    upstreamText: localized ? undefined : unlessSame(upstream, translated),
    time: dates.shortDateTime(event.at),
    location: clean(event.location, LIMITS.location),
  };
}

/** A secondary text that only repeats the main one ("In transit" under "In transit") says nothing: drop it. */
function unlessSame(secondary: string | undefined, main: string): string | undefined {
  const words = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return secondary && words(secondary) !== words(main) ? secondary : undefined;
}

/** The open upstream vocabularies may still slip an unlisted category through at runtime. */
function known(category: StatusCategory | undefined): StatusCategory {
  return category && (STATUS_CATEGORIES as readonly string[]).includes(category) ? category : 'unknown';
}

function categoryText(category: StatusCategory | undefined, t: CardContext['t']): string {
  return t(`status.${known(category)}`);
}
