/**
 * Meta signs every webhook: `X-Hub-Signature-256: sha256=<hex>`, an HMAC-SHA256 of the raw body keyed by the
 * app secret. Checked on the bytes as they arrived (a re-serialized body would differ), in constant time.
 */
import { createHmac } from 'node:crypto';
import { SecretMatch } from '../../runtime/secretMatch';

export class WebhookSignature {
  constructor(private readonly appSecret: string) {}

  /** True only when `header` is the signature of exactly these bytes. */
  matches(rawBody: Buffer, header: string | undefined): boolean {
    const expected = `sha256=${createHmac('sha256', this.appSecret).update(rawBody).digest('hex')}`;
    // Compared as digests of equal length, so neither a prefix nor the length of a guess tells anything by timing.
    return new SecretMatch(expected).matches(header?.trim().toLowerCase());
  }
}
