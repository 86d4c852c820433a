/**
 * Optimistic concurrency for bot state: the conversation's, and the customer's lookup counters.
 * botbuilder's BotState always writes with eTag "*" (last writer wins), so two instances answering the
 * same conversation at once, or two conversations of one customer, would silently undo one another.
 * This storage remembers the eTag each item was read with and writes on that condition; a write that
 * lost the race fails with StateConflictError, and the turn runs again on fresh state
 * (turnTransaction.ts). MemoryStateStorage (as botbuilder's MemoryStorage) and BlobsStorage honour a real eTag.
 *
 * An item that was read and found absent has no eTag yet: its first write is marked CREATE_ONLY, so
 * that two first turns cannot both write it. MemoryStateStorage honours the mark as it is (an eTag that
 * matches nothing stored); BlobStateStorage turns it into If-None-Match: *. The mark rides on the object
 * handed out, like an eTag, not on the key: two turns of one process may read the same absent key at
 * once (two new conversations of one customer), and the first write must not make the second unconditional.
 */
import type { Storage, StoreItem, StoreItems } from './botbuilder';

/** The eTag of a write that must create the item, and fail as a conflict if it exists by then. */
export const CREATE_ONLY = 'create-only';

export class StateConflictError extends Error {
  constructor(cause: unknown) {
    super('State changed while the turn ran', { cause });
    this.name = 'StateConflictError';
  }
}

const CONFLICT = /eTag conflict/i;

/** A storage's answer to a write that lost its race (an eTag that no longer matches, or a create of an item that exists). */
export const isETagConflict = (error: unknown): boolean => error instanceof Error && CONFLICT.test(error.message);

export class OptimisticStorage implements Storage {
  /** Keyed by the very object handed to BotState, which is what it gives back to write. */
  private readonly readETags = new WeakMap<object, string>();

  constructor(private readonly inner: Storage) {}

  /** An absent key is answered with an empty item of its own (BotState starts from one anyway), marked to be created. */
  async read(keys: string[]): Promise<StoreItems> {
    const items = await this.inner.read(keys);
    for (const key of keys) {
      const item = items[key] as StoreItem | null | undefined;
      if (item === undefined || item === null) {
        const created = {};
        this.readETags.set(created, CREATE_ONLY);
        items[key] = created;
      } else if (typeof item === 'object' && typeof item.eTag === 'string' && item.eTag !== '*')
        this.readETags.set(item, item.eTag);
    }
    return items;
  }

  async write(changes: StoreItems): Promise<void> {
    const conditional: StoreItems = {};
    for (const [key, item] of Object.entries<StoreItem>(changes)) {
      const eTag = item && typeof item === 'object' ? this.readETags.get(item) : undefined;
      const unconditional = !item.eTag || item.eTag === '*';
      conditional[key] = eTag !== undefined && unconditional ? { ...item, eTag } : item;
      // Once written, what was read is stale; a second save in the same turn writes unconditionally.
      if (eTag !== undefined) this.readETags.delete(item);
    }
    try {
      await this.inner.write(conditional);
    } catch (error) {
      throw isETagConflict(error) ? new StateConflictError(error) : error;
    }
  }

  delete(keys: string[]): Promise<void> {
    return this.inner.delete(keys);
  }
}
