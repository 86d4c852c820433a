/**
 * The store's public keys (CUSTOMER_TOKEN_JWKS_URL), fetched and cached, so that RS256 and ES256
 * tokens are checked against whatever keys the store publishes now:
 * - the set is kept for `maxAgeMs`, then fetched again before the next check;
 * - a token whose `kid` is not in the set fetches it again at once (the store rotated its key), but at
 *   most once per `cooldownMs`: a flood of made-up kids cannot make us hammer the store;
 * - a fetch has `timeoutMs`, no redirects and a size cap; checks that arrive during one wait for it;
 * - a fetch that failed is remembered for `cooldownMs` as well: until then a check that needs the set is
 *   refused (keys_unavailable) without asking again, so a store whose set is down is not asked once per
 *   customer token.
 * Times come from the injected clock. A key that left the set is refused once the cached set is older
 * than `maxAgeMs`.
 */
import { createLocalJWKSet, errors, type JSONWebKeySet, type JWSHeaderParameters, type KeyLike } from 'jose';
import { z } from 'zod';
import { fetchText } from '../fetchText';
import type { Clock } from '../runtime/clock';
import { CustomerTokenRefused } from './tokenRefusal';

export interface StoreKeysOptions {
  timeoutMs?: number;
  maxAgeMs?: number;
  cooldownMs?: number;
}

const MINUTE = 60_000;
const DEFAULTS: Required<StoreKeysOptions> = { timeoutMs: 5_000, maxAgeMs: 10 * MINUTE, cooldownMs: 30_000 };
const MAX_KEY_SET_BYTES = 64 * 1024;

const KeySet = z.object({ keys: z.array(z.looseObject({ kty: z.string() })).max(100) });

interface Fetched {
  select: (header: JWSHeaderParameters) => Promise<KeyLike>;
  at: number;
}

export class StoreKeys {
  private readonly options: Required<StoreKeysOptions>;
  private current?: Fetched;
  private pending?: Promise<Fetched>;
  private lastFetchAt = -Infinity;
  private failedAt = -Infinity;

  constructor(
    private readonly url: string,
    private readonly clock: Clock,
    options: StoreKeysOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** The key for this token's header (jose calls it with the protected header). */
  readonly keyFor = async (header: JWSHeaderParameters): Promise<KeyLike> => {
    const fresh = this.current && this.clock.now() - this.current.at < this.options.maxAgeMs;
    if (!fresh && this.clock.now() - this.failedAt < this.options.cooldownMs)
      throw new CustomerTokenRefused('keys_unavailable');
    const keys = fresh ? this.current! : await this.fetch();
    try {
      return await keys.select(header);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      // Perhaps a new key: once per cooldown, look again.
      if (this.clock.now() - this.lastFetchAt < this.options.cooldownMs) throw new CustomerTokenRefused('unknown_key');
      const again = await this.fetch();
      return again.select(header).catch((second: unknown) => {
        throw second instanceof errors.JWKSNoMatchingKey ? new CustomerTokenRefused('unknown_key') : second;
      });
    }
  };

  private fetch(): Promise<Fetched> {
    this.pending ??= this.load().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async load(): Promise<Fetched> {
    this.lastFetchAt = this.clock.now();
    let keySet: JSONWebKeySet;
    try {
      const response = await fetchText(this.url, {
        headers: { Accept: 'application/json' },
        timeoutMs: this.options.timeoutMs,
        maxBytes: MAX_KEY_SET_BYTES,
      });
      if (response.status !== 200) throw new Error('status');
      keySet = KeySet.parse(JSON.parse(response.text));
    } catch {
      this.failedAt = this.clock.now();
      // Why exactly is the store's business; the reason code says where to look.
      throw new CustomerTokenRefused('keys_unavailable');
    }
    this.current = { select: createLocalJWKSet(keySet), at: this.clock.now() };
    return this.current;
  }
}
