/**
 * A WhatsApp customer's number, kept so that an update can reach them days later, on any instance, after a
 * restart: sealed with AES-256-GCM, never in the clear. The key is derived (HKDF, a label of its own) from
 * STORAGE_KEY_SECRET, as the names state is stored under are; without it (state in memory), a key of this process,
 * which lives exactly as long as that state. Each sealed number is bound to its owner (the customer's keyed id, as
 * additional data), so a record copied under another customer's name does not open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const LABEL = 'order-tracking-bot/whatsapp-number-seal/v1';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SealedNumbers {
  private readonly key: Buffer;

  constructor(storageKeySecret: string | undefined) {
    this.key =
      storageKeySecret === undefined
        ? randomBytes(32)
        : Buffer.from(hkdfSync('sha256', storageKeySecret, Buffer.alloc(0), LABEL, 32));
  }

  seal(number: string, owner: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(owner, 'utf8'));
    const sealed = Buffer.concat([cipher.update(number, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
  }

  /** The number; undefined when it was sealed with another key (a new STORAGE_KEY_SECRET), for another owner, or altered. */
  open(value: string, owner: string): string | undefined {
    const [version, data] = value.split('.');
    if (version !== VERSION || !data) return undefined;
    const bytes = Buffer.from(data, 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(owner, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
