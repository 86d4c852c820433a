/**
 * A shipment list handed out as is to every customer who asks about the same parcel for a while (the lookup
 * cache's answer). Such a list is frozen, so no reader can change what the next customer is shown, and it is
 * marked here, so that work done on it once (masking, rendering) can be kept with it and done once: the cache
 * says it shares the list, rather than readers guessing it from Object.isFrozen.
 */
import type { Shipment } from './shipment';

const shared = new WeakSet<readonly Shipment[]>();

/** Freezes `list` and marks it shared; what is derived from it once may be kept by its identity. */
export function shareAnswer<T extends readonly Shipment[]>(list: T): T {
  shared.add(Object.freeze(list));
  return list;
}

export function isSharedAnswer(list: readonly Shipment[]): boolean {
  return shared.has(list);
}
