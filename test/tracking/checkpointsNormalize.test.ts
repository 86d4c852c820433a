import { normalizeCheckpoints } from '../../src/tracking/checkpoints/normalize';
import { CheckpointsResponseSchema } from '../../src/tracking/checkpoints/schema';
import { checkpointCategory } from '../../src/tracking/checkpoints/status';

const parse = (raw: unknown) => normalizeCheckpoints(CheckpointsResponseSchema.parse(raw));

const answer = {
  header: [
    {
      id: 's1',
      tracking_number: '1Z999AA10123456784',
      courier: {
        name: 'ups',
        prettyname: 'UPS',
        trackingurl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        trackingurl_label: 'Sendung verfolgen',
      },
      last_delivery_status: { status: 'Zugestellt', status_details: 'Das Paket wurde zugestellt.', code: 'Delivered' },
      delay: false,
      exception: false,
    },
  ],
  body: {
    s1: [
      {
        shown: true,
        status: 'OrderProcessed',
        status_text: 'Bestellung verarbeitet',
        full_courier_status: '2026-11-15',
        timestamp: '2026-11-15T08:00:00.000Z',
      },
      {
        shown: false,
        status: 'InTransit',
        status_text: 'intern',
        full_courier_status: 'SCAN 0x44 HUB-IN',
        location: 'Hub 7',
        timestamp: '2026-11-16T08:00:00.000Z',
      },
      {
        shown: true,
        status: 'InTransit',
        status_text: 'Unterwegs',
        location: 'Köln',
        timestamp: '2026-11-17T08:00:00.000Z',
      },
      {
        shown: true,
        status: 'Delivered',
        status_text: 'Zugestellt',
        location: 'Berlin',
        timestamp: '2026-11-18T09:30:00.000Z',
      },
    ],
  },
};

describe('Interface A answers in the shipment model', () => {
  test('a delivered shipment keeps its carrier, link, localized texts and the shown checkpoints, newest first', () => {
    const [shipment] = parse(answer);
    expect(shipment).toEqual({
      id: 's1',
      trackingNumber: '1Z999AA10123456784',
      carrier: {
        code: 'ups',
        name: 'UPS',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        trackingUrlLabel: 'Sendung verfolgen',
      },
      status: { category: 'delivered', code: 'Delivered', label: 'Zugestellt', details: 'Das Paket wurde zugestellt.' },
      delayed: false,
      exception: false,
      localizedTexts: true,
      orderedAt: '2026-11-15',
      updatedAt: '2026-11-18T09:30:00.000Z',
      events: [
        {
          at: '2026-11-18T09:30:00.000Z',
          category: 'delivered',
          code: 'Delivered',
          text: 'Zugestellt',
          location: 'Berlin',
        },
        {
          at: '2026-11-17T08:00:00.000Z',
          category: 'in_transit',
          code: 'InTransit',
          text: 'Unterwegs',
          location: 'Köln',
        },
        {
          at: '2026-11-15T08:00:00.000Z',
          category: 'pending',
          code: 'OrderProcessed',
          text: 'Bestellung verarbeitet',
          byShop: true,
        },
      ],
    });
  });

  test('the courier status of internal checkpoints never reaches the model', () => {
    expect(JSON.stringify(parse(answer))).not.toMatch(/SCAN 0x44|intern\b/);
  });

  test('a header with only an id still makes a shipment, its status taken from the newest checkpoint', () => {
    const [shipment] = parse({
      header: [{ id: 'x' }],
      body: {
        x: [{ status: 'OutForDelivery', status_text: 'Out for delivery', timestamp: '2026-11-20T07:00:00.000Z' }],
      },
    });
    expect(shipment.status).toEqual({
      category: 'out_for_delivery',
      code: 'OutForDelivery',
      label: 'Out for delivery',
    });
    expect(shipment.carrier).toEqual({});
    expect(shipment.delayed).toBe(false);
  });

  test('a shipment without checkpoints, id or status is still listed, unknown', () => {
    const [shipment] = parse({ header: [{ tracking_number: 'RR123456785DE' }] });
    expect(shipment).toMatchObject({ id: 'RR123456785DE', status: { category: 'unknown' }, events: [] });
  });

  test('an exception flag with an unknown code shows as an exception', () => {
    const [shipment] = parse({
      header: [
        { id: 'e', exception: true, delay: true, last_delivery_status: { code: 'SomethingNew', status: 'Problem' } },
      ],
    });
    expect(shipment).toMatchObject({
      exception: true,
      delayed: true,
      status: { category: 'exception', code: 'SomethingNew', label: 'Problem' },
    });
  });

  test('an order date that is a full timestamp becomes an instant; one that is not a date is dropped', () => {
    const at = (value: string) =>
      parse({ header: [{ id: 'a' }], body: { a: [{ full_courier_status: value }] } })[0].orderedAt;
    expect(at('2026-11-15T10:20:30Z')).toBe('2026-11-15T10:20:30.000Z');
    expect(at('Order received by warehouse')).toBeUndefined();
  });

  test('a link that is not http(s) is dropped rather than shown as a button', () => {
    const [shipment] = parse({ header: [{ id: 'a', courier: { trackingurl: 'javascript:alert(1)' } }] });
    expect(shipment.carrier.trackingUrl).toBeUndefined();
  });

  test('checkpoints without a readable time go last', () => {
    const [shipment] = parse({
      header: [{ id: 'a' }],
      body: {
        a: [
          { status_text: 'no time' },
          { status_text: 'later', timestamp: '2026-11-02T00:00:00Z' },
          { status_text: 'earlier', timestamp: '2026-11-01T00:00:00Z' },
        ],
      },
    });
    expect(shipment.events.map((e) => e.text)).toEqual(['later', 'earlier', 'no time']);
  });
});

describe("parcelLab's open status vocabulary", () => {
  test.each([
    ['Pending', 'pending'],
    ['OrderProcessed', 'pending'],
    ['InTransit', 'in_transit'],
    ['OutForDelivery', 'out_for_delivery'],
    ['FailedAttemptFirst', 'failed_attempt'],
    ['FailedAttemptSecond', 'failed_attempt'],
    ['PickupReadyToday', 'ready_for_pickup'],
    ['Delivered', 'delivered'],
    ['DeliveredToNeighbour', 'delivered'],
    ['Return', 'returned'],
    ['ReturnToSender', 'returned'],
    ['Exception', 'exception'],
    ['delivered', 'delivered'],
    ['out_for_delivery', 'out_for_delivery'],
    ['BrandNewCode', 'unknown'],
    [undefined, 'unknown'],
  ])('%p → %s', (code, category) => expect(checkpointCategory(code)).toBe(category));
});
