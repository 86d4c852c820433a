/**
 * Whom a WhatsApp conversation answers to, and since when WhatsApp lets the bot write to them: the customer's
 * number (sealed, sealedNumbers.ts) and the time of their last message, as their phone stamped it (the 24-hour
 * window runs from it, not from when the webhook reached us). Kept in the bot's storage under a keyed name, so
 * an update finds its customer on any instance and after a restart; one record per customer, written when they
 * write, so that a new message extends every one of their watches with no write per watch.
 */
import type { Storage } from '../botbuilder';
import type { StorageNames } from '../../runtime/storageNames';
import type { SealedNumbers } from '../../channels/whatsapp/sealedNumbers';

/** Records are named `whatsapp-contact.<keyed name>` (docs/personal-data.md lists the prefix). */
export const CONTACT_PREFIX = 'whatsapp-contact.';
/** WhatsApp takes a free-form message only this long after the customer's last one. */
const SERVICE_WINDOW_MS = 24 * 3_600_000;

interface ContactRecord {
  kind: typeof KIND;
  /** The number, sealed for this customer. */
  number: string;
  lastMessageAt: number;
  /** WhatsApp refused a free-form message (131047) after their last one: its window is closed until they write again. */
  refusedAt?: number;
}

const KIND = 'whatsapp-contact';
const DAY_MS = 86_400_000;

/**
 * State in memory forgets what nobody touched for MEMORY_STATE_IDLE_MINUTES; a contact must outlive that for as long as
 * a watch it serves can run (NOTIFY_FOR_DAYS after the customer's last message, when they asked): the storage's Outlive.
 */
export function contactInForce(
  item: Record<string, unknown>,
  now: number,
  notifyForDays: number,
): { keep: Record<string, unknown>; until: number } | undefined {
  if (item.kind !== KIND || typeof item.lastMessageAt !== 'number') return undefined;
  const until = item.lastMessageAt + (notifyForDays + 1) * DAY_MS;
  return until > now ? { keep: item, until } : undefined;
}

/** The record of the customer (their keyed id) is kept under: what erasure finds from their number too. */
export function contactKey(names: StorageNames, customer: string): string {
  return `${CONTACT_PREFIX}${names.other(`whatsapp-contact\u0000${customer}`)}`;
}

export interface Contact {
  number: string;
  /** When their last message was sent. */
  lastMessageAt: number;
  /** Until when a free-form message may go (0: WhatsApp said it is closed). */
  windowEndsAt: number;
}

export class WhatsAppContacts {
  constructor(
    private readonly storage: Storage,
    private readonly names: StorageNames,
    private readonly seal: SealedNumbers,
  ) {}

  /** The customer (their keyed id) wrote from `number` at `sentAt`. An older message delivered late moves nothing back. */
  async wrote(customer: string, number: string, sentAt: number): Promise<void> {
    const key = this.key(customer);
    const stored = await this.record(key);
    if (stored && stored.lastMessageAt >= sentAt && this.seal.open(stored.number, customer) === number) return;
    const record: ContactRecord = {
      kind: KIND,
      number: this.seal.seal(number, customer),
      lastMessageAt: Math.max(sentAt, stored?.lastMessageAt ?? 0),
      ...(stored?.refusedAt !== undefined && stored.refusedAt > sentAt && { refusedAt: stored.refusedAt }),
    };
    await this.storage.write({ [key]: { ...record, eTag: '*' } });
  }

  /** The customer's number and window; undefined when none is kept (or it was sealed with another key). */
  async of(customer: string): Promise<Contact | undefined> {
    const stored = await this.record(this.key(customer));
    const number = stored && this.seal.open(stored.number, customer);
    if (!stored || !number) return undefined;
    const closed = stored.refusedAt !== undefined && stored.refusedAt >= stored.lastMessageAt;
    return {
      number,
      lastMessageAt: stored.lastMessageAt,
      windowEndsAt: closed ? 0 : stored.lastMessageAt + SERVICE_WINDOW_MS,
    };
  }

  /** WhatsApp refused a free-form message to them for the window (131047) at `at`: until they write again, only a template goes. */
  async refused(customer: string, at: number): Promise<void> {
    const key = this.key(customer);
    const stored = await this.record(key);
    if (stored) await this.storage.write({ [key]: { ...stored, refusedAt: at, eTag: '*' } });
  }

  private key(customer: string): string {
    return contactKey(this.names, customer);
  }

  private async record(key: string): Promise<ContactRecord | undefined> {
    const stored = (await this.storage.read([key]))[key] as ContactRecord | undefined;
    return stored && typeof stored.number === 'string' && typeof stored.lastMessageAt === 'number' ? stored : undefined;
  }
}
