/**
 * Why a customer token was refused, as a code: the token endpoint logs it (never the token or a claim)
 * and answers 401. The message says what is wrong in general terms, safe for a log line and an answer.
 */
/** Longer than any honest customer token (a few claims and up to 50 orders): refused unread. */
export const MAX_CUSTOMER_TOKEN = 4_096;

export type RefusalReason =
  /** Longer than any honest token: refused before anything of it is read. */
  | 'oversized'
  /** Not a compact JWS, or its header or payload is not JSON. */
  | 'malformed'
  /** Signed with another algorithm than CUSTOMER_TOKEN_ALGORITHM (`none` included). */
  | 'wrong_algorithm'
  /** No key of the store's key set has the token's `kid`, even after fetching the set again. */
  | 'unknown_key'
  /** The store's key set could not be fetched (or was no key set). */
  | 'keys_unavailable'
  | 'bad_signature'
  | 'expired'
  /** `nbf` or `iat` is still ahead. */
  | 'not_yet_valid'
  /** Lives over an hour: `exp` too far ahead, or `exp - iat` too long. */
  | 'too_long_lived'
  | 'no_expiry'
  | 'no_subject'
  | 'wrong_audience'
  | 'wrong_issuer'
  /** `sub`, `name` or `locale` of the wrong type or length. */
  | 'malformed_claims'
  /** `orders` is not a list of orders as a lookup sends them: the store's server is broken. */
  | 'malformed_orders';

export class CustomerTokenRefused extends Error {
  override readonly name = 'CustomerTokenRefused';
  constructor(readonly reason: RefusalReason) {
    super(`the customer token was refused (${reason})`);
  }
}
