/**
 * Who a WhatsApp customer is to the bot: `wa_` and a keyed hash (HMAC-SHA256) of their phone number. The same
 * number gets the same id in every conversation, so their limits hold across them, and the id says nothing of
 * the number: without the key it cannot even be checked against a guess (there are only so many numbers).
 * The key is derived (HKDF, with a label of its own) from STORAGE_KEY_SECRET, as the names state is stored
 * under are; without it (state in memory), from a key of this process, which lives exactly as long as that state.
 */
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';

const LABEL = 'order-tracking-bot/whatsapp-customer-id/v1';
/** 32 base64url characters: 192 bits, far from any collision. */
const LENGTH = 32;

export class WhatsAppCustomerIds {
  private readonly key: Buffer;

  constructor(storageKeySecret: string | undefined) {
    this.key =
      storageKeySecret === undefined
        ? randomBytes(32)
        : Buffer.from(hkdfSync('sha256', storageKeySecret, Buffer.alloc(0), LABEL, 32));
  }

  /** The id of the customer behind this WhatsApp number (`wa_id`, digits). */
  of(waId: string): string {
    return `wa_${createHmac('sha256', this.key).update(waId, 'utf8').digest('base64url').slice(0, LENGTH)}`;
  }
}
