import { DEMO } from '../../sandbox/simulators';
import { InvalidArgumentError, NotFoundError, UnauthenticatedError, UpstreamError } from '../../src/tracking/errors';
import { normalizeTrackings } from '../../src/tracking/trackings/normalize';
import type { TrackingsQuery } from '../../src/tracking/trackings/query';
import { TrackingsClient } from '../../src/tracking/trackings/client';
import { API_KEY, clientsFor, useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const SERVICE_PATH = '/example.storeapi.v1.PublicAPI/ListTrackings';
const [externalOrder] = Object.values(DEMO.trackings.externalOrders);

describe('Interface B on the wire', () => {
  test.each<[string, TrackingsQuery, Record<string, string>]>([
    [
      'a tracking number',
      { inputType: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.inTransit },
      { tracking_number: DEMO.trackings.trackingNumbers.inTransit },
    ],
    [
      'an order id',
      { inputType: 'order_id', identifier: DEMO.trackings.orderIds.multiShipment },
      { order_id: DEMO.trackings.orderIds.multiShipment },
    ],
    [
      'a store order',
      { inputType: 'external_order', identifier: externalOrder.externalOrder, storeId: externalOrder.storeId },
      { external_order: externalOrder.externalOrder, store_id: externalOrder.storeId },
    ],
  ])('%s is one Connect unary POST with exactly its own fields', async (_what, query, body) => {
    const { trackings } = clientsFor(upstreams);
    const answer = await trackings.listTrackings(query, API_KEY);
    expect(answer.trackings?.length).toBeGreaterThan(0);
    const [request] = upstreams.trackings.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(SERVICE_PATH);
    expect(request.query).toEqual({});
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['connect-protocol-version']).toBe('1');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(JSON.parse(request.body)).toEqual(body);
  });

  test('the service name is configurable and the base URL may end with a slash', async () => {
    const { http } = clientsFor(upstreams);
    const client = new TrackingsClient(`${upstreams.trackings.url}/`, http, 'acme.shipping.v2.Tracking');
    await client.listTrackings({ inputType: 'tracking_number', identifier: 'X' }, API_KEY).catch(() => undefined);
    expect(upstreams.trackings.requests[0].path).toBe('/acme.shipping.v2.Tracking/ListTrackings');
  });

  test('identifiers are trimmed before they are sent', async () => {
    const { trackings } = clientsFor(upstreams);
    await trackings.listTrackings(
      { inputType: 'tracking_number', identifier: `  ${DEMO.trackings.trackingNumbers.delivered} ` },
      API_KEY,
    );
    expect(JSON.parse(upstreams.trackings.requests[0].body)).toEqual({
      tracking_number: DEMO.trackings.trackingNumbers.delivered,
    });
  });
});

describe('refused before any request', () => {
  test.each<[string, TrackingsQuery, string]>([
    ['an order id of 11 characters', { inputType: 'order_id', identifier: 'AB12CD34EF5' }, 'order_id'],
    ['an order id of 13 characters', { inputType: 'order_id', identifier: 'AB12CD34EF567' }, 'order_id'],
    ['an order id with a non-ASCII letter', { inputType: 'order_id', identifier: 'AB12CD34EF5É' }, 'order_id'],
    ['an order id with a dash', { inputType: 'order_id', identifier: 'AB12-D34EF56' }, 'order_id'],
    ['a store order without store', { inputType: 'external_order', identifier: '1001' }, 'store_id'],
    ['a store order with a blank store', { inputType: 'external_order', identifier: '1001', storeId: ' ' }, 'store_id'],
    [
      'a tracking number with a store',
      { inputType: 'tracking_number', identifier: '1Z999AA10123456784', storeId: 'store-eu-1' },
      'store_id',
    ],
    [
      'an order id with a store',
      { inputType: 'order_id', identifier: 'AB12CD34EF56', storeId: 'store-eu-1' },
      'store_id',
    ],
    ['an empty tracking number', { inputType: 'tracking_number', identifier: '   ' }, 'tracking_number'],
    ['a huge tracking number', { inputType: 'tracking_number', identifier: 'A'.repeat(129) }, 'tracking_number'],
  ])('%s, naming %s', async (_what, query, argument) => {
    const { trackings } = clientsFor(upstreams);
    const error = await trackings.listTrackings(query, API_KEY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).argument).toBe(argument);
    expect(upstreams.trackings.requests).toHaveLength(0);
  });
});

describe('what Interface B answers', () => {
  test.each(Object.entries(DEMO.trackings.trackingNumbers).filter(([name]) => name !== 'unknown'))(
    'demo tracking number %s answers one record',
    async (_name, number) => {
      const { trackings } = clientsFor(upstreams);
      const query: TrackingsQuery = { inputType: 'tracking_number', identifier: number };
      const shipments = normalizeTrackings(await trackings.listTrackings(query, API_KEY), query);
      expect(shipments).toHaveLength(1);
      expect(shipments[0].trackingNumber).toBe(number);
      expect(shipments[0].status.category).not.toBe('unknown');
    },
  );

  test('every one of the seven status codes is among the demo data', async () => {
    const { trackings } = clientsFor(upstreams);
    const seen = new Set<string>();
    for (const number of Object.values(DEMO.trackings.trackingNumbers)) {
      const answer = await trackings
        .listTrackings({ inputType: 'tracking_number', identifier: number }, API_KEY)
        .catch(() => undefined);
      for (const record of answer?.trackings ?? []) seen.add(record.status?.code ?? '');
    }
    expect([...seen].sort()).toEqual([
      'DELIVERED',
      'DELIVERY_FAILED',
      'IN_TRANSIT',
      'LOST',
      'OUT_FOR_DELIVERY',
      'PENDING',
      'RETURNED',
    ]);
  });

  test('not_found is a NotFoundError carrying the service message', async () => {
    const { trackings } = clientsFor(upstreams);
    const error = await trackings
      .listTrackings({ inputType: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.unknown }, API_KEY)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).failure).toMatchObject({ status: 404, code: 'not_found', attempts: 1 });
  });

  test('a store order asked of the wrong store is not found', async () => {
    const { trackings } = clientsFor(upstreams);
    const error = await trackings
      .listTrackings(
        { inputType: 'external_order', identifier: externalOrder.externalOrder, storeId: 'some-other-store' },
        API_KEY,
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
  });

  test("the service's invalid_argument names the argument, from meta.argument", async () => {
    const { trackings } = clientsFor(upstreams);
    upstreams.trackings.inject({
      kind: 'status',
      status: 400,
      body: {
        code: 'invalid_argument',
        message: 'tracking_number has an unknown format',
        meta: { argument: 'tracking_number' },
      },
    });
    const error = await trackings
      .listTrackings({ inputType: 'tracking_number', identifier: 'NOPE' }, API_KEY)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error).toMatchObject({
      argument: 'tracking_number',
      message: 'tracking_number has an unknown format',
      failure: { status: 400, code: 'invalid_argument', meta: { argument: 'tracking_number' } },
    });
    expect(upstreams.trackings.requests).toHaveLength(1);
  });

  test('...or from Connect details when meta is absent', async () => {
    const { trackings } = clientsFor(upstreams);
    upstreams.trackings.inject({
      kind: 'status',
      status: 400,
      body: {
        code: 'invalid_argument',
        message: 'bad',
        details: [{ type: 'google.rpc.BadRequest', value: '', debug: { fieldViolations: [{ field: 'store_id' }] } }],
      },
    });
    const error = await trackings
      .listTrackings({ inputType: 'external_order', identifier: '1', storeId: 'x' }, API_KEY)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ argument: 'store_id' });
  });

  test('a wrong API key is an UnauthenticatedError and is not retried', async () => {
    const { trackings } = clientsFor(upstreams);
    const error = await trackings
      .listTrackings(
        { inputType: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.delivered },
        'wrong-key',
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthenticatedError);
    expect(upstreams.trackings.requests).toHaveLength(1);
  });

  test('a bare 404 from a proxy is not "order not found"', async () => {
    const { trackings } = clientsFor(upstreams);
    upstreams.trackings.inject({ kind: 'raw', status: 404, body: '<html>Not Found</html>', contentType: 'text/html' });
    const error = await trackings
      .listTrackings({ inputType: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.delivered }, API_KEY)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ code: 'unimplemented', failure: { status: 404, body: '<html>Not Found</html>' } });
  });

  test('a 403 permission_denied is an UpstreamError with that code', async () => {
    const { trackings } = clientsFor(upstreams);
    upstreams.trackings.inject({
      kind: 'status',
      status: 403,
      body: { code: 'permission_denied', message: 'key lacks scope' },
    });
    const error = await trackings
      .listTrackings({ inputType: 'tracking_number', identifier: 'X' }, API_KEY)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'UpstreamError', code: 'permission_denied' });
  });
});
