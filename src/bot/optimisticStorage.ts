/**
 * Optimistic concurrency for conversation state. botbuilder's BotState always writes with eTag "*"
 * (last writer wins), so two instances answering the same conversation at once would silently undo
 * one another. This storage remembers the eTag each item was read with and writes on that condition;
 * a write that lost the race fails with StateConflictError, and the turn runs again on fresh state
 * (turnTransaction.ts). MemoryStateStorage (as botbuilder's MemoryStorage) and BlobsStorage honour a real eTag.
 *
 * An item that was read and found absent has no eTag yet: its first write is marked CREATE_ONLY, so
 * that two first turns of a brand-new conversation cannot both write it. MemoryStateStorage honours the mark
 * as it is (an eTag that matches nothing stored); BlobStateStorage turns it into If-None-Match: *.
 */
import type { Storage, StoreItem, StoreItems } from 'botbuilder';
import { LRUCache } from 'lru-cache';

/** The eTag of a write that must create the item, and fail as a conflict if it exists by then. */
export const CREATE_ONLY = 'create-only';

export class StateConflictError extends Error {
  constructor(cause: unknown) {
    super('Conversation state changed while the turn ran', { cause });
    this.name = 'StateConflictError';
  }
}

const CONFLICT = /eTag conflict/i;

export class OptimisticStorage implements Storage {
  /** Keyed by the very object handed to BotState, which is what it gives back to write. */
  private readonly readETags = new WeakMap<object, string>();
  /** Keys read and found absent, until written. Bounded: a turn that fails before it saves leaves its key here. */
  private readonly absent = new LRUCache<string, true>({ max: 10_000 });

  constructor(private readonly inner: Storage) {}

  async read(keys: string[]): Promise<StoreItems> {
    const items = await this.inner.read(keys);
    for (const key of keys) {
      const item = items[key];
      if (item === undefined || item === null) this.absent.set(key, true);
      else this.absent.delete(key);
      if (item && typeof item === 'object' && typeof item.eTag === 'string' && item.eTag !== '*') this.readETags.set(item, item.eTag);
    }
    return items;
  }

  async write(changes: StoreItems): Promise<void> {
    const conditional: StoreItems = {};
    for (const [key, item] of Object.entries(changes)) {
      const eTag = item && typeof item === 'object' ? this.readETags.get(item) : undefined;
      const unconditional = !(item as StoreItem).eTag || (item as StoreItem).eTag === '*';
      const create = eTag === undefined && unconditional && this.absent.has(key);
      conditional[key] = eTag !== undefined && unconditional ? { ...item, eTag } : create ? { ...item, eTag: CREATE_ONLY } : item;
      // Once written, what was read is stale; a second save in the same turn writes unconditionally.
      if (eTag !== undefined) this.readETags.delete(item);
      this.absent.delete(key);
    }
    try {
      await this.inner.write(conditional);
    } catch (error) {
      throw error instanceof Error && CONFLICT.test(error.message) ? new StateConflictError(error) : error;
    }
  }

  delete(keys: string[]): Promise<void> {
    return this.inner.delete(keys);
  }
}
