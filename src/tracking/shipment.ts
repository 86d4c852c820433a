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

export function isFinal(shipment: Shipment): boolean {
  return FINAL.has(shipment.status.category);
}

/** Nothing more will happen: every shipment is delivered, returned or lost (a watch ends, "Notify me" is not offered). */
export function allFinal(shipments: readonly Shipment[]): boolean {
  return shipments.length > 0 && shipments.every(isFinal);
}

export interface ShipmentStatus {
  category: StatusCategory;
  /** The upstream's own code, kept for logs and for codes we do not know yet. */
  code?: string;
  /** Short status text already in the requested language (Interface A localizes it); absent when the card must translate the category. */
  label?: string;
  /** Longer explanation from the upstream: in the requested language where the interface takes one (A), as sent otherwise (B). */
  details?: string;
}

export interface TrackingEvent {
  /** ISO 8601 instant; absent when the upstream sent none or an unreadable one. */
  at?: string;
  category: StatusCategory;
  code?: string;
  text?: string;
  details?: string;
  location?: string;
  /** The shop's own words (the order's checkpoint), not the carrier's. */
  byShop?: boolean;
}

export interface Carrier {
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
  /** Whether the status label and event texts are already in the requested language; when not, a card shows its own words for each category. */
  localizedTexts: boolean;
  /** Order (or import) date, ISO 8601, when the upstream reveals it. */
  orderedAt?: string;
  /** Time of the newest information, ISO 8601. */
  updatedAt?: string;
  /** Newest first. */
  events: TrackingEvent[];
  /**
   * The carrier, the tracking number, its link and the events' places were taken out: the customer is not
   * known as the order's owner (src/customers/maskedShipments.ts). Cards then say how to see them.
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
