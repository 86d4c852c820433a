/**
 * A customer the store's own site signed in: what the store's customer token said about them, kept
 * server-side for their Direct Line user id until the token expires. Nothing here is shown to anyone
 * but the customer themselves, and none of it goes into a log line.
 */
import type { LookupKind } from '../tracking/lookup';

/** An order the store says the customer owns, in the words a lookup sent as data uses. */
export interface OwnedOrder {
  kind: Exclude<LookupKind, 'tracking_number'>;
  identifier: string;
  /** The store of a store's order number (kind `external_order`). */
  storeId?: string;
}

export interface SignedInCustomer {
  /** The Direct Line user id bound to them: `dl_` and a keyed hash of the store's customer id, never the id itself. */
  userId: string;
  /** The token's `name`, as the store gave it; the greeting uses its first word. */
  name?: string;
  /** The token's `locale`, when the store knows the customer's language. */
  locale?: string;
  /** Newest first, as the store lists them. */
  orders: OwnedOrder[];
  /** When the token expires (ms since the epoch): after it the customer is a visitor again. */
  expiresAt: number;
}

/** Where the signed-in customers are kept, by their Direct Line user id, each until its token's expiry. */
export interface CustomerDirectory {
  /** The customer signed in under this user id, while their token lives; undefined for anyone else. */
  find(userId: string): Promise<SignedInCustomer | undefined>;
  /** Keeps (or replaces) a customer's claims until `expiresAt`. */
  keep(customer: SignedInCustomer): Promise<void>;
}
