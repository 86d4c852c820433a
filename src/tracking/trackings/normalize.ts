/** Interface B's tracking records → the shipment model. */
import { safeLink } from '../link';
import { newestFirst, toInstant, type Shipment, type StatusCategory } from '../shipment';
import { carrierName } from './carriers';
import { beyondCode } from './meaning';
import { trackingNumberInUrl } from './trackingUrl';
import type { TrackingsQuery } from './query';
import type { ListTrackingsResponse, TrackingRecord } from './schema';

/** Seed 3.2's seven codes. */
const CATEGORIES: Record<string, StatusCategory> = {
  PENDING: 'pending',
  IN_TRANSIT: 'in_transit',
  OUT_FOR_DELIVERY: 'out_for_delivery',
  DELIVERED: 'delivered',
  DELIVERY_FAILED: 'failed_attempt',
  RETURNED: 'returned',
  LOST: 'lost',
};

function trackingCategory(code: string | undefined): StatusCategory {
  return (code && CATEGORIES[code.trim().toUpperCase()]) || 'unknown';
}

export function normalizeTrackings(response: ListTrackingsResponse, query: TrackingsQuery): Shipment[] {
  const records = response.trackings ?? [];
  return records.map((record, index) => toShipment(record, index, records.length === 1 ? query : undefined));
}

function toShipment(record: TrackingRecord, index: number, onlyRecordOf?: TrackingsQuery): Shipment {
  // The seed's record has no tracking number: when a tracking number found exactly one record, it is that
  // one; otherwise its tracking URL names it.
  const trackingNumber =
    record.tracking_number ??
    (onlyRecordOf?.inputType === 'tracking_number'
      ? onlyRecordOf.identifier.trim()
      : trackingNumberInUrl(record.tracking_url));
  const events = newestFirst(
    (record.events ?? []).map((event) => ({
      at: toInstant(event.timestamp),
      category: trackingCategory(event.status_code),
      code: event.status_code,
      // The carrier's own words, in no particular language: kept only where they say more than the code, which
      // the card translates. Never `text`: B has no standard words of its own.
      carrierText: beyondCode(event.message, event.status_code),
    })),
  );
  const code = record.status?.code ?? events[0]?.code;
  const category = trackingCategory(code);
  return {
    id: trackingNumber ?? `tracking-${index + 1}`,
    trackingNumber,
    carrier: { code: record.carrier, name: carrierName(record.carrier), trackingUrl: safeLink(record.tracking_url) },
    // This interface has no lang parameter: its messages are not standard words in the customer's language, so the
    // card translates the category. Its status message is only "display text" (seed 2.2), often the carrier's
    // latest message: the carrier's words, for the owner's eyes only, like the events' messages.
    status: { category, code, carrierText: record.status?.message },
    delayed: false,
    exception: category === 'lost',
    localizedTexts: false,
    updatedAt: toInstant(record.update_time) ?? events[0]?.at,
    events,
  };
}
