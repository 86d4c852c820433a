/**
 * Meta delivers a webhook at least once and retries it for up to 7 days, so the same message can arrive again
 * much later, on another instance, after a restart. Each message id taken is kept in the bot's storage for that
 * long, under a keyed name: a WhatsApp message id encodes the sender's number, so it never names a record itself.
 * (The conversation's state remembers its recent ids too, trackingBot.ts; this net holds when that state is gone.)
 */
import { LRUCache } from 'lru-cache';
import type { Storage } from '../botbuilder';
import type { Clock } from '../../runtime/clock';
import type { StorageNames } from '../../runtime/storageNames';

/** Meta retries an unanswered webhook for up to 7 days. */
export const SEEN_FOR_MS = 7 * 86_400_000;
/** Records are named `whatsapp-seen.<keyed name>` (docs/personal-data.md lists the prefix for a lifecycle rule). */
export const SEEN_PREFIX = 'whatsapp-seen.';

interface SeenRecord {
  seenAt: number;
}

export class SeenMessages {
  /** Taken in this process: two deliveries at the same moment both find storage empty. */
  private readonly taken = new LRUCache<string, true>({ max: 50_000, ttl: 10 * 60_000 });

  constructor(
    private readonly storage: Storage,
    private readonly names: StorageNames,
    private readonly clock: Clock,
  ) {}

  /** True when this message was taken before (within 7 days); otherwise records it as taken. */
  async takenBefore(messageId: string): Promise<boolean> {
    const key = `${SEEN_PREFIX}${this.names.other(`whatsapp-message\u0000${messageId}`)}`;
    if (this.taken.has(key)) return true;
    this.taken.set(key, true);
    const now = this.clock.now();
    const stored = (await this.storage.read([key]))[key] as SeenRecord | undefined;
    if (stored && now - stored.seenAt < SEEN_FOR_MS) return true;
    await this.storage.write({ [key]: { seenAt: now, eTag: '*' } });
    return false;
  }
}
