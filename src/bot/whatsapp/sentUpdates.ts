/**
 * The WhatsApp messages that carried a Notify me update, for a while: a `failed` status callback names only the
 * message's id, and this finds the watch it was an update of, and what the watch had announced before it (so that
 * the update can be sent again); and, when the update was the watch's last, the watch itself, which ended as it was
 * sent (redelivery.ts writes it again). Kept in the bot's storage, under a keyed name (a message id encodes the
 * customer's number), for as long as Meta may take to report a failure; taken once, so a failure told twice is acted
 * on once.
 */
import { LRUCache } from 'lru-cache';
import type { Storage } from '../botbuilder';
import type { Clock } from '../../runtime/clock';
import type { StorageNames } from '../../runtime/storageNames';
import type { Watch } from '../../watch';

/** Meta reports a failed message within minutes, at worst within a day or so of its retries. */
const SENT_UPDATE_KEPT_MS = 3 * 86_400_000;
/** Records are named `whatsapp-update.<keyed name>` (docs/personal-data.md lists the prefix). */
export const SENT_UPDATE_PREFIX = 'whatsapp-update.';

export interface SentUpdate {
  watch: string;
  /** The watch's fingerprints before this update: put back, its next check finds the change again and sends it. */
  before: Record<string, string>;
  /** The watch, when this update ended it. */
  ended?: Watch;
  /** The watch's fingerprints once this update was sent (redelivery.ts: a newer update since is not repeated). */
  after?: Record<string, string>;
  sentAt: number;
}

export class SentUpdates {
  /** Taken in this process: a failure told twice at once finds the record in storage both times. */
  private readonly taken = new LRUCache<string, true>({ max: 10_000, ttl: 10 * 60_000 });

  constructor(
    private readonly storage: Storage,
    private readonly names: StorageNames,
    private readonly clock: Clock,
  ) {}

  /** One update may go as several messages (a long text, then its buttons): each names the others, so one failure resends it once. */
  async record(messageIds: readonly string[], update: Omit<SentUpdate, 'sentAt'>): Promise<void> {
    const sentAt = this.clock.now();
    const keys = messageIds.filter(Boolean).map((id) => this.key(id));
    if (keys.length)
      await this.storage.write(
        Object.fromEntries(keys.map((key) => [key, { ...update, sentAt, together: keys, eTag: '*' }])),
      );
  }

  /** The update this message carried, once: a second call for the same message finds nothing. */
  async take(messageId: string): Promise<SentUpdate | undefined> {
    const key = this.key(messageId);
    if (this.taken.has(key)) return undefined;
    this.taken.set(key, true);
    const stored = (await this.storage.read([key]))[key] as (SentUpdate & { together?: string[] }) | undefined;
    if (!stored || typeof stored.watch !== 'string' || this.clock.now() - stored.sentAt > SENT_UPDATE_KEPT_MS)
      return undefined;
    const together = Array.isArray(stored.together)
      ? stored.together.filter((each) => typeof each === 'string' && each.startsWith(SENT_UPDATE_PREFIX))
      : [];
    for (const each of together) this.taken.set(each, true);
    await this.storage.delete([...new Set([key, ...together])]);
    const ended = stored.ended?.id === stored.watch ? stored.ended : undefined;
    const after = stored.after && typeof stored.after === 'object' ? stored.after : undefined;
    return {
      watch: stored.watch,
      before: stored.before,
      ...(ended && { ended }),
      ...(after && { after }),
      sentAt: stored.sentAt,
    };
  }

  private key(messageId: string): string {
    return `${SENT_UPDATE_PREFIX}${this.names.other(`whatsapp-update\u0000${messageId}`)}`;
  }
}
