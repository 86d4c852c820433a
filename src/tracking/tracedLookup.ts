/**
 * A `tracking.lookup` span around each lookup (the turn's, a watch's check): what kind of number, the
 * interface that answers it, how it ended and whether the cache answered. Outside the cache, so that a
 * cached answer is a span too; the upstream's HTTP attempts are its children. Never the number itself.
 */
import type { Tracing } from '../telemetry/tracing';
import { interfaceFor, type LookupKind, type LookupRequest, type LookupTrace, type ShipmentFinder } from './lookup';
import { failedLookup, lookupResult, type LookupEnd } from './lookupResult';
import type { Shipment } from './shipment';

export class TracedLookup implements ShipmentFinder {
  constructor(
    private readonly inner: ShipmentFinder,
    private readonly tracing: Tracing,
  ) {}

  kinds(): LookupKind[] {
    return this.inner.kinds();
  }

  find(request: LookupRequest, language?: string, trace?: LookupTrace): Promise<Shipment[]> {
    const attributes = { 'tracking.kind': request.kind, 'tracking.interface': interfaceFor(request.kind) };
    return this.tracing.inSpan('tracking.lookup', { attributes }, async (span) => {
      // This lookup's own record: the caller's may be shared by several lookups at once.
      const own: LookupTrace = {};
      const answer = this.inner.find(request, language, own);
      // The cache says how it serves a lookup as soon as it is asked; the caller reads it as early.
      if (trace && own.cache) trace.cache = own.cache;
      const ended = (end: LookupEnd) =>
        span.set({ 'tracking.result': lookupResult(end, own.cache), 'tracking.cached': own.cache === 'hit' });
      try {
        const shipments = await answer;
        ended(shipments.length ? 'found' : 'not_found');
        return shipments;
      } catch (error) {
        ended(failedLookup(error));
        throw error;
      }
    });
  }
}
