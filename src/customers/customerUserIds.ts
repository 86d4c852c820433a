/**
 * The Direct Line user id of a signed-in customer: `dl_` and a keyed hash (HMAC-SHA256) of the store's
 * customer id (`sub`). The same customer gets the same id on every device and visit, so their
 * conversation limits follow them, and the id says nothing of `sub`: it cannot be read back, and without
 * the key it cannot even be checked against a guess. The key is derived (HKDF, with a label of its own) from
 * CUSTOMER_ID_SECRET, a setting of its own: rotating the Direct Line secret leaves every id as it is, and
 * only a new CUSTOMER_ID_SECRET gives every customer a new one. The derivation is the one the ids had when
 * they were keyed by DIRECTLINE_SECRET, so a shop that sets CUSTOMER_ID_SECRET to that value keeps them.
 */
import { createHmac, hkdfSync } from 'node:crypto';

const LABEL = 'order-tracking-bot/signed-in-customer-user-id/v1';
/** 32 base64url characters: 192 bits, far from any collision, well inside Direct Line's and turnCustomer.ts's bounds. */
const LENGTH = 32;

export class CustomerUserIds {
  private readonly key: Buffer;

  constructor(customerIdSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', customerIdSecret, Buffer.alloc(0), LABEL, 32));
  }

  of(subject: string): string {
    return `dl_${createHmac('sha256', this.key).update(subject, 'utf8').digest('base64url').slice(0, LENGTH)}`;
  }
}
