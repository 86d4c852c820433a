/**
 * State in this process's memory, bounded. botbuilder's MemoryStorage never forgets: 40,000 one-turn
 * conversations took a process from 162 to 560 MB. This one keeps at most `maxItems` items (a
 * conversation's state is one; per-user state would be another), forgetting the least recently used
 * first, and forgets an item nobody read or wrote for `idleMs`. A forgotten conversation starts afresh.
 *
 * Otherwise it is MemoryStorage (botbuilder-core's memoryStorage.js), which the rest relies on: items
 * are kept as JSON text, so a reader gets a copy of its own and a writer cannot change what was stored;
 * every write gets a new eTag; a write on another eTag fails as an "eTag conflict" (so CREATE_ONLY, which
 * matches no stored eTag, fails when the item exists); a write with no eTag or "*", or of an item not
 * stored (never, or no longer), succeeds. Written directly rather than around MemoryStorage: its store is
 * a plain object it indexes itself, and an lru-cache can only stand in for that behind a Proxy.
 */
import type { Storage, StoreItems } from './botbuilder';
import { LRUCache } from 'lru-cache';
import { systemClock, type Clock } from '../tracking/clock';

export interface MemoryStateLimits {
  /** Items kept at most; the least recently used goes first. */
  maxItems: number;
  /** How long an item nobody reads or writes is kept. */
  idleMs: number;
}

/** Forgotten items are only dropped when touched or pushed out; a sweep this often frees the rest. */
const SWEEP_EVERY_MS = 60_000;

interface Stored {
  eTag: string;
  json: string;
}

export class MemoryStateStorage implements Storage {
  private readonly items: LRUCache<string, Stored>;
  private nextETag = 1;
  private nextSweep: number;

  constructor(
    limits: MemoryStateLimits,
    private readonly clock: Clock = systemClock,
  ) {
    this.items = new LRUCache<string, Stored>({
      max: limits.maxItems,
      ttl: limits.idleMs,
      updateAgeOnGet: true,
      perf: { now: () => clock.now() },
      // Read the clock on every check: lru-cache otherwise keeps "now" for a tick, which an injected clock outruns.
      ttlResolution: 0,
    });
    this.nextSweep = clock.now() + SWEEP_EVERY_MS;
  }

  /** Items held, forgotten ones not yet swept included. */
  get size(): number {
    return this.items.size;
  }

  async read(keys: string[]): Promise<StoreItems> {
    if (!keys) throw new ReferenceError('Keys are required when reading.');
    const found: StoreItems = {};
    for (const key of keys) {
      const stored = this.items.get(key);
      if (stored) found[key] = JSON.parse(stored.json);
    }
    return found;
  }

  async write(changes: StoreItems): Promise<void> {
    if (!changes) throw new ReferenceError('Changes are required when writing.');
    this.sweep();
    // As MemoryStorage: every other item is still written; the first conflict fails the write.
    let conflict: Error | undefined;
    for (const [key, item] of Object.entries(changes)) {
      const old = this.items.get(key);
      if (!old || item.eTag === '*' || !item.eTag || item.eTag === old.eTag) {
        const eTag = String(this.nextETag++);
        this.items.set(key, { eTag, json: JSON.stringify({ ...item, eTag }) });
      } else {
        conflict ??= new Error(`Storage: error writing "${key}" due to eTag conflict.`);
      }
    }
    if (conflict) throw conflict;
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) this.items.delete(key);
  }

  private sweep(): void {
    const now = this.clock.now();
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    this.items.purgeStale();
  }
}
