/**
 * Never ask an upstream twice for what it just answered: identical lookups in flight at the same time
 * share one call (lru-cache's fetch coalesces them), and a repeat within the TTL is served from memory.
 * Answers are cached per language where the language changes them (Interface A's texts).
 * Failures are not cached: the next customer gets a fresh try.
 */
import { LRUCache } from 'lru-cache';
import { systemClock, type Clock } from '../runtime/clock';
import { upstreamLang } from './language';
import type { LookupKind, LookupRequest, LookupTrace, ShipmentFinder } from './lookup';
import type { Shipment } from './shipment';
import { shareAnswer } from './sharedAnswer';

export interface LookupCacheOptions {
  /** How long an answer is reused, in ms; 0 turns the cache (and the sharing of calls in flight) off. */
  ttlMs: number;
  maxEntries?: number;
  clock?: Clock;
}

interface Call {
  request: LookupRequest;
  language?: string;
}

/** A shared list (sharedAnswer.ts): frozen, so that no reader can change what the next customer is shown. */
type Answer = { shipments: readonly Shipment[] };

export class CachedLookup implements ShipmentFinder {
  private readonly cache: LRUCache<string, Answer, Call>;

  private readonly enabled: boolean;

  constructor(
    private readonly inner: ShipmentFinder,
    options: LookupCacheOptions,
  ) {
    this.enabled = options.ttlMs > 0;
    const clock = options.clock ?? systemClock;
    this.cache = new LRUCache<string, Answer, Call>({
      max: options.maxEntries ?? 5_000,
      ttl: Math.max(1, options.ttlMs),
      ttlAutopurge: false,
      perf: { now: () => clock.now() },
      // Read the clock on every check: lru-cache otherwise keeps "now" for a tick, which an injected clock outruns.
      ttlResolution: 0,
      fetchMethod: async (_key, _stale, { context }) => ({
        shipments: shareAnswer(await this.inner.find(context.request, context.language)),
      }),
    });
  }

  kinds(): LookupKind[] {
    return this.inner.kinds();
  }

  async find(request: LookupRequest, language?: string, trace?: LookupTrace): Promise<Shipment[]> {
    if (!this.enabled) return this.inner.find(request, language, trace);
    const status: LRUCache.Status<string, Answer, Call> = {};
    const answer = this.cache.fetch(keyOf(request, language), { context: { request, language }, status });
    // lru-cache says how it served the fetch as soon as the call returns.
    if (trace) trace.cache = status.fetch === 'hit' ? 'hit' : status.fetch === 'inflight' ? 'shared' : 'miss';
    return (await answer)!.shipments as Shipment[];
  }
}

/** Interface B's answers do not depend on the language; Interface A's texts do. */
function keyOf(request: LookupRequest, language: string | undefined): string {
  const lang = request.kind === 'order_number' ? upstreamLang(language) : '';
  return [request.kind, request.identifier.trim(), request.storeId?.trim() ?? '', lang].join('\u0000');
}
