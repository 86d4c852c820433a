import { LRUCache } from 'lru-cache';

/**
 * Answers of a pure computation, the `max` most recently used: for work that costs more than a lookup (an Intl
 * object built, a text reduced) on keys a client or an upstream can vary without end (a locale, a zone, a
 * status text), so the memory they take stays bounded and the keys in use stay kept.
 */
export class Memo<T> {
  // Boxed: an answer may be undefined ("no such zone"), which the cache cannot hold as a value.
  private readonly kept: LRUCache<string, { answer: T }>;

  constructor(max: number) {
    this.kept = new LRUCache({ max });
  }

  /** The answer kept for `key`, else `compute`'s, kept from now on. */
  get(key: string, compute: () => T): T {
    let kept = this.kept.get(key);
    if (!kept) this.kept.set(key, (kept = { answer: compute() }));
    return kept.answer;
  }
}
