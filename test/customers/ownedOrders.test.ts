/** A signed-in customer's orders as offered: those this deployment can look up, each once, titled as the customer knows them. */
import type { OwnedOrder } from '../../src/customers/customer';
import { lookupableOrders } from '../../src/customers/ownedOrders';

const customer = (orders: OwnedOrder[]) => ({
  userId: 'dl_k3yedHashOfTheStoresCustomerId',
  orders,
  expiresAt: Number.MAX_SAFE_INTEGER,
});
const ALL = ['order_number', 'tracking_number', 'order_id', 'external_order'] as const;
const STORES = [{ id: 'store-uk-1', name: 'Example Store UK' }];

test('each order titled by its number, a store’s by its store’s name (or its id where the operator named it nothing), with the lookup as a card submit sends it', () => {
  const offered = lookupableOrders(
    customer([
      { kind: 'order_number', identifier: 'ORD-1002' },
      { kind: 'external_order', identifier: '#1001', storeId: 'store-uk-1' },
      { kind: 'external_order', identifier: '1002', storeId: 'store-us-1' },
      { kind: 'order_id', identifier: 'AB12CD34EF56' },
    ]),
    ALL,
    STORES,
  );
  expect(offered.map(({ title, data }) => ({ title, data }))).toEqual([
    { title: 'ORD-1002', data: { input_type: 'order_number', identifier: 'ORD-1002' } },
    {
      title: '#1001 (Example Store UK)',
      data: { input_type: 'external_order', identifier: '#1001', store_id: 'store-uk-1' },
    },
    { title: '1002 (store-us-1)', data: { input_type: 'external_order', identifier: '1002', store_id: 'store-us-1' } },
    { title: 'AB12CD34EF56', data: { input_type: 'order_id', identifier: 'AB12CD34EF56' } },
  ]);
});

test('an order this deployment has no interface for, one that is no number, and the same order twice are left out', () => {
  const offered = lookupableOrders(
    customer([
      { kind: 'order_number', identifier: 'ORD-1002' },
      { kind: 'order_id', identifier: 'AB12CD34EF56' },
      { kind: 'order_number', identifier: 'no such <b>number</b>' },
      { kind: 'order_number', identifier: 'ORD-1002' },
      { kind: 'external_order', identifier: '#1001', storeId: 'not a store!' },
    ]),
    ['order_number', 'tracking_number'],
  );
  expect(offered.map(({ title }) => title)).toEqual(['ORD-1002']);
});
