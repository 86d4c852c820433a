/**
 * State kept under keyed names (StorageNames), never under the ids botbuilder builds its keys from:
 * `{channel}/conversations/{id}/` is stored as `conversations.<name>`, `{channel}/users/{id}/` (on SMS the
 * id is the customer's phone number) as `users.<name>`, a signed-in customer's record as
 * `customers.<name>`. Each kind starts with a prefix of its own, so a lifecycle rule can give each its
 * end of life (docs/personal-data.md).
 *
 * State written before names were keyed is still found: an item missing under its name is looked for
 * under its former key; found there, it moves (a create of the new name, which another instance moving
 * it at the same time loses as an eTag conflict, then a delete of the former key), and the read answers
 * from the new name. Used where state outlives the process (Azure blobs): in memory nothing leaves the process,
 * and botbuilder's keys serve as they are.
 */
import type { Storage, StoreItem, StoreItems } from './botbuilder';
import type { StorageNames } from '../runtime/storageNames';
import { SIGNED_IN_PREFIX } from '../customers/storedCustomers';
import { CREATE_ONLY, isETagConflict } from './optimisticStorage';

/** The prefix of each kind's names: the blob names themselves (BlobsStorage leaves these characters as they are). */
export const STATE_PREFIXES = {
  conversation: 'conversations.',
  user: 'users.',
  customer: 'customers.',
  other: 'other.',
} as const;

/** botbuilder's key of a conversation's state (ConversationState, no namespace). */
export const conversationStateKey = (channel: string, conversationId: string): string =>
  `${channel}/conversations/${conversationId}/`;
/** botbuilder's key of a customer's state on a channel (UserState, no namespace). */
export const userStateKey = (channel: string, userId: string): string => `${channel}/users/${userId}/`;

const CONVERSATION = /^([^/]+)\/conversations\/(.+)\/$/s;
const USER = /^([^/]+)\/users\/(.+)\/$/s;

export class NamedStateStorage implements Storage {
  constructor(
    private readonly inner: Storage,
    private readonly names: StorageNames,
  ) {}

  /** The name a botbuilder key is stored under. */
  nameOf(key: string): string {
    const conversation = CONVERSATION.exec(key);
    if (conversation)
      return STATE_PREFIXES.conversation + this.names.conversation(`${conversation[1]}\u0000${conversation[2]}`);
    const user = USER.exec(key);
    if (user) return STATE_PREFIXES.user + this.names.user(`${user[1]}\u0000${user[2]}`);
    if (key.startsWith(SIGNED_IN_PREFIX)) return STATE_PREFIXES.customer + this.names.other(key);
    return STATE_PREFIXES.other + this.names.other(key);
  }

  async read(keys: string[]): Promise<StoreItems> {
    const names = keys.map((key) => this.nameOf(key));
    const stored = await this.inner.read(names);
    const found: StoreItems = {};
    const missing: string[] = [];
    keys.forEach((key, i) => {
      const item = stored[names[i]] as StoreItem | null | undefined;
      if (item !== undefined && item !== null) found[key] = item;
      else missing.push(key);
    });
    if (missing.length) {
      const former = await this.inner.read(missing);
      for (const key of missing) {
        const item = former[key] as StoreItem | null | undefined;
        if (item === undefined || item === null) continue;
        const moved = await this.move(key, item);
        if (moved !== undefined) found[key] = moved;
      }
    }
    return found;
  }

  write(changes: StoreItems): Promise<void> {
    return this.inner.write(Object.fromEntries(Object.entries(changes).map(([key, item]) => [this.nameOf(key), item])));
  }

  /** Deletes under the name, and under the former key. */
  delete(keys: string[]): Promise<void> {
    return this.inner.delete([...keys.map((key) => this.nameOf(key)), ...keys]);
  }

  /** The former key's item, written under its name (unless another instance did first), the former key deleted. */
  private async move(key: string, item: StoreItem): Promise<StoreItem | undefined> {
    const name = this.nameOf(key);
    const { eTag: _former, ...content } = item;
    try {
      await this.inner.write({ [name]: { ...content, eTag: CREATE_ONLY } });
    } catch (error) {
      if (!isETagConflict(error)) throw error;
    }
    await this.inner.delete([key]);
    return ((await this.inner.read([name]))[name] as StoreItem | undefined) ?? undefined;
  }
}
