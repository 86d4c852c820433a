/** Interface A's header/body answer → the shipment model. */
import { safeLink } from '../link';
import { newestFirst, toInstant, type Shipment, type TrackingEvent } from '../shipment';
import type { Checkpoint, CheckpointsResponse, ShipmentHeader } from './schema';
import { checkpointCategory } from './status';

export function normalizeCheckpoints(response: CheckpointsResponse): Shipment[] {
  return (response.header ?? []).map((header, index) => toShipment(header, index, response.body ?? {}));
}

function toShipment(header: ShipmentHeader, index: number, body: Record<string, Checkpoint[]>): Shipment {
  const id = header.id ?? header.tracking_number ?? `shipment-${index + 1}`;
  const checkpoints = header.id !== undefined ? (body[header.id] ?? []) : [];
  // parcelLab marks internal scans with shown: false; only what is meant for the customer goes further.
  const events = newestFirst(checkpoints.filter((c) => c.shown !== false).map(toEvent));
  const latest = events[0];
  const last = header.last_delivery_status;
  const code = last?.code ?? latest?.code;
  const category = checkpointCategory(code);
  return {
    id,
    trackingNumber: header.tracking_number,
    carrier: {
      code: header.courier?.name,
      name: header.courier?.prettyname ?? header.courier?.name,
      trackingUrl: safeLink(header.courier?.trackingurl),
      trackingUrlLabel: header.courier?.trackingurl_label,
    },
    status: {
      category: category === 'unknown' && header.exception ? 'exception' : category,
      code,
      label: last?.status ?? latest?.text,
      details: last?.status_details ?? latest?.details,
    },
    delayed: header.delay === true,
    exception: header.exception === true,
    localizedTexts: true,
    orderedAt: orderDate(checkpoints[0]),
    updatedAt: latest?.at,
    events,
  };
}

function toEvent(checkpoint: Checkpoint): TrackingEvent {
  return {
    at: toInstant(checkpoint.timestamp),
    category: checkpointCategory(checkpoint.status),
    code: checkpoint.status,
    text: checkpoint.status_text,
    details: checkpoint.status_details,
    location: checkpoint.location || undefined,
    // The order itself (seed 2.1: its date is the order date) is the shop's checkpoint: its words are the shop's.
    ...(checkpoint.status === 'OrderProcessed' && { byShop: true }),
  };
}

/**
 * Seed 2.1: the first checkpoint's full_courier_status is the order date, or else the import date.
 * A plain date stays a date, so no time zone can move it to another day.
 */
function orderDate(first: Checkpoint | undefined): string | undefined {
  const value = first?.full_courier_status?.trim();
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return toInstant(value);
}
