/**
 * A signed-in customer's orders as they are offered to them: the newest few this deployment can look up,
 * each titled by its number as the customer knows it, and carrying the lookup it stands for in the words a
 * card submit or OrderTrackingChat.track uses ({input_type, identifier, store_id}).
 */
import type { Store } from '../recognize';
import { validateIdentifier } from '../recognize';
import { sameRequest, type LookupKind, type LookupRequest } from '../tracking/lookup';
import type { OwnedOrder, SignedInCustomer } from './customer';

/** The newest this many are offered as buttons; any other the customer types. */
export const NEWEST_ORDERS = 5;

export interface OfferedOrder {
  /** The number as the customer knows it; a store order names its store. */
  title: string;
  request: LookupRequest;
  /** The request as data, as a card submit sends it. */
  data: { input_type: LookupKind; identifier: string; store_id?: string };
}

/**
 * The customer's orders this deployment can look up, newest first: of a kind it has an interface for, with
 * a number that is one (the store's claims are shown as buttons and sent back as lookups, so they are
 * checked like anything a customer types), each once.
 */
export function lookupableOrders(
  customer: Pick<SignedInCustomer, 'orders'>,
  kinds: readonly LookupKind[],
  stores: readonly Store[] = [],
): OfferedOrder[] {
  const offered: OfferedOrder[] = [];
  for (const order of customer.orders) {
    const request = requestOf(order, kinds);
    if (!request || offered.some(({ request: other }) => sameRequest(other, request))) continue;
    offered.push({
      title: titleOf(request, stores),
      request,
      data: {
        input_type: request.kind,
        identifier: request.identifier,
        ...(request.storeId && { store_id: request.storeId }),
      },
    });
  }
  return offered;
}

function requestOf(order: OwnedOrder, kinds: readonly LookupKind[]): LookupRequest | undefined {
  if (!kinds.includes(order.kind)) return undefined;
  const identifier = validateIdentifier(order.kind, order.identifier);
  if (!identifier.ok) return undefined;
  if (order.kind !== 'external_order' || !order.storeId) return { kind: order.kind, identifier: identifier.value };
  const store = validateIdentifier('store', order.storeId);
  return store.ok ? { kind: order.kind, identifier: identifier.value, storeId: store.value } : undefined;
}

/** "ORD-1001"; a store's order "1001 (Example Store UK)", by the store's id where the operator named it nothing. */
function titleOf(request: LookupRequest, stores: readonly Store[]): string {
  if (!request.storeId) return request.identifier;
  const store = stores.find((named) => named.id.toLowerCase() === request.storeId!.toLowerCase());
  return `${request.identifier} (${store?.name ?? request.storeId})`;
}
