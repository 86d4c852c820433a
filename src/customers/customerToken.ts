/**
 * Checks a customer token the store's server signed (a JWT), following RFC 8725:
 * - at most 4,096 characters, refused before anything of it is parsed;
 * - exactly CUSTOMER_TOKEN_ALGORITHM: HS256 with the shared secret, or RS256/ES256 with the store's key
 *   set (storeKeys.ts). `none` and every other algorithm are refused, whatever the key. While the shared
 *   secret rolls, a signature by the one it replaces (CUSTOMER_TOKEN_SECRET_PREVIOUS) passes too;
 * - `aud` is CUSTOMER_TOKEN_AUDIENCE, `iss` is CUSTOMER_TOKEN_ISSUER when that is set; `exp` and `sub`
 *   are required, `nbf` is honoured, with 60 s of tolerance for the two clocks;
 * - it lives an hour at most: `exp` no more than an hour ahead, and `exp - iat` no longer when `iat` is
 *   there. A longer-lived token would outlive what the store still knows about its customer;
 * - `sub`, `name`, `locale` and `orders` of the right shape (customerClaims.ts).
 * A refusal is a CustomerTokenRefused with its reason; nothing of the token is in it.
 */
import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Clock } from '../runtime/clock';
import { customerClaims, type CustomerClaims } from './customerClaims';
import type { StoreKeys } from './storeKeys';
import { CustomerTokenRefused, MAX_CUSTOMER_TOKEN, type RefusalReason } from './tokenRefusal';

/** How a store's customer token is checked: HS256 with a shared secret, or RS256/ES256 under the store's key set. */
export type CustomerTokenSettings =
  | {
      algorithm: 'HS256';
      secret: string;
      /** While the secret rolls, the one it replaces: tokens signed with either pass. */ previousSecret?: string;
      audience: string;
      issuer?: string;
    }
  | { algorithm: 'RS256' | 'ES256'; jwksUrl: string; audience: string; issuer?: string };

/** The longest life a customer token may have. */
export const MAX_TOKEN_LIFE_SECONDS = 3_600;
const CLOCK_TOLERANCE_SECONDS = 60;

export interface VerifiedCustomer extends CustomerClaims {
  /** When the token expires, ms since the epoch. */
  expiresAt: number;
}

export class CustomerTokenVerifier {
  private readonly key: Uint8Array | JWTVerifyGetKey;
  /** HS256 while the secret rolls: the secret it replaces. */
  private readonly previousKey?: Uint8Array;

  /** `keys`: the store's key set, with RS256 and ES256 (HS256 uses the secret in `settings`). */
  constructor(
    private readonly settings: CustomerTokenSettings,
    private readonly clock: Clock,
    keys?: StoreKeys,
  ) {
    if (settings.algorithm === 'HS256') {
      this.key = new TextEncoder().encode(settings.secret);
      if (settings.previousSecret) this.previousKey = new TextEncoder().encode(settings.previousSecret);
    } else if (keys) this.key = keys.keyFor;
    else throw new Error(`${settings.algorithm} customer tokens need the store's key set`);
  }

  async verify(token: string): Promise<VerifiedCustomer> {
    if (token.length > MAX_CUSTOMER_TOKEN) throw new CustomerTokenRefused('oversized');
    let alg: unknown;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      throw new CustomerTokenRefused('malformed');
    }
    // Before any key is looked at: a token names its algorithm, and only ours is heard.
    if (alg !== this.settings.algorithm) throw new CustomerTokenRefused('wrong_algorithm');
    const now = this.clock.now();
    let payload: JWTPayload;
    try {
      payload = await this.verified(token, this.key, now).catch((error: unknown) => {
        // Only a signature the current secret does not make is tried with the previous one; every other check is the same for both.
        if (this.previousKey && error instanceof errors.JWSSignatureVerificationFailed)
          return this.verified(token, this.previousKey, now);
        throw error;
      });
    } catch (error) {
      throw error instanceof CustomerTokenRefused ? error : new CustomerTokenRefused(reasonOf(error));
    }
    const exp = payload.exp!;
    const nowSeconds = now / 1000;
    if (payload.iat !== undefined && payload.iat > nowSeconds + CLOCK_TOLERANCE_SECONDS)
      throw new CustomerTokenRefused('not_yet_valid');
    if (exp - nowSeconds > MAX_TOKEN_LIFE_SECONDS + CLOCK_TOLERANCE_SECONDS)
      throw new CustomerTokenRefused('too_long_lived');
    if (payload.iat !== undefined && exp - payload.iat > MAX_TOKEN_LIFE_SECONDS)
      throw new CustomerTokenRefused('too_long_lived');
    return { ...customerClaims(payload), expiresAt: exp * 1000 };
  }

  private async verified(token: string, key: Uint8Array | JWTVerifyGetKey, now: number): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, key as Uint8Array, {
      algorithms: [this.settings.algorithm],
      audience: this.settings.audience,
      issuer: this.settings.issuer,
      requiredClaims: ['exp'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: new Date(now),
    });
    return payload;
  }
}

/** jose's error, as a reason code. */
function reasonOf(error: unknown): RefusalReason {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    switch (error.claim) {
      case 'nbf':
      case 'iat':
        return error.reason === 'check_failed' ? 'not_yet_valid' : 'malformed_claims';
      case 'aud':
        return 'wrong_audience';
      case 'iss':
        return 'wrong_issuer';
      case 'exp':
        return error.reason === 'missing' ? 'no_expiry' : 'malformed_claims';
      default:
        return 'malformed_claims';
    }
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'bad_signature';
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) return 'wrong_algorithm';
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys)
    return 'unknown_key';
  return 'malformed';
}
