/**
 * A secret a caller presents (our API key, the metrics token), compared in constant time: digests of equal
 * length, so neither the secret's length nor its prefix leaks by timing. The secret is kept only as its digest.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export class SecretMatch {
  private readonly expected: Buffer;

  constructor(secret: string) {
    this.expected = digest(secret);
  }

  matches(presented: string | undefined): boolean {
    return presented !== undefined && timingSafeEqual(digest(presented), this.expected);
  }
}

/** The token of an `Authorization: Bearer <token>` header, if the request has one. */
export function bearerOf(req: IncomingMessage): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')?.[1];
}
