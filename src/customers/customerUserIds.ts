/**
 * The Direct Line user id of a signed-in customer: `dl_` and a keyed hash (HMAC-SHA256) of the store's
 * customer id (`sub`). The same customer gets the same id on every device and visit, so their
 * conversation limits follow them, and the id says nothing of `sub`: it cannot be read back, and without
 * the key it cannot even be checked against a guess. The key is derived from the Direct Line secret
 * (HKDF, with a label of its own), so nothing new needs keeping; a new secret gives every customer a new id.
 */
import { createHmac, hkdfSync } from 'node:crypto';

const LABEL = 'order-tracking-bot/signed-in-customer-user-id/v1';
/** 32 base64url characters: 192 bits, far from any collision, well inside Direct Line's and turnCustomer.ts's bounds. */
const LENGTH = 32;

export class CustomerUserIds {
  private readonly key: Buffer;

  constructor(directLineSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', directLineSecret, Buffer.alloc(0), LABEL, 32));
  }

  of(subject: string): string {
    return `dl_${createHmac('sha256', this.key).update(subject, 'utf8').digest('base64url').slice(0, LENGTH)}`;
  }
}
