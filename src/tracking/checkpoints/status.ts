/**
 * parcelLab-style status codes (Pending, OrderProcessed, FailedAttemptFirst, PickupReadyToday, ...) → category.
 * The vocabulary is open, so families are matched by prefix and anything else is `unknown`;
 * the card then shows the upstream's own localized text.
 */
import type { StatusCategory } from '../shipment';

const FAMILIES: Array<[RegExp, StatusCategory]> = [
  [/^(pending|orderprocessed|datareceived|preadvice|ordercreated|labelcreated)/, 'pending'],
  [/^outfordelivery/, 'out_for_delivery'],
  [/^(pickupready|readyforpickup|atpickuppoint)/, 'ready_for_pickup'],
  [/^(failedattempt|deliveryfailed|notdelivered|attemptfail)/, 'failed_attempt'],
  [/^delivered/, 'delivered'],
  [/^return/, 'returned'],
  [/^lost/, 'lost'],
  [/^(exception|damaged|addressissue|held|customsissue)/, 'exception'],
  [
    /^(intransit|dispatched|pickedup|handover|inbound|outbound|arrived|departed|customs|scheduled|transit)/,
    'in_transit',
  ],
];

export function checkpointCategory(code: string | undefined): StatusCategory {
  const key = code?.toLowerCase().replace(/[^a-z]/g, '') ?? '';
  if (!key) return 'unknown';
  return FAMILIES.find(([pattern]) => pattern.test(key))?.[1] ?? 'unknown';
}
