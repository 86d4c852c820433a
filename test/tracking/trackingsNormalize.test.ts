import { beyondCode } from '../../src/tracking/trackings/meaning';
import { normalizeTrackings } from '../../src/tracking/trackings/normalize';
import { trackingNumberInUrl } from '../../src/tracking/trackings/trackingUrl';
import { ListTrackingsResponseSchema } from '../../src/tracking/trackings/schema';
import type { TrackingsQuery } from '../../src/tracking/trackings/query';

const byNumber: TrackingsQuery = { inputType: 'tracking_number', identifier: '1Z999AA10123456784' };
const parse = (raw: unknown, query: TrackingsQuery = byNumber) =>
  normalizeTrackings(ListTrackingsResponseSchema.parse(raw), query);

describe('Interface B answers in the shipment model', () => {
  test.each([
    ['PENDING', 'pending'],
    ['IN_TRANSIT', 'in_transit'],
    ['OUT_FOR_DELIVERY', 'out_for_delivery'],
    ['DELIVERED', 'delivered'],
    ['DELIVERY_FAILED', 'failed_attempt'],
    ['RETURNED', 'returned'],
    ['LOST', 'lost'],
    ['SOMETHING_NEW', 'unknown'],
  ])('status %s is the category %s', (code, category) => {
    expect(parse({ trackings: [{ status: { code } }] })[0].status.category).toBe(category);
  });

  test('a record keeps carrier, link, update time and events newest first', () => {
    const [shipment] = parse({
      trackings: [
        {
          carrier: 'ups',
          tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
          update_time: '2026-11-20T10:00:00Z',
          status: { code: 'OUT_FOR_DELIVERY', message: 'Out for delivery' },
          events: [
            { status_code: 'PENDING', message: 'Label created', timestamp: '2026-11-18T10:00:00Z' },
            { status_code: 'OUT_FOR_DELIVERY', message: 'Out for delivery', timestamp: '2026-11-20T06:00:00Z' },
          ],
        },
      ],
    });
    expect(shipment).toEqual({
      id: '1Z999AA10123456784',
      trackingNumber: '1Z999AA10123456784',
      carrier: { code: 'ups', name: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
      // The record's display text, and each event's message, are the carrier's words: never standard ones.
      status: { category: 'out_for_delivery', code: 'OUT_FOR_DELIVERY', carrierText: 'Out for delivery' },
      delayed: false,
      exception: false,
      localizedTexts: false,
      updatedAt: '2026-11-20T10:00:00.000Z',
      events: [
        // 'Out for delivery' only restates its code: the card's translated word says it in the customer's language.
        {
          at: '2026-11-20T06:00:00.000Z',
          category: 'out_for_delivery',
          code: 'OUT_FOR_DELIVERY',
          carrierText: undefined,
        },
        { at: '2026-11-18T10:00:00.000Z', category: 'pending', code: 'PENDING', carrierText: 'Label created' },
      ],
    });
  });

  test('lowerCamelCase proto3 JSON reads the same as snake_case', () => {
    const camel = parse({
      trackings: [
        {
          carrier: 'dhl',
          trackingUrl: 'https://dhl.com/t?x=1',
          updateTime: '2026-11-20T10:00:00Z',
          status: { code: 'LOST' },
          events: [{ statusCode: 'LOST', timestamp: '2026-11-20T10:00:00Z' }],
        },
      ],
    });
    const snake = parse({
      trackings: [
        {
          carrier: 'dhl',
          tracking_url: 'https://dhl.com/t?x=1',
          update_time: '2026-11-20T10:00:00Z',
          status: { code: 'LOST' },
          events: [{ status_code: 'LOST', timestamp: '2026-11-20T10:00:00Z' }],
        },
      ],
    });
    expect(camel).toEqual(snake);
    expect(camel[0]).toMatchObject({ exception: true, status: { category: 'lost' } });
  });

  test('several records of one order get ids of their own, and no tracking number is invented', () => {
    const shipments = parse(
      { trackings: [{ carrier: 'ups' }, { carrier: 'fedex' }] },
      { inputType: 'order_id', identifier: 'AB12CD34EF56' },
    );
    expect(shipments.map((s) => [s.id, s.trackingNumber, s.carrier.name])).toEqual([
      ['tracking-1', undefined, 'UPS'],
      ['tracking-2', undefined, 'FedEx'],
    ]);
  });

  test('a record without status takes it from its newest event; an unknown carrier is title-cased', () => {
    const [shipment] = parse({
      trackings: [
        {
          carrier: 'speedy_parcel-co',
          events: [
            { status_code: 'IN_TRANSIT', timestamp: '2026-11-19T00:00:00Z' },
            { status_code: 'DELIVERED', timestamp: '2026-11-20T00:00:00Z' },
          ],
        },
      ],
    });
    expect(shipment.status.category).toBe('delivered');
    expect(shipment.carrier.name).toBe('Speedy Parcel Co');
    expect(shipment.updatedAt).toBe('2026-11-20T00:00:00.000Z');
  });

  test('junk inside the answer is skipped, not fatal', () => {
    const shipments = parse({ trackings: [42, null, { carrier: 7, events: 'none', status: 'x' }], extra: true });
    expect(shipments).toHaveLength(1);
    expect(shipments[0]).toMatchObject({ carrier: {}, status: { category: 'unknown' }, events: [] });
  });

  test('no trackings is an empty list', () => {
    expect(parse({})).toEqual([]);
    expect(parse({ trackings: [] })).toEqual([]);
  });
});

describe("an event's English message is kept only where it says more than its code", () => {
  test.each([
    ['In transit', 'IN_TRANSIT'],
    ['Parcel in transit', 'IN_TRANSIT'],
    ['Your package is out for delivery today', 'OUT_FOR_DELIVERY'],
    ['Delivered', 'DELIVERED'],
    ['Order received, not yet dispatched', 'PENDING'],
    ['Lost in transit', 'LOST'],
    ['  ', 'IN_TRANSIT'],
  ])('"%s" (%s) restates it', (message, code) => expect(beyondCode(message, code)).toBeUndefined());

  test.each([
    ['Arrived at Facility, Dallas, TX', 'IN_TRANSIT'],
    ['Delivered, front door. Signed: J SMITH', 'DELIVERED'],
    ['Label created', 'PENDING'],
    ['In transit', 'DELIVERED'],
  ])('"%s" (%s) says more', (message, code) => expect(beyondCode(message, code)).toBe(message));
});

describe("a record without a tracking number is named by its tracking URL's number", () => {
  test.each([
    ['https://www.ups.com/track?loc=en_US&tracknum=1Z7X3F940344156200', '1Z7X3F940344156200'],
    ['https://www.fedex.com/fedextrack/?trknbr=772819465305', '772819465305'],
    ['https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223851726037', '9400111899223851726037'],
    ['https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=5618309421', '5618309421'],
    ['https://www.royalmail.com/track-your-item#/tracking-results/TT419630826GB', 'TT419630826GB'],
    [
      'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557',
      '00340434161094042557',
    ],
    ['https://carrier.example/parcels/JJD0099887766', 'JJD0099887766'],
  ])('%s → %s', (url, number) => expect(trackingNumberInUrl(url)).toBe(number));

  test.each(['https://www.ups.com/track?loc=en_US', 'https://carrier.example/tracking', 'not a url', undefined])(
    '%s names none',
    (url) => expect(trackingNumberInUrl(url)).toBeUndefined(),
  );

  test('an order ID lookup gives each record its number from its link', () => {
    const shipments = parse(
      {
        trackings: [
          { carrier: 'ups', tracking_url: 'https://www.ups.com/track?tracknum=1Z7X3F940344156200' },
          { carrier: 'fedex', tracking_url: 'https://www.fedex.com/fedextrack/?trknbr=772819465305' },
        ],
      },
      { inputType: 'order_id', identifier: 'AB12CD34EF56' },
    );
    expect(shipments.map((s) => [s.id, s.trackingNumber])).toEqual([
      ['1Z7X3F940344156200', '1Z7X3F940344156200'],
      ['772819465305', '772819465305'],
    ]);
  });
});
