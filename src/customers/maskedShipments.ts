/**
 * The masked view of an order (ORDER_DETAILS=masked, for anyone but its owner): the status and what it
 * means, dates, and what each event says in standard words (src/tracking/shipment.ts), but no tracking number,
 * carrier, carrier link, nor any of the carrier's own words (its messages, which name people, towns, postcodes
 * and phone numbers, and its places). Masking
 * the Shipment itself, before anything renders it, is what keeps every card, text, SMS and update safe.
 * Fields are copied by name, never spread: a field added to Shipment later stays out until someone decides
 * a stranger may see it.
 */
import { isSharedAnswer, shareAnswer } from '../tracking/sharedAnswer';
import type { Shipment, TrackingEvent } from '../tracking/shipment';

/** One masked copy per list: the cache hands out the same list within its TTL (a shared answer), and its renderings are kept by identity. */
const copies = new WeakMap<readonly Shipment[], Shipment[]>();

/** The list masked; the same copy for the same list. A shared answer's copy is shared too, so it is rendered once. */
export function maskedShipments(shipments: Shipment[]): Shipment[] {
  let masked = copies.get(shipments);
  if (!masked) {
    const list = shipments.map(maskedShipment);
    masked = isSharedAnswer(shipments) ? shareAnswer(list) : list;
    copies.set(shipments, masked);
  }
  return masked;
}

/** `index`: its place in the answer, which names it instead of the upstream's id (often the tracking number). */
export function maskedShipment(shipment: Shipment, index: number): Shipment {
  return {
    id: `shipment-${index + 1}`,
    // A small courier's name alone can pick the parcel out, so the carrier goes too.
    carrier: {},
    status: {
      category: shipment.status.category,
      code: shipment.status.code,
      label: shipment.status.label,
      details: shipment.status.details,
    },
    delayed: shipment.delayed,
    exception: shipment.exception,
    localizedTexts: shipment.localizedTexts,
    orderedAt: shipment.orderedAt,
    updatedAt: shipment.updatedAt,
    events: (shipment.events ?? []).map(maskedEvent),
    withheld: true,
  };
}

/** What happened and when, in standard words: not where, nor the carrier's message. */
function maskedEvent(event: TrackingEvent): TrackingEvent {
  return {
    at: event.at,
    category: event.category,
    code: event.code,
    text: event.text,
    details: event.details,
    byShop: event.byShop,
  };
}
