/**
 * A secret a caller presents (our API key, the metrics token), compared in constant time: digests of equal
 * length, so neither the secret's length nor its prefix leaks by timing. The secret is kept only as its digest.
 * While a secret rolls, two are accepted (the new one and `<NAME>_PREVIOUS`): each is compared, every time,
 * so the timing does not tell which one matched.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export class SecretMatch {
  private readonly expected: Buffer[];

  /** The secret, and while it rolls the one it replaces (undefined when none). */
  constructor(secret: string, previous?: string) {
    this.expected = [secret, ...(previous === undefined ? [] : [previous])].map(digest);
  }

  matches(presented: string | undefined): boolean {
    if (presented === undefined) return false;
    const given = digest(presented);
    let matched = false;
    for (const expected of this.expected) matched = timingSafeEqual(given, expected) || matched;
    return matched;
  }
}
