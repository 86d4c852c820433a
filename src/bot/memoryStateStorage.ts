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
 *
 * What must outlive the bound does: an item pushed out or forgotten while `outlive` says part of it is in
 * force until later (a customer's cool-down: else a flood of new conversations would wipe it) keeps that
 * part, in a structure of its own, until then. That structure is bounded too, by `maxItems`: past it the
 * part kept longest ago goes first.
 */
import type { Storage, StoreItem, StoreItems } from './botbuilder';
import { LRUCache } from 'lru-cache';
import { systemClock, type Clock } from '../runtime/clock';

export interface MemoryStateLimits {
  /** Items kept at most; the least recently used goes first. */
  maxItems: number;
  /** How long an item nobody reads or writes is kept. */
  idleMs: number;
}

/** The part of a stored item that must outlive the bound, and until when (ms); undefined when none must. */
export type Outlive = (
  item: Record<string, unknown>,
  now: number,
) => { keep: Record<string, unknown>; until: number } | undefined;

/** Forgotten items are only dropped when touched or pushed out; a sweep this often frees the rest. */
const SWEEP_EVERY_MS = 60_000;

interface Stored {
  eTag: string;
  json: string;
}

export class MemoryStateStorage implements Storage {
  private readonly items: LRUCache<string, Stored>;
  /** Parts of items the bound pushed out that are still in force, each until its own time. */
  private readonly kept: LRUCache<string, Stored>;
  private nextETag = 1;
  private nextSweep: number;

  constructor(
    limits: MemoryStateLimits,
    private readonly clock: Clock = systemClock,
    private readonly outlive?: Outlive,
  ) {
    const timing = {
      perf: { now: () => clock.now() },
      // Read the clock on every check: lru-cache otherwise keeps "now" for a tick, which an injected clock outruns.
      ttlResolution: 0,
    };
    this.kept = new LRUCache<string, Stored>({ max: limits.maxItems, ttl: limits.idleMs, ...timing });
    this.items = new LRUCache<string, Stored>({
      max: limits.maxItems,
      ttl: limits.idleMs,
      updateAgeOnGet: true,
      ...timing,
      dispose: (stored, key, reason) => {
        if (reason === 'evict' || reason === 'expire') this.keepInForce(key, stored);
      },
    });
    this.nextSweep = clock.now() + SWEEP_EVERY_MS;
  }

  /** Items held, forgotten ones not yet swept included. */
  get size(): number {
    return this.items.size;
  }

  /** Parts of pushed-out items held because they are still in force. */
  get outliving(): number {
    return this.kept.size;
  }

  read(keys: string[]): Promise<StoreItems> {
    return settled(() => {
      if (!keys) throw new ReferenceError('Keys are required when reading.');
      const found: StoreItems = {};
      for (const key of keys) {
        const stored = this.items.get(key) ?? this.kept.get(key);
        if (stored) found[key] = JSON.parse(stored.json) as StoreItem;
      }
      return found;
    });
  }

  write(changes: StoreItems): Promise<void> {
    return settled(() => {
      if (!changes) throw new ReferenceError('Changes are required when writing.');
      this.sweep();
      // As MemoryStorage: every other item is still written; the first conflict fails the write.
      let conflict: Error | undefined;
      for (const [key, item] of Object.entries<StoreItem>(changes)) {
        const old = this.items.get(key) ?? this.kept.get(key);
        if (!old || item.eTag === '*' || !item.eTag || item.eTag === old.eTag) {
          const eTag = String(this.nextETag++);
          this.kept.delete(key);
          this.items.set(key, { eTag, json: JSON.stringify({ ...item, eTag }) });
        } else {
          conflict ??= new Error(`Storage: error writing "${key}" due to eTag conflict.`);
        }
      }
      if (conflict) throw conflict;
    });
  }

  delete(keys: string[]): Promise<void> {
    return settled(() => {
      for (const key of keys) {
        this.kept.delete(key);
        this.items.delete(key);
      }
    });
  }

  /** An item the bound pushes out: what of it is still in force is kept until then, under its eTag. */
  private keepInForce(key: string, stored: Stored): void {
    const now = this.clock.now();
    const inForce = this.outlive?.(JSON.parse(stored.json) as Record<string, unknown>, now);
    if (!inForce || inForce.until <= now) return;
    this.kept.set(
      key,
      { eTag: stored.eTag, json: JSON.stringify({ ...inForce.keep, eTag: stored.eTag }) },
      { ttl: inForce.until - now },
    );
  }

  private sweep(): void {
    const now = this.clock.now();
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    this.items.purgeStale();
    this.kept.purgeStale();
  }
}

/** As an async method's body: its value, or what it threw as a rejection (Storage's callers catch rejections). */
function settled<T>(body: () => T): Promise<T> {
  return new Promise((resolve) => resolve(body()));
}
