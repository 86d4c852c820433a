/**
 * The one view of a shipment that both tracking interfaces normalize into.
 * Dialogs and cards read only this, so they never know which interface answered.
 */

/** Where a shipment stands, in terms a customer understands. The upstream vocabularies are open, hence `unknown`. */
export const STATUS_CATEGORIES = [
  'pending',
  'in_transit',
  'out_for_delivery',
  'ready_for_pickup',
  'failed_attempt',
  'delivered',
  'returned',
  'exception',
  'lost',
  'unknown',
] as const;
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];

/** Past these, a shipment will not move again. */
const FINAL: ReadonlySet<StatusCategory> = new Set(['delivered', 'returned', 'lost']);

function isFinal(shipment: Shipment): boolean {
  return FINAL.has(shipment.status.category);
}

/** Nothing more will happen: every shipment is delivered, returned or lost (a watch ends, "Notify me" is not offered). */
export function allFinal(shipments: readonly Shipment[]): boolean {
  return shipments.length > 0 && shipments.every(isFinal);
}

/*
 * Whose words a text is, decided here once, by the field it is in:
 * - standard words: an interface's own status vocabulary in the customer's language (Interface A's localized
 *   `status`, `status_text` and `status_details`). They say what happened, never to whom or where: anyone who
 *   may see the order's status may read them.
 * - the carrier's own words: free text as a carrier wrote it (Interface B's event and status messages; where an
 *   event happened). It names people ("signed for by JONES"), towns, postcodes, phone numbers and the carrier
 *   itself, so only someone who may see everything reads it: src/customers/maskedShipments.ts leaves it out.
 * Interface A's `full_courier_status` is the carrier's words too, and goes nowhere but into the order date.
 */

interface ShipmentStatus {
  category: StatusCategory;
  /** The upstream's own code, kept for logs and for codes we do not know yet. */
  code?: string;
  /** Standard words: the short status text in the requested language (Interface A); absent when the card must translate the category. */
  label?: string;
  /** Standard words: the longer explanation in the requested language (Interface A). */
  details?: string;
  /**
   * The carrier's own words: a display text in no particular language (Interface B's `status.message`, which has no
   * `lang`), that may be the carrier's latest message. No card shows it: its category is explained in our words.
   */
  carrierText?: string;
}

export interface TrackingEvent {
  /** ISO 8601 instant; absent when the upstream sent none or an unreadable one. */
  at?: string;
  category: StatusCategory;
  code?: string;
  /** Standard words: what happened, in the requested language (Interface A's `status_text`). */
  text?: string;
  /** Standard words: the longer text, in the requested language (Interface A's `status_details`). */
  details?: string;
  /** The carrier's own words: its message, as it wrote it (Interface B's `message`), where it says more than the code. */
  carrierText?: string;
  /** The carrier's own words: where it happened. */
  location?: string;
  /** The shop's own words (the order's checkpoint), not the carrier's. */
  byShop?: boolean;
}

interface Carrier {
  /** Machine name, e.g. `dhl-germany` or `ups`. */
  code?: string;
  /** Display name, e.g. `DHL`. */
  name?: string;
  trackingUrl?: string;
  /** Link text in the requested language, when the upstream gives one. */
  trackingUrlLabel?: string;
}

export interface Shipment {
  /** Stable within one answer; used as the key of cards and toggles. */
  id: string;
  trackingNumber?: string;
  carrier: Carrier;
  status: ShipmentStatus;
  delayed: boolean;
  exception: boolean;
  /** Whether the interface gives standard words in the requested language (label, details, event texts); when not, a card shows its own words for each category. */
  localizedTexts: boolean;
  /** Order (or import) date, ISO 8601, when the upstream reveals it. */
  orderedAt?: string;
  /** Time of the newest information, ISO 8601. */
  updatedAt?: string;
  /** Newest first. */
  events: TrackingEvent[];
  /**
   * The carrier, the tracking number, its link and the carrier's own words (events' messages and places) were
   * taken out: the customer is not known as the order's owner (src/customers/maskedShipments.ts). Cards then
   * say how to see them.
   */
  withheld?: true;
}

/** Orders events newest first; events without a readable time go last, keeping their upstream order. */
export function newestFirst(events: TrackingEvent[]): TrackingEvent[] {
  // Each time parsed once, not in every comparison: a long history has hundreds of events.
  return events
    .map((event, index) => ({ event, index, time: timeOf(event) }))
    .sort((a, b) => b.time - a.time || b.index - a.index)
    .map(({ event }) => event);
}

/** An event's time in ms; one without a readable time counts as the oldest. */
export function timeOf(event: TrackingEvent): number {
  const ms = event.at ? Date.parse(event.at) : Number.NaN;
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Returns the input as an ISO instant when it is a readable date, else undefined. */
export function toInstant(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}
