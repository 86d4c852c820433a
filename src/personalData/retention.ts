/**
 * Every kind of record the bot keeps on Azure blobs ends, and the service ends it itself: an hourly sweep
 * lists the container and deletes each blob its kind's time after its last write (the blob's own
 * Last-Modified), on the eTag it was listed with, so a blob written meanwhile stays. Any number of
 * instances may sweep. A lifecycle rule on the storage account can do the same work (docs/personal-data.md
 * gives it); the sweep does not rely on one.
 *
 * The times, from RETENTION_DAYS (R) and NOTIFY_FOR_DAYS (N):
 * - a conversation's state: R days after its last turn;
 * - a customer's state on a channel (their limits, their watches' and conversations' names): max(R, N) + 1
 *   days, so it outlives what it names (ConversationLinks records a conversation at least daily);
 * - a signed-in customer's record: 2 hours (their token lives an hour at most, and the record with it);
 * - a watch, or a watch set aside as unreadable: N + 1 days (every renewal and check writes it, and a watch
 *   ends N days after its last renewal at the latest);
 * - a WhatsApp customer's contact, and the record of an update sent them: N + 1 days;
 * - a WhatsApp message id taken: 7 days, as long as Meta may deliver it again (after them it reads as not seen).
 * State under its former key (written before names were keyed) ends the same way, by its kind. A blob of no
 * kind named here is not ours, and is left alone.
 */
import { ContainerClient, type StoragePipelineOptions } from '@azure/storage-blob';
import type { Clock } from '../runtime/clock';
import type { Logger } from '../runtime/logger';
import { errorLogFields } from '../tracking/errors';
import { STATE_PREFIXES } from '../bot/namedStateStorage';
import { WATCH_PREFIX } from '../watch/azure/blobWatchStore';
import { MAX_TOKEN_LIFE_SECONDS } from '../customers/customerToken';
import { CONTACT_PREFIX } from '../bot/whatsapp/whatsAppContacts';
import { SENT_UPDATE_PREFIX } from '../bot/whatsapp/sentUpdates';
import { SEEN_FOR_MS, SEEN_PREFIX } from '../bot/whatsapp/seenMessages';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SWEEP_EVERY_MS = HOUR_MS;

export type RecordKind = 'conversations' | 'customers' | 'signedIn' | 'watches' | 'whatsappContacts' | 'whatsappSeen';

export interface RetentionSettings {
  /** RETENTION_DAYS. */
  retentionDays: number;
  /** NOTIFY_FOR_DAYS. */
  notifyForDays: number;
}

/** How long each kind is kept after its last write, in ms. */
export function lifetimes({ retentionDays, notifyForDays }: RetentionSettings): Record<RecordKind, number> {
  return {
    conversations: retentionDays * DAY_MS,
    customers: (Math.max(retentionDays, notifyForDays) + 1) * DAY_MS,
    signedIn: MAX_TOKEN_LIFE_SECONDS * 1_000 + HOUR_MS,
    watches: (notifyForDays + 1) * DAY_MS,
    // A WhatsApp customer's sealed number serves their watches (each NOTIFY_FOR_DAYS from their last message); an update's record, days.
    whatsappContacts: (notifyForDays + 1) * DAY_MS,
    whatsappSeen: SEEN_FOR_MS,
  };
}

/** The kind of a blob, by its name: the keyed names, and the former keys (BlobsStorage URI-encodes their slashes). */
export function kindOf(name: string): RecordKind | undefined {
  if (name.startsWith(STATE_PREFIXES.conversation) || /^[^%/]+%2Fconversations%2F/.test(name)) return 'conversations';
  if (name.startsWith(STATE_PREFIXES.user) || /^[^%/]+%2Fusers%2F/.test(name)) return 'customers';
  if (name.startsWith(STATE_PREFIXES.customer) || name.startsWith('signed-in-customers%2F')) return 'signedIn';
  if (name.startsWith(WATCH_PREFIX)) return 'watches';
  if (name.startsWith(CONTACT_PREFIX) || name.startsWith(SENT_UPDATE_PREFIX)) return 'whatsappContacts';
  if (name.startsWith(SEEN_PREFIX)) return 'whatsappSeen';
  return undefined;
}

export class BlobRetention {
  private readonly container: ContainerClient;
  private readonly lifetimes: Record<RecordKind, number>;
  private running?: Promise<void>;
  private stopping = new AbortController();

  constructor(
    connectionString: string,
    containerName: string,
    pipeline: StoragePipelineOptions,
    settings: RetentionSettings,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.container = new ContainerClient(connectionString, containerName, pipeline);
    this.lifetimes = lifetimes(settings);
  }

  /** Sweeps now, then every hour until stop(). */
  start(): void {
    if (this.running) return;
    this.stopping = new AbortController();
    this.running = (async () => {
      while (!this.stopping.signal.aborted) {
        await this.sweep().catch((error: unknown) =>
          this.logger.warn({ error: errorLogFields(error) }, 'retention sweep failed; it runs again in an hour'),
        );
        await this.clock.sleep(SWEEP_EVERY_MS, this.stopping.signal);
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
    this.running = undefined;
  }

  /** One sweep: how many blobs of each kind ended. */
  async sweep(): Promise<Record<RecordKind, number>> {
    const ended: Record<RecordKind, number> = {
      conversations: 0,
      customers: 0,
      signedIn: 0,
      watches: 0,
      whatsappContacts: 0,
      whatsappSeen: 0,
    };
    if (!(await this.container.exists())) return ended;
    const now = this.clock.now();
    for await (const blob of this.container.listBlobsFlat()) {
      const kind = kindOf(blob.name);
      if (!kind || now - blob.properties.lastModified.getTime() <= this.lifetimes[kind]) continue;
      const { succeeded } = await this.container
        .getBlobClient(blob.name)
        .deleteIfExists({ conditions: { ifMatch: blob.properties.etag } })
        .catch((error: unknown) => {
          // 412: written since it was listed, so it lives on.
          if ((error as { statusCode?: number }).statusCode === 412) return { succeeded: false };
          throw error;
        });
      if (succeeded) ended[kind]++;
    }
    if (Object.values(ended).some(Boolean))
      this.logger.info({ ended }, 'retention: records past their end of life deleted');
    return ended;
  }
}
