/**
 * What a lookup may show, and to whom (ORDER_DETAILS, README "Who sees what"). Order numbers are guessable,
 * so an order's tracking details go only to its owner, unless the operator says otherwise; a carrier's
 * tracking number shows everything to anyone, since the carrier's own site already does. Pure: the request,
 * the turn's customer and the setting in, the verdict out.
 */
import { validateIdentifier } from '../recognize/validate';
import type { LookupRequest } from '../tracking/lookup';
import type { OwnedOrder, SignedInCustomer } from './customer';

/** What ownership is decided on: the orders the store listed (a turn's customer, or an AI agent's caller by their token). */
type OrderOwner = Pick<SignedInCustomer, 'orders'>;

/** ORDER_DETAILS: what a lookup by order number, store order or order ID shows to someone who is not its signed-in owner. */
export type OrderDetails = 'masked' | 'verified' | 'open';

/** full: everything; masked: no tracking number, carrier, link or places; refused: answered as "not found", the upstream not asked. */
export type Disclosure = 'full' | 'masked' | 'refused';

export interface DisclosurePolicy {
  orderDetails: OrderDetails;
  /** The store of a single-store deployment: an owned store order that names no store is of this one. */
  defaultStoreId?: string;
}

export function disclosureOf(
  request: LookupRequest,
  customer: OrderOwner | undefined,
  policy: DisclosurePolicy,
): Disclosure {
  if (request.kind === 'tracking_number') return 'full';
  if (customer && owns(customer, request, policy.defaultStoreId)) return 'full';
  switch (policy.orderDetails) {
    case 'open':
      return 'full';
    case 'masked':
      return 'masked';
    case 'verified':
      return 'refused';
  }
}

/** Whether the store listed this order as the customer's: same kind, the same identifier as the lookup sends it, the same store. */
function owns(customer: OrderOwner, request: LookupRequest, defaultStoreId?: string): boolean {
  return ownedOrder(customer, request, defaultStoreId) !== undefined;
}

/**
 * The request to send: for an order its owner asked about, the identifier as the store listed it. Ownership
 * ignores case, so the upstream must be asked the number the ownership was decided on: in a shop whose
 * numbers differ by case alone, "ord-1002" typed by the owner of "ORD-1002" is their order, not another.
 */
export function asListed(
  request: LookupRequest,
  customer: OrderOwner | undefined,
  defaultStoreId?: string,
): LookupRequest {
  const order = customer && ownedOrder(customer, request, defaultStoreId);
  const listed = order && validateIdentifier(order.kind, order.identifier);
  return listed?.ok && listed.value !== request.identifier ? { ...request, identifier: listed.value } : request;
}

function ownedOrder(
  customer: OrderOwner,
  request: LookupRequest,
  defaultStoreId: string | undefined,
): OwnedOrder | undefined {
  const identifier = normalized(request.kind, request.identifier);
  if (identifier === undefined) return undefined;
  return customer.orders.find(
    (order) =>
      order.kind === request.kind &&
      normalized(order.kind, order.identifier) === identifier &&
      sameStore(order, request, defaultStoreId),
  );
}

/**
 * The identifier as the lookup sends it (a store's claim may differ in spacing), compared without regard to
 * case: no shop tells two orders apart by case alone, and an owner typing "ord-1002" is still its owner.
 * One that cannot be sent owns nothing.
 */
function normalized(kind: LookupRequest['kind'], identifier: string): string | undefined {
  const valid = validateIdentifier(kind, identifier);
  return valid.ok ? valid.value.toUpperCase() : undefined;
}

/** A store's order number is the store's own: #1001 at one store is another customer's #1001 at the next. */
function sameStore(order: OwnedOrder, request: LookupRequest, defaultStoreId: string | undefined): boolean {
  if (order.kind !== 'external_order') return true;
  const store = order.storeId ?? defaultStoreId;
  return store !== undefined && store === request.storeId;
}
