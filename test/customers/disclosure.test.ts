/**
 * What a lookup shows to whom (ORDER_DETAILS), as one rule: a tracking number shows everything to anyone;
 * an order's owner sees everything; anyone else sees it masked, not at all, or whole, as the operator set.
 */
import type { OrderDetails } from '../../src/customers/disclosure';
import type { SignedInCustomer } from '../../src/customers/customer';
import { disclosureOf, type Disclosure } from '../../src/customers/disclosure';
import { maskedShipments } from '../../src/customers/maskedShipments';
import type { LookupRequest } from '../../src/tracking/lookup';
import { isSharedAnswer, shareAnswer } from '../../src/tracking/sharedAnswer';
import { englishUpstream, germanLabels } from '../cards/fixtures';

const REQUESTS: Record<LookupRequest['kind'], LookupRequest> = {
  order_number: { kind: 'order_number', identifier: 'ORD-1002' },
  order_id: { kind: 'order_id', identifier: 'AB12CD34EF56' },
  external_order: { kind: 'external_order', identifier: '#1001', storeId: 'store-us-1' },
  tracking_number: { kind: 'tracking_number', identifier: '1Z7X3F940344156200' },
};

const customer = (orders: SignedInCustomer['orders']): SignedInCustomer => ({
  userId: 'dl_customerOfTheShop01',
  orders,
  expiresAt: Number.MAX_SAFE_INTEGER,
});
const OWNER = customer([
  { kind: 'order_number', identifier: 'ORD-1002' },
  { kind: 'order_id', identifier: 'AB12CD34EF56' },
  { kind: 'external_order', identifier: '#1001', storeId: 'store-us-1' },
]);
const SOMEONE_ELSE = customer([{ kind: 'order_number', identifier: 'ORD-1003' }]);
const WHO = { owner: OWNER, 'another customer': SOMEONE_ELSE, 'a visitor': undefined } as const;

/** policy → who → what an order (number, ID or store order) shows them; a tracking number always shows everything. */
const ORDERS: Record<OrderDetails, Record<keyof typeof WHO, Disclosure>> = {
  masked: { owner: 'full', 'another customer': 'masked', 'a visitor': 'masked' },
  verified: { owner: 'full', 'another customer': 'refused', 'a visitor': 'refused' },
  open: { owner: 'full', 'another customer': 'full', 'a visitor': 'full' },
};

const rows = (Object.keys(ORDERS) as OrderDetails[]).flatMap((policy) =>
  (Object.keys(WHO) as Array<keyof typeof WHO>).flatMap((who) =>
    (Object.keys(REQUESTS) as Array<LookupRequest['kind']>).map(
      (kind) => [policy, who, kind, kind === 'tracking_number' ? 'full' : ORDERS[policy][who]] as const,
    ),
  ),
);

test.each(rows)('ORDER_DETAILS=%s: %s looking up by %s sees %s', (policy, who, kind, expected) => {
  expect(disclosureOf(REQUESTS[kind], WHO[who], { orderDetails: policy })).toBe(expected);
});

test.each([
  ['the same order number with spaces around it', { kind: 'order_number', identifier: ' ORD-1002 ' }, 'full'],
  // A shop's own order numbers do not differ by case alone: the owner typing in small letters is still the owner.
  ['the order number in small letters', { kind: 'order_number', identifier: 'ord-1002' }, 'full'],
  ['the order ID in small letters', { kind: 'order_id', identifier: 'ab12cd34ef56' }, 'full'],
  ['the order ID with a space in it', { kind: 'order_id', identifier: 'AB12 CD34 EF56' }, 'full'],
  [
    'its store order at another store',
    { kind: 'external_order', identifier: '#1001', storeId: 'store-uk-1' },
    'masked',
  ],
  ['its order number sent as an order ID', { kind: 'order_id', identifier: 'ORD-1002' }, 'masked'],
  ['an identifier no lookup can send', { kind: 'order_number', identifier: 'ORD 1002' }, 'masked'],
] as const)('the owner asking %s sees %s', (_, request, expected) => {
  expect(disclosureOf(request as LookupRequest, OWNER, { orderDetails: 'masked' })).toBe(expected);
});

test('a store order the store lists without a store is of the deployment’s one store', () => {
  const owner = customer([{ kind: 'external_order', identifier: '#1001' }]);
  expect(disclosureOf(REQUESTS.external_order, owner, { orderDetails: 'masked', defaultStoreId: 'store-us-1' })).toBe(
    'full',
  );
  expect(disclosureOf(REQUESTS.external_order, owner, { orderDetails: 'masked' })).toBe('masked');
  expect(disclosureOf({ ...REQUESTS.external_order, storeId: undefined }, owner, { orderDetails: 'masked' })).toBe(
    'masked',
  );
});

test('a masked shipment keeps its status, dates and what each event says; no number, carrier, link or place', () => {
  const [masked] = maskedShipments([germanLabels]);
  const { id: _id, trackingNumber: _number, carrier: _carrier, events, ...kept } = germanLabels;
  expect(masked).toEqual({
    ...kept,
    id: 'shipment-1',
    carrier: {},
    events: events.map(({ location: _place, ...event }) => event),
    withheld: true,
  });
  expect(JSON.stringify(masked)).not.toMatch(/00340434161094042557|DHL|dhl\.de|Berlin|Köln/);
});

test('a masked shipment keeps none of the carrier’s own words: no event message, no status message, no place', () => {
  const [masked] = maskedShipments([englishUpstream]);
  expect(masked.status).toEqual({ category: 'in_transit', code: 'IN_TRANSIT' });
  expect(
    masked.events.map((event) =>
      Object.keys(event).filter((key) => (event as unknown as Record<string, unknown>)[key] !== undefined),
    ),
  ).toEqual([
    ['at', 'category', 'code'],
    ['at', 'category', 'code'],
    ['at', 'category', 'code'],
  ]);
  expect(JSON.stringify(masked)).not.toMatch(/facility|Label created|Berlin|Köln|UPS/);
});

test('the same list masks to the same copy, so its renderings are kept; a shared answer (the cache’s) to a shared, frozen copy', () => {
  const cached = shareAnswer([germanLabels]);
  expect(maskedShipments(cached)).toBe(maskedShipments(cached));
  expect(isSharedAnswer(maskedShipments(cached))).toBe(true);
  expect(Object.isFrozen(maskedShipments(cached))).toBe(true);
  expect(maskedShipments([germanLabels])).not.toBe(maskedShipments([germanLabels]));
});
