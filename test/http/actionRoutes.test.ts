/** The two flow-action routes, over real HTTP, against the simulators. */
import { DEMO } from '../../sandbox/simulators';
import type { ErrorBody } from '../../src/http/errorResponse';
import type { GetCheckpointsOutput, ListTrackingsOutput } from '../../src/tracking/actions';
import { configFor, startApp, type RunningApp } from '../support/app';
import { API_KEY, CREDENTIALS, useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
let app: RunningApp;
beforeAll(async () => {
  app = await startApp(configFor(upstreams));
});
afterAll(() => app.close());

const CHECKPOINTS = '/api/actions/get-checkpoints-by-order-number';
const TRACKINGS = '/api/actions/list-trackings';
const checkpointsInput = {
  orderNumber: DEMO.checkpoints.delivered,
  userId: CREDENTIALS.userId,
  token: CREDENTIALS.token,
};
const auth_header = { name: 'Authorization', value: `Bearer ${API_KEY}` };
const trackingsInput = {
  auth_header,
  input_type: 'tracking_number',
  identifier: DEMO.trackings.trackingNumbers.inTransit,
};
const [externalOrder] = Object.values(DEMO.trackings.externalOrders);
/** A found order's answer, as the first test expects it: its tracking data with a header and a body. */
interface Found extends GetCheckpointsOutput {
  trackingData: Required<NonNullable<GetCheckpointsOutput['trackingData']>>;
}

describe('POST /api/actions/get-checkpoints-by-order-number', () => {
  test('a known order answers success with the tracking data', async () => {
    const { status, body } = await app.post<Found>(CHECKPOINTS, checkpointsInput);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.trackingData.header.length).toBeGreaterThan(0);
    expect(Object.keys(body.trackingData.body)).toContain(body.trackingData.header[0].id);
  });

  test("the caller's credentials are what reaches Interface A", async () => {
    await app.post(CHECKPOINTS, { ...checkpointsInput, userId: 4242, lang: 'fr-FR' });
    const [request] = upstreams.checkpoints.requests;
    expect(request.query).toEqual({ user: '4242', orderNo: DEMO.checkpoints.delivered, lang: 'fr' });
    expect(request.headers.token).toBe(CREDENTIALS.token);
  });

  test.each([DEMO.checkpoints.unknown, DEMO.checkpoints.emptyHeader])(
    'no data for %s is success false, not an error',
    async (orderNumber) => {
      const { status, body } = await app.post(CHECKPOINTS, { ...checkpointsInput, orderNumber });
      expect(status).toBe(200);
      expect(body).toEqual({ success: false, trackingData: null });
    },
  );

  test('a wrong token is a 401 unauthenticated', async () => {
    const { status, body } = await app.post<ErrorBody>(CHECKPOINTS, { ...checkpointsInput, token: 'not-the-token' });
    expect(status).toBe(401);
    expect(body.code).toBe('unauthenticated');
  });

  test.each<[string, unknown, string]>([
    ['no order number', { userId: '1', token: 't' }, 'orderNumber'],
    ['a blank order number', { ...checkpointsInput, orderNumber: '   ' }, 'orderNumber'],
    ['an order number that is a number', { ...checkpointsInput, orderNumber: 1001 }, 'orderNumber'],
    ['an order number of 129 characters', { ...checkpointsInput, orderNumber: 'x'.repeat(129) }, 'orderNumber'],
    ['no user id', { orderNumber: '1', token: 't' }, 'userId'],
    ['a user id with letters', { ...checkpointsInput, userId: '42a' }, 'userId'],
    ['a user id that is an object', { ...checkpointsInput, userId: { id: 1 } }, 'userId'],
    ['no token', { orderNumber: '1', userId: '1' }, 'token'],
    ['a token that is null', { ...checkpointsInput, token: null }, 'token'],
    ['a lang that is a list', { ...checkpointsInput, lang: ['de'] }, 'lang'],
    ['a body that is a list', [checkpointsInput], 'body'],
    ['a body that is a string', '"ORD-1001"', 'body'],
    ['a body that is not JSON', '{"orderNumber": ', 'body'],
  ])('%s is a 400 naming %s, and nothing reaches the upstream', async (_what, input, argument) => {
    const { status, body } = await app.post<ErrorBody>(CHECKPOINTS, input);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_argument', argument });
    expect(body.message).toEqual(expect.any(String));
    if (argument !== 'body') expect(body.message).toContain(argument);
    expect(upstreams.checkpoints.requests).toHaveLength(0);
  });
});

describe('POST /api/actions/list-trackings', () => {
  test('a tracking number answers its trackings', async () => {
    const { status, body } = await app.post<ListTrackingsOutput>(TRACKINGS, trackingsInput);
    expect(status).toBe(200);
    expect(body.trackings).toHaveLength(1);
    expect(body.trackings[0]).toMatchObject({ carrier: expect.any(String) as unknown, status: { code: 'IN_TRANSIT' } });
    expect(upstreams.trackings.requests[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  test('an order id answers several trackings', async () => {
    const { status, body } = await app.post<ListTrackingsOutput>(TRACKINGS, {
      ...trackingsInput,
      input_type: 'order_id',
      identifier: DEMO.trackings.orderIds.multiShipment,
    });
    expect(status).toBe(200);
    expect(body.trackings.length).toBeGreaterThan(1);
  });

  test('a store order with its store answers, and a null store_id counts as absent elsewhere', async () => {
    const store = await app.post(TRACKINGS, {
      auth_header,
      input_type: 'external_order',
      identifier: externalOrder.externalOrder,
      store_id: externalOrder.storeId,
    });
    expect(store.status).toBe(200);
    const plain = await app.post(TRACKINGS, { ...trackingsInput, store_id: null });
    expect(plain.status).toBe(200);
  });

  test('an auth_header without its name is the Authorization header, as the connector sends it (its name is fixed, so a flow never asks for it)', async () => {
    const { status, body } = await app.post<ListTrackingsOutput>(TRACKINGS, {
      ...trackingsInput,
      auth_header: { value: `Bearer ${API_KEY}` },
    });
    expect(status).toBe(200);
    expect(body.trackings).toHaveLength(1);
    expect(upstreams.trackings.requests[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  test('not found is a 404 carrying the code and message', async () => {
    const { status, body } = await app.post(TRACKINGS, {
      ...trackingsInput,
      identifier: DEMO.trackings.trackingNumbers.unknown,
    });
    expect(status).toBe(404);
    expect(body).toEqual({ code: 'not_found', message: expect.any(String) as unknown });
  });

  test('a wrong key is a 401', async () => {
    const { status, body } = await app.post<ErrorBody>(TRACKINGS, {
      ...trackingsInput,
      auth_header: { name: 'Authorization', value: 'Bearer nope' },
    });
    expect(status).toBe(401);
    expect(body.code).toBe('unauthenticated');
  });

  test("the service's own invalid_argument comes back with the argument in the caller's terms", async () => {
    upstreams.trackings.inject({
      kind: 'status',
      status: 400,
      body: { code: 'invalid_argument', message: 'unknown format', meta: { argument: 'tracking_number' } },
    });
    const { status, body } = await app.post(TRACKINGS, trackingsInput);
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'invalid_argument', message: 'unknown format', argument: 'identifier' });
  });

  test('exhausted retries are a 502 with the full response details', async () => {
    upstreams.trackings.inject(...Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 503 })));
    const { status, body } = await app.post(TRACKINGS, trackingsInput);
    expect(status).toBe(502);
    expect(body).toMatchObject({
      code: 'unavailable',
      failure: { status: 503, attempts: 4, delaysMs: [2000, 4000, 8000], method: 'POST' },
    });
    expect(app.clock.sleeps.slice(-3)).toEqual([2000, 4000, 8000]);
  });

  test.each<[string, unknown, string]>([
    ['no auth_header', { input_type: 'tracking_number', identifier: 'X' }, 'auth_header'],
    ['an auth_header that is a string', { ...trackingsInput, auth_header: `Bearer ${API_KEY}` }, 'auth_header'],
    [
      'an auth_header of another name',
      { ...trackingsInput, auth_header: { name: 'X-Key', value: `Bearer ${API_KEY}` } },
      'auth_header.name',
    ],
    [
      'an auth_header value that is not Bearer',
      { ...trackingsInput, auth_header: { name: 'Authorization', value: API_KEY } },
      'auth_header.value',
    ],
    ['no input_type', { auth_header, identifier: 'X' }, 'input_type'],
    ['an unknown input_type', { ...trackingsInput, input_type: 'email' }, 'input_type'],
    ['no identifier', { auth_header, input_type: 'tracking_number' }, 'identifier'],
    ['an identifier that is a number', { ...trackingsInput, identifier: 12 }, 'identifier'],
    [
      'an order id of the wrong shape',
      { ...trackingsInput, input_type: 'order_id', identifier: 'SHORT' },
      'identifier',
    ],
    ['a store order without store_id', { auth_header, input_type: 'external_order', identifier: '#1001' }, 'store_id'],
    ['a tracking number with a store_id', { ...trackingsInput, store_id: 'store-eu-1' }, 'store_id'],
    [
      'a store_id that is a number',
      { auth_header, input_type: 'external_order', identifier: '#1001', store_id: 7 },
      'store_id',
    ],
    ['a body that is null', 'null', 'body'],
  ])('%s is a 400 naming %s, and nothing reaches the upstream', async (_what, input, argument) => {
    const { status, body } = await app.post(TRACKINGS, input);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_argument', argument });
    expect(upstreams.trackings.requests).toHaveLength(0);
  });
});

describe('the server itself', () => {
  test('GET /healthz answers ok', async () => {
    const response = await fetch(`${app.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  test('a body over 64 KB is refused with 413 before it is parsed', async () => {
    const { status, body } = await app.post<ErrorBody>(TRACKINGS, {
      ...trackingsInput,
      padding: 'x'.repeat(70 * 1024),
    });
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: 'payload_too_large', argument: 'body' });
    expect(body.message).toContain('65536');
    expect(upstreams.trackings.requests).toHaveLength(0);
  });

  test('a body that is not JSON by its content type is refused with 415', async () => {
    const { status, body } = await app.post(TRACKINGS, 'input_type=tracking_number', {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(status).toBe(415);
    expect(body).toMatchObject({ code: 'unsupported_media_type', argument: 'Content-Type' });
  });

  test('a compressed body is refused with 415 before it is read', async () => {
    const { status, body } = await app.post(TRACKINGS, 'not gzip at all', { 'Content-Encoding': 'gzip' });
    expect(status).toBe(415);
    expect(body).toMatchObject({ code: 'unsupported_media_type', argument: 'Content-Encoding' });
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  test('a Content-MD5 that does not match the body is named as such', async () => {
    const { status, body } = await app.post(TRACKINGS, trackingsInput, { 'Content-MD5': 'AAAAAAAAAAAAAAAAAAAAAA==' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_argument', argument: 'Content-MD5' });
    expect(upstreams.trackings.requests).toHaveLength(0);
  });

  test('an unknown route is a JSON 404', async () => {
    const { status, body } = await app.post<ErrorBody>('/api/actions/nope', {});
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });

  test('a wrong method on an action route is refused', async () => {
    const response = await fetch(`${app.url}${TRACKINGS}`);
    expect(response.status).toBe(405);
    expect(((await response.json()) as { code: string }).code).toBe('method_not_allowed');
  });
});
