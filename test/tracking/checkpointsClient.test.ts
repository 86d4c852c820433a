import { DEMO } from '../../sandbox/simulators';
import { CheckpointsClient } from '../../src/tracking/checkpoints/client';
import { normalizeCheckpoints } from '../../src/tracking/checkpoints/normalize';
import { InvalidArgumentError, UnauthenticatedError, UpstreamError } from '../../src/tracking/errors';
import { CREDENTIALS, clientsFor, useSimulators } from '../support/upstreams';

const upstreams = useSimulators();

describe('Interface A on the wire', () => {
  test('GET /v2/checkpoints with user, orderNo and lang in the query, credentials in the user and token headers only', async () => {
    const { checkpoints } = clientsFor(upstreams);
    await checkpoints.getCheckpoints(DEMO.checkpoints.delivered, 'de-DE', CREDENTIALS);
    const [request] = upstreams.checkpoints.requests;
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/v2/checkpoints');
    expect(request.query).toEqual({ user: '4242', orderNo: DEMO.checkpoints.delivered, lang: 'de' });
    expect(request.headers.user).toBe('4242');
    expect(request.headers.token).toBe(CREDENTIALS.token);
    expect(request.headers.authorization).toBeUndefined();
    expect(request.body).toBe('');
  });

  test.each(['', '/'])('a base URL ending in %p gives the same path', async (suffix) => {
    const { http } = clientsFor(upstreams);
    const client = new CheckpointsClient(`${upstreams.checkpoints.url}${suffix}`, http);
    await client.getCheckpoints(DEMO.checkpoints.delivered, 'en', CREDENTIALS);
    expect(upstreams.checkpoints.requests[0].path).toBe('/v2/checkpoints');
  });

  test('a base URL with a path prefix keeps it', async () => {
    const { http } = clientsFor(upstreams);
    const client = new CheckpointsClient(`${upstreams.checkpoints.url}/tenant-a`, http);
    await client.getCheckpoints(DEMO.checkpoints.delivered, 'en', CREDENTIALS).catch(() => undefined);
    expect(upstreams.checkpoints.requests[0].path).toBe('/tenant-a/v2/checkpoints');
  });

  test('the order number is URL-encoded, whatever it holds', async () => {
    const { checkpoints } = clientsFor(upstreams);
    const orderNo = '#1001 & co/ä?x=1';
    await checkpoints.getCheckpoints(orderNo, 'en', CREDENTIALS);
    expect(upstreams.checkpoints.requests[0].query.orderNo).toBe(orderNo);
  });

  test.each([
    ['deu', 'de'],
    ['fr-CA', 'fr'],
    [undefined, 'en'],
    ['tlh', 'en'],
  ])('locale %p asks for lang=%s', async (locale, lang) => {
    const { checkpoints } = clientsFor(upstreams);
    await checkpoints.getCheckpoints(DEMO.checkpoints.delivered, locale, CREDENTIALS);
    expect(upstreams.checkpoints.requests[0].query.lang).toBe(lang);
  });
});

describe('what Interface A answers', () => {
  test('a multi-shipment order comes back with one header per shipment and localized texts', async () => {
    const { checkpoints } = clientsFor(upstreams);
    const answer = await checkpoints.getCheckpoints(DEMO.checkpoints.inTransitMultiShipment, 'de', CREDENTIALS);
    const shipments = normalizeCheckpoints(answer!);
    expect(shipments.length).toBeGreaterThanOrEqual(2);
    expect(new Set(shipments.map((s) => s.carrier.name)).size).toBe(shipments.length);
    for (const shipment of shipments) {
      expect(shipment.events.length).toBeGreaterThan(0);
      expect(shipment.status.label).toBeTruthy();
    }
  });

  test('German and French answers differ in language', async () => {
    const { checkpoints } = clientsFor(upstreams);
    const de = normalizeCheckpoints((await checkpoints.getCheckpoints(DEMO.checkpoints.delivered, 'de', CREDENTIALS))!);
    const fr = normalizeCheckpoints((await checkpoints.getCheckpoints(DEMO.checkpoints.delivered, 'fr', CREDENTIALS))!);
    expect(de[0].status.label).not.toEqual(fr[0].status.label);
    expect(de[0].carrier.trackingUrlLabel).not.toEqual(fr[0].carrier.trackingUrlLabel);
  });

  test('an unknown order is "no shipment found" (404), not an error', async () => {
    const { checkpoints } = clientsFor(upstreams);
    await expect(checkpoints.getCheckpoints(DEMO.checkpoints.unknown, 'en', CREDENTIALS)).resolves.toBeNull();
  });

  test('an empty header is "no shipment found" too', async () => {
    const { checkpoints } = clientsFor(upstreams);
    await expect(checkpoints.getCheckpoints(DEMO.checkpoints.emptyHeader, 'en', CREDENTIALS)).resolves.toBeNull();
  });

  test('a header with parts missing still parses', async () => {
    const { checkpoints } = clientsFor(upstreams);
    const answer = await checkpoints.getCheckpoints(DEMO.checkpoints.partialHeader, 'en', CREDENTIALS);
    expect(normalizeCheckpoints(answer!).length).toBeGreaterThan(0);
  });

  test('unknown fields pass through the parse', async () => {
    const { checkpoints } = clientsFor(upstreams);
    const answer = await checkpoints.getCheckpoints(DEMO.checkpoints.extraFields, 'en', CREDENTIALS);
    const header = answer!.header![0] as Record<string, unknown>;
    const known = ['id', 'tracking_number', 'courier', 'last_delivery_status', 'delay', 'exception'];
    expect(Object.keys(header).some((key) => !known.includes(key))).toBe(true);
  });

  test('wrong credentials are an UnauthenticatedError, not "not found"', async () => {
    const { checkpoints } = clientsFor(upstreams);
    await expect(
      checkpoints.getCheckpoints(DEMO.checkpoints.delivered, 'en', { userId: '4242', token: 'wrong-token' }),
    ).rejects.toBeInstanceOf(UnauthenticatedError);
    expect(upstreams.checkpoints.requests).toHaveLength(1);
  });

  test.each([
    ['not JSON', '<html>maintenance</html>', 'text/html'],
    ['JSON labelled as text', JSON.stringify({ header: [], body: {} }), 'text/plain'],
    ['JSON whose header is not a list', JSON.stringify({ header: 'none' }), 'application/json'],
  ])(
    'a 200 whose body is %s is an UpstreamError naming a malformed response, never "not found"',
    async (_what, body, contentType) => {
      const { checkpoints } = clientsFor(upstreams);
      upstreams.checkpoints.inject({ kind: 'raw', body, contentType });
      const error = await checkpoints
        .getCheckpoints(DEMO.checkpoints.delivered, 'en', CREDENTIALS)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error).toMatchObject({ code: 'malformed_response', failure: { status: 200 } });
    },
  );

  test.each([
    ['an empty order number', '  ', CREDENTIALS, 'orderNo'],
    ['a user id that is not a number', DEMO.checkpoints.delivered, { userId: 'abc', token: 't' }, 'user'],
    ['no token', DEMO.checkpoints.delivered, { userId: '1', token: '' }, 'token'],
  ])('%s is refused before any request', async (_what, orderNo, credentials, argument) => {
    const { checkpoints } = clientsFor(upstreams);
    const error = await checkpoints.getCheckpoints(orderNo, 'en', credentials).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).argument).toBe(argument);
    expect(upstreams.checkpoints.requests).toHaveLength(0);
  });
});
