/**
 * Optimistic concurrency for conversation state. botbuilder's BotState always writes with eTag "*"
 * (last writer wins), so two instances answering the same conversation at once would silently undo
 * one another. This storage remembers the eTag each item was read with and writes on that condition;
 * a write that lost the race fails with StateConflictError, and the turn runs again on fresh state
 * (turnTransaction.ts). Both MemoryStorage and BlobsStorage honour a real eTag.
 *
 * Not covered: two first turns of a brand-new conversation, which have no eTag to compare yet.
 */
import type { Storage, StoreItem, StoreItems } from 'botbuilder';

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

  constructor(private readonly inner: Storage) {}

  async read(keys: string[]): Promise<StoreItems> {
    const items = await this.inner.read(keys);
    for (const item of Object.values(items)) {
      if (item && typeof item === 'object' && typeof item.eTag === 'string' && item.eTag !== '*') this.readETags.set(item, item.eTag);
    }
    return items;
  }

  async write(changes: StoreItems): Promise<void> {
    const conditional: StoreItems = {};
    for (const [key, item] of Object.entries(changes)) {
      const eTag = item && typeof item === 'object' ? this.readETags.get(item) : undefined;
      conditional[key] = eTag !== undefined && (item as StoreItem).eTag === '*' ? { ...item, eTag } : item;
      // Once written, the remembered eTag is stale; a second save in the same turn writes unconditionally.
      if (eTag !== undefined) this.readETags.delete(item);
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
