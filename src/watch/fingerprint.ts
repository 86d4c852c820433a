/**
 * What counts as "it moved": a shipment's status fingerprint changes when its status category or the
 * upstream's status code changes (a second failed attempt is news), or when it becomes delayed or
 * reports an exception. A new scan with the same status ("arrived at hub", "departed hub") is not:
 * customers want to hear of milestones, not of every conveyor belt.
 */
import type { Shipment } from '../tracking/shipment';

/** A shipment's identity across answers: its tracking number when it has one, else the upstream's id. */
function shipmentKey(shipment: Shipment): string {
  return shipment.trackingNumber ? `tn:${shipment.trackingNumber.toUpperCase()}` : `id:${shipment.id}`;
}

function fingerprintOf(shipment: Shipment): string {
  const { category, code } = shipment.status;
  return [
    category,
    (code ?? '').toLowerCase(),
    shipment.delayed ? 'delayed' : '',
    shipment.exception ? 'exception' : '',
  ].join('|');
}

export function fingerprints(shipments: readonly Shipment[]): Record<string, string> {
  return Object.fromEntries(shipments.map((shipment) => [shipmentKey(shipment), fingerprintOf(shipment)]));
}

/** The shipments whose fingerprint differs from the one last announced (new shipments included). */
export function changedSince(announced: Readonly<Record<string, string>>, shipments: readonly Shipment[]): Shipment[] {
  return shipments.filter((shipment) => announced[shipmentKey(shipment)] !== fingerprintOf(shipment));
}
