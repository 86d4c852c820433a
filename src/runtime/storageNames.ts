/**
 * The names stored state goes under: keyed hashes (HMAC-SHA256) of the ids that would otherwise name it
 * (a conversation id, a user id, which on SMS is the customer's phone number). A name says nothing of
 * the id, and without the key it cannot even be checked against a guess (an unkeyed hash of a phone
 * number can: there are only so many numbers). The same id always gets the same name, so every instance
 * finds the same state, and a store that knows an id can find what is kept about it (npm run erase).
 *
 * The key comes from STORAGE_KEY_SECRET (HKDF, with a label of its own); in memory, where nothing outlives
 * the process, a key of the process's own serves. A new secret gives every conversation a new name: what
 * was stored before is no longer found, and ends by its retention.
 */
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';

const LABEL = 'order-tracking-bot/storage-names/v1';
/** 22 base64url characters: 132 bits, far from any collision; the length watch ids already use. */
const LENGTH = 22;

export class StorageNames {
  private readonly key: Buffer;

  private constructor(key: Buffer) {
    this.key = key;
  }

  /** Keyed by STORAGE_KEY_SECRET: the same names on every instance and after every restart. */
  static fromSecret(secret: string): StorageNames {
    return new StorageNames(Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), LABEL, 32)));
  }

  /** Keyed by a key of this process alone: for state that lives in its memory. */
  static ofThisProcess(): StorageNames {
    return new StorageNames(randomBytes(32));
  }

  /**
   * The name of a conversation, from its key (the channel and the conversation id, `channel\u0000id`, as
   * src/bot/conversationQueue.ts makes it): its state and its watches are kept under it.
   */
  readonly conversation = (conversationKey: string): string => this.hash('conversation', conversationKey);

  /** The name of a customer as a channel knows them (`channel\u0000user id`): their state is kept under it. */
  readonly user = (userKey: string): string => this.hash('user', userKey);

  /** The name of anything else kept under a key of its own (a signed-in customer's record). */
  readonly other = (key: string): string => this.hash('other', key);

  private hash(kind: string, value: string): string {
    return createHmac('sha256', this.key).update(`${kind}\u0000${value}`, 'utf8').digest('base64url').slice(0, LENGTH);
  }
}
