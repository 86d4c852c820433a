/**
 * Who sees what (ORDER_DETAILS), end to end: each setting × the order's signed-in owner, another signed-in
 * customer and a visitor × each kind of lookup × Web Chat, Teams and SMS. Only Web Chat signs anyone in: on
 * Teams and SMS the owner's own id is a visitor's. A masked answer holds none of the parcel's tracking
 * numbers, links or places anywhere in what is sent (attachments and channel data included); a refused one
 * is "not found", and the upstream was not asked.
 */
import { toGsm7 } from '../../src/channels';
import type { OrderDetails } from '../../src/customers/disclosure';
import type { SignedInCustomer } from '../../src/customers/customer';
import { Translator } from '../../src/i18n';
import { ShipmentLookup, type LookupRequest } from '../../src/tracking/lookup';
import type { Shipment } from '../../src/tracking/shipment';
import { configFor } from '../support/app';
import { conversation } from '../support/transcript';
import { API_KEY, CREDENTIALS, clientsFor, useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const STORES = 'store-us-1=Example Store US, store-uk-1=Example Store UK';
const { t } = new Translator('en').localize('en');
const SIGN_IN = t('card.sign_in_for_details');
/** Where nobody signs in (Teams, SMS): the chat on the shop's website is where signing in shows more. */
const IN_WEB_CHAT = t('card.details_in_web_chat');
/** What a signed-in customer is told instead on someone else's order: they are signed in already. */
const NOT_YOURS = t('card.not_your_order');

type Kind = LookupRequest['kind'];
/** What the customer types, and the lookup it makes. */
const LOOKUPS: Record<Kind, { said: string; request: LookupRequest }> = {
  order_number: { said: 'ORD-1002', request: { kind: 'order_number', identifier: 'ORD-1002' } },
  order_id: { said: 'AB12CD34EF56', request: { kind: 'order_id', identifier: 'AB12CD34EF56' } },
  external_order: {
    said: 'my order #1001 from Example Store US',
    request: { kind: 'external_order', identifier: '#1001', storeId: 'store-us-1' },
  },
  tracking_number: {
    said: '1Z7X3F940344156200',
    request: { kind: 'tracking_number', identifier: '1Z7X3F940344156200' },
  },
};

const OWNER_ID = 'dl_theOwnerOfTheseOrders';
const OTHER_ID = 'dl_anotherCustomerOfTheShop';
const signedIn = (userId: string, orders: SignedInCustomer['orders']): SignedInCustomer => ({
  userId,
  orders,
  expiresAt: Number.MAX_SAFE_INTEGER,
});
const OWNER = signedIn(OWNER_ID, [
  { kind: 'order_number', identifier: 'ORD-1002' },
  { kind: 'order_id', identifier: 'AB12CD34EF56' },
  { kind: 'external_order', identifier: '#1001', storeId: 'store-us-1' },
]);
const OTHER = signedIn(OTHER_ID, [{ kind: 'order_number', identifier: 'ORD-1003' }]);
const WHO = { owner: OWNER_ID, 'another customer': OTHER_ID, 'a visitor': 'visitor-7f3a9c2e41' } as const;
type Who = keyof typeof WHO;
const CHANNELS = ['webchat', 'msteams', 'sms'] as const;
type Seen = 'full' | 'masked' | 'not found';

/** The one table: what an order's lookup shows, by setting and by who asks where they can be signed in. */
const ORDERS: Record<OrderDetails, Record<'owner' | 'anyone else', Seen>> = {
  masked: { owner: 'full', 'anyone else': 'masked' },
  verified: { owner: 'full', 'anyone else': 'not found' },
  open: { owner: 'full', 'anyone else': 'full' },
};
function expected(policy: OrderDetails, who: Who, kind: Kind, channel: (typeof CHANNELS)[number]): Seen {
  if (kind === 'tracking_number') return 'full';
  return ORDERS[policy][who === 'owner' && channel === 'webchat' ? 'owner' : 'anyone else'];
}

const rows = (Object.keys(ORDERS) as OrderDetails[]).flatMap((policy) =>
  CHANNELS.flatMap((channel) =>
    (Object.keys(WHO) as Who[]).flatMap((who) =>
      (Object.keys(LOOKUPS) as Kind[]).map(
        (kind) => [policy, channel, who, kind, expected(policy, who, kind, channel)] as const,
      ),
    ),
  ),
);

/** What the parcels of each lookup must not show when masked: tracking numbers, carrier links, places. */
const secrets = new Map<Kind, string[]>();
beforeAll(async () => {
  const { checkpoints, trackings } = clientsFor(upstreams);
  const lookup = new ShipmentLookup({
    checkpoints: { client: checkpoints, credentials: CREDENTIALS },
    trackings: { client: trackings, apiKey: API_KEY },
  });
  for (const kind of Object.keys(LOOKUPS) as Kind[]) {
    const shipments = await lookup.find(LOOKUPS[kind].request, 'en');
    secrets.set(kind, secretsOf(shipments));
  }
});

function secretsOf(shipments: Shipment[]): string[] {
  const found = shipments.flatMap((shipment) => [
    shipment.trackingNumber,
    shipment.carrier.trackingUrl,
    ...shipment.events.map((event) => event.location),
  ]);
  // As an SMS spells them too (GSM-7 has no "ł" or "é" of its own).
  const values = found.filter((value): value is string => !!value);
  return [...new Set([...values, ...values.map(toGsm7)])];
}

test.each(rows)('ORDER_DETAILS=%s, on %s, %s looking up by %s: %s', async (policy, channel, who, kind, seen) => {
  const talk = conversation(
    configFor(upstreams, {
      ORDER_DETAILS: policy,
      ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
      TRACKINGS_STORES: STORES,
      LOG_LEVEL: 'warn',
    }),
    { channelId: channel, locale: 'en-US' },
  );
  await talk.customers.keep(OWNER);
  await talk.customers.keep(OTHER);
  const replies = (
    await talk.say({
      type: 'message',
      text: LOOKUPS[kind].said,
      from: { id: WHO[who], name: 'Customer', role: 'user' },
    })
  ).filter((reply) => reply.type === 'message');
  const wire = JSON.stringify(replies);
  const secret = secrets.get(kind)!;
  expect(secret.length).toBeGreaterThanOrEqual(2);

  switch (seen) {
    case 'full':
      expect(secret.filter((value) => wire.includes(value)).length).toBeGreaterThan(0);
      expect(wire).not.toContain(SIGN_IN);
      expect(wire).not.toContain(IN_WEB_CHAT);
      expect(wire).not.toContain(NOT_YOURS);
      break;
    case 'masked':
      expect(secret.filter((value) => wire.includes(value))).toEqual([]);
      // Only Web Chat signs anyone in: there another customer is told the order is not theirs, and a visitor to sign in;
      // anyone elsewhere, that the chat on the shop's website shows the rest once signed in.
      if (who === 'another customer' && channel === 'webchat') {
        expect(wire).toContain(NOT_YOURS);
        expect(wire).not.toContain(SIGN_IN);
      } else {
        expect(wire).toContain(channel === 'webchat' ? SIGN_IN : IN_WEB_CHAT);
        expect(wire).not.toContain(channel === 'webchat' ? IN_WEB_CHAT : SIGN_IN);
        expect(wire).not.toContain(NOT_YOURS);
      }
      // Status and dates still come: the answer is about the parcels found.
      expect(replies[0].text).toMatch(/^(Here is the shipment|I found \d shipments) for /);
      break;
    case 'not found':
      expect(replies.map((reply) => reply.text)).toEqual([expect.stringMatching(/^I couldn't find anything for /)]);
      expect([...upstreams.checkpoints.requests, ...upstreams.trackings.requests]).toEqual([]);
      break;
  }
});
