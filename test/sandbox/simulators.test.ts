/**
 * The interface simulators over real loopback HTTP: demo catalogue, auth, validation, faults,
 * latency, recording, and a close() that does not wait for hanging requests.
 */
import http from 'node:http';
import { DEMO, startCheckpointsSimulator, startTrackingsSimulator, type Simulator } from '../../sandbox/simulators';
import type { CheckpointsAnswer } from './checkpointsWire';

const A_HEADERS = { user: '4242', token: 'sim-checkpoints-token' };
const B_PATH = '/example.storeapi.v1.PublicAPI/ListTrackings';
const B_HEADERS = { 'content-type': 'application/json', authorization: 'Bearer sim-trackings-key' };
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

let a: Simulator;
let b: Simulator;

beforeAll(async () => {
  [a, b] = await Promise.all([startCheckpointsSimulator(), startTrackingsSimulator()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});
beforeEach(() => {
  a.reset();
  b.reset();
});

/**
 * Interface B's ListTrackings answer and its Connect error in one type: each test asserts which of the two it got
 * (by status and fields) before it reads the fields of that one.
 */
interface ListTrackingsAnswer {
  trackings: WireTracking[];
  code: string;
  message: string;
  meta: { argument: string };
  details: { type: string; value: string; debug: { fieldViolations: { field: string }[] } }[];
}
interface WireTracking {
  carrier: string;
  tracking_url: string;
  update_time: string;
  status: { code: string; message: string };
  events: { status_code: string; timestamp: string }[];
}

async function getCheckpoints(
  orderNo: string,
  lang?: string,
  headers: Record<string, string> = A_HEADERS,
  user = '4242',
) {
  const query = new URLSearchParams({ user, orderNo, ...(lang ? { lang } : {}) });
  const res = await fetch(`${a.url}/v2/checkpoints/?${query.toString()}`, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as CheckpointsAnswer };
}

async function listTrackings(body: unknown, headers: Record<string, string> = B_HEADERS) {
  const res = await fetch(`${b.url}${B_PATH}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: safeJson(text) as ListTrackingsAnswer };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A request with node:http and no keep-alive, to see socket-level failures as they are. */
function rawRequest(url: string, timeoutMs?: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: A_HEADERS }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    if (timeoutMs) req.setTimeout(timeoutMs, () => req.destroy(new Error('client timeout')));
    req.on('error', reject);
  });
}

// Check digits, written from the carriers' published rules, to prove the demo numbers are realistic.
const checkDigit = {
  ups(n: string): boolean {
    const v = [...n.slice(2, 17)].map((c) => (/\d/.test(c) ? Number(c) : (c.charCodeAt(0) - 63) % 10));
    const sum = v.reduce((s, d, i) => s + (i % 2 === 0 ? d : 2 * d), 0);
    return /^1Z[0-9A-Z]{16}$/.test(n) && (10 - (sum % 10)) % 10 === Number(n[17]);
  },
  usps(n: string): boolean {
    const sum = [...n.slice(0, -1)].reverse().reduce((s, c, i) => s + Number(c) * (i % 2 === 0 ? 3 : 1), 0);
    return /^9[2-5]\d{20}$/.test(n) && (10 - (sum % 10)) % 10 === Number(n.at(-1));
  },
  s10(n: string): boolean {
    const weights = [8, 6, 4, 2, 3, 5, 9, 7];
    const sum = [...n.slice(2, 10)].reduce((s, c, i) => s + Number(c) * weights[i], 0);
    const c = 11 - (sum % 11);
    return /^[A-Z]{2}\d{9}[A-Z]{2}$/.test(n) && (c === 10 ? 0 : c === 11 ? 5 : c) === Number(n[10]);
  },
  dhlExpress(n: string): boolean {
    return /^\d{10}$/.test(n) && Number(n.slice(0, 9)) % 7 === Number(n[9]);
  },
  fedex(n: string): boolean {
    const weights = [1, 3, 7];
    const sum = [...n.slice(0, 11)].reverse().reduce((s, c, i) => s + Number(c) * weights[i % 3], 0);
    return /^\d{12}$/.test(n) && (sum % 11) % 10 === Number(n[11]);
  },
};

describe('interface A simulator (checkpoints)', () => {
  const C = DEMO.checkpoints;

  it('answers the delivered order in the parcelLab v2 shape', async () => {
    const { status, headers, body } = await getCheckpoints(C.delivered, 'en');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/application\/json/);
    expect(body.header).toHaveLength(1);
    const [shipment] = body.header;
    expect(shipment).toMatchObject({
      tracking_number: '00340434161094048139',
      courier: { name: 'dhl-germany', prettyname: 'DHL', trackingurl_label: 'Track your parcel' },
      last_delivery_status: { code: 'Delivered', status: 'Delivered' },
      delay: false,
      exception: false,
    });
    expect(shipment.id).toMatch(/^[0-9a-f]{24}$/);
    expect(shipment.courier.trackingurl).toMatch(/^https:\/\/www\.dhl\.de\/.*00340434161094048139/);
    expect(Object.keys(body.body)).toEqual([shipment.id]);

    const checkpoints = body.body[shipment.id];
    expect(checkpoints[0].status).toBe('OrderProcessed');
    expect(checkpoints[0].full_courier_status).toBe(checkpoints[0].timestamp.slice(0, 10));
    for (const c of checkpoints) {
      expect(Object.keys(c).sort()).toEqual([
        'full_courier_status',
        'location',
        'shown',
        'status',
        'status_details',
        'status_text',
        'timestamp',
      ]);
      expect(c.timestamp).toMatch(ISO_MS);
      expect(Date.parse(c.timestamp)).toBeLessThanOrEqual(Date.now());
    }
    const times = checkpoints.map((c) => Date.parse(c.timestamp));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });

  it('localises every text: German and French really are German and French', async () => {
    const de = (await getCheckpoints(C.delivered, 'de')).body;
    const fr = (await getCheckpoints(C.delivered, 'fr')).body;
    expect(de.header[0].last_delivery_status).toMatchObject({ status: 'Zugestellt', code: 'Delivered' });
    expect(de.header[0].last_delivery_status.status_details).toBe('Das Paket wurde bei einem Nachbarn abgegeben.');
    expect(de.header[0].courier.trackingurl_label).toBe('Sendung verfolgen');
    expect(de.body[de.header[0].id][0].status_text).toBe('Bestellung bearbeitet');
    expect(fr.header[0].last_delivery_status).toMatchObject({ status: 'Livré', code: 'Delivered' });
    expect(fr.header[0].courier.trackingurl_label).toBe('Suivre mon colis');
    expect(fr.body[fr.header[0].id][0].status_details).toBe(
      'Votre commande a été reçue et est en cours de traitement.',
    );
  });

  it('has six distinct languages and falls back to English for unknown or missing lang', async () => {
    const labels = await Promise.all(
      ['en', 'de', 'fr', 'es', 'it', 'nl'].map(
        async (l) => (await getCheckpoints(C.delivered, l)).body.header[0].courier.trackingurl_label,
      ),
    );
    expect(new Set(labels).size).toBe(6);
    expect((await getCheckpoints(C.delivered, 'xx')).body.header[0].courier.trackingurl_label).toBe(
      'Track your parcel',
    );
    expect((await getCheckpoints(C.delivered)).body.header[0].courier.trackingurl_label).toBe('Track your parcel');
    expect((await getCheckpoints(C.delivered, 'DE')).body.header[0].courier.trackingurl_label).toBe(
      'Sendung verfolgen',
    );
  });

  it('covers each demo situation', async () => {
    const last = async (orderNo: string) =>
      (await getCheckpoints(orderNo)).body.header.map((h) => h.last_delivery_status.code);
    const multi = (await getCheckpoints(C.inTransitMultiShipment)).body;
    expect(multi.header).toHaveLength(3);
    expect(new Set(multi.header.map((h) => h.courier.name)).size).toBe(3);
    expect(multi.header.map((h) => h.last_delivery_status.code)).toEqual(['InTransit', 'OutForDelivery', 'Delivered']);
    expect(Object.keys(multi.body).sort()).toEqual(multi.header.map((h) => h.id).sort());

    const delayed = (await getCheckpoints(C.delayed)).body.header[0];
    expect(delayed).toMatchObject({ delay: true, exception: false });
    const exception = (await getCheckpoints(C.exception)).body.header[0];
    expect(exception).toMatchObject({ exception: true, last_delivery_status: { code: 'Exception' } });

    expect(await last(C.failedAttempt)).toEqual(['FailedAttemptFirst']);
    expect(await last(C.readyForPickup)).toEqual(['PickupReadyToday']);
    expect(await last(C.outForDelivery)).toEqual(['OutForDelivery']);
    expect(await last(C.pending)).toEqual(['Pending']);
    expect(await last(C.returned)).toEqual(['Return']);
  });

  it('has a long history with hidden internal checkpoints', async () => {
    const body = (await getCheckpoints(C.longHistory)).body;
    const checkpoints = body.body[body.header[0].id];
    expect(checkpoints.length).toBeGreaterThanOrEqual(40);
    const hidden = checkpoints.filter((c) => c.shown === false);
    expect(hidden.length).toBeGreaterThan(0);
    for (const c of hidden) expect(c.full_courier_status).toMatch(/^SCAN 0x/);
    expect(checkDigit.ups(body.header[0].tracking_number)).toBe(true);
  });

  it('serves a partial header, unknown extra fields and the empty header', async () => {
    const partial = (await getCheckpoints(C.partialHeader)).body.header[0];
    expect(partial).not.toHaveProperty('courier');
    expect(partial).not.toHaveProperty('last_delivery_status');
    expect(checkDigit.s10(partial.tracking_number)).toBe(true);

    const extra = (await getCheckpoints(C.extraFields)).body;
    expect(extra.header[0]).toHaveProperty('destination_country_iso3', 'DEU');
    expect(extra.header[0].courier).toHaveProperty('logo_url');
    expect(extra.body[extra.header[0].id].some((c) => 'event_id' in c)).toBe(true);

    const empty = await getCheckpoints(C.emptyHeader);
    expect(empty).toMatchObject({ status: 200, body: { header: [], body: {} } });
  });

  it('uses tracking numbers with valid check digits', async () => {
    const number = async (orderNo: string, i = 0) => (await getCheckpoints(orderNo)).body.header[i].tracking_number;
    expect(checkDigit.dhlExpress(await number(C.delayed))).toBe(true);
    expect(checkDigit.ups(await number(C.inTransitMultiShipment, 0))).toBe(true);
    expect(checkDigit.s10(await number(C.readyForPickup))).toBe(true);
    expect(checkDigit.s10(await number(C.returned))).toBe(true);
  });

  it('answers 404 with an error body for an unknown order', async () => {
    const { status, body } = await getCheckpoints(C.unknown);
    expect(status).toBe(404);
    expect(typeof body.error).toBe('string');
  });

  it('gives the same answer twice within one start', async () => {
    expect((await getCheckpoints(C.longHistory, 'it')).body).toEqual((await getCheckpoints(C.longHistory, 'it')).body);
  });

  it('checks auth and parameters', async () => {
    expect((await getCheckpoints(C.delivered, 'en', { user: '4242', token: 'wrong' })).status).toBe(401);
    expect((await getCheckpoints(C.delivered, 'en', {})).status).toBe(401);
    expect((await getCheckpoints(C.delivered, 'en', A_HEADERS, '4243')).status).toBe(401);
    const nonNumeric = await getCheckpoints(C.delivered, 'en', A_HEADERS, 'abc');
    expect(nonNumeric.status).toBe(400);
    expect(nonNumeric.body).toHaveProperty('error');

    const noOrder = await fetch(`${a.url}/v2/checkpoints?user=4242`, { headers: A_HEADERS });
    expect(noOrder.status).toBe(400);
    expect(await noOrder.json()).toEqual({ error: 'orderNo is required' });

    const noSlash = await fetch(`${a.url}/v2/checkpoints?user=4242&orderNo=${C.delivered}`, { headers: A_HEADERS });
    expect(noSlash.status).toBe(200);
    expect(
      (await fetch(`${a.url}/v1/checkpoints?user=4242&orderNo=${C.delivered}`, { headers: A_HEADERS })).status,
    ).toBe(404);
    expect(
      (await fetch(`${a.url}/v2/checkpoints?user=4242&orderNo=${C.delivered}`, { method: 'POST', headers: A_HEADERS }))
        .status,
    ).toBe(405);
  });
});

describe('interface B simulator (trackings)', () => {
  const T = DEMO.trackings;

  it.each([
    ['pending', 'PENDING', 'usps'],
    ['inTransit', 'IN_TRANSIT', 'ups'],
    ['outForDelivery', 'OUT_FOR_DELIVERY', 'fedex'],
    ['delivered', 'DELIVERED', 'royal-mail'],
    ['deliveryFailed', 'DELIVERY_FAILED', 'dhl'],
    ['returned', 'RETURNED', 'usps'],
    ['lost', 'LOST', 'royal-mail'],
  ] as const)('tracking number %s answers status %s', async (name, code, carrier) => {
    const number = T.trackingNumbers[name];
    const { status, body } = await listTrackings({ tracking_number: number });
    expect(status).toBe(200);
    expect(body.trackings).toHaveLength(1);
    const [t] = body.trackings;
    expect(t).toMatchObject({ carrier, status: { code } });
    expect(typeof t.status.message).toBe('string');
    expect(t.tracking_url).toMatch(/^https:\/\//);
    expect(t.tracking_url).toContain(number);
    expect(t.update_time).toMatch(ISO);
    expect(t.events.at(-1)?.status_code).toBe(code);
    const times = t.events.map((e) => Date.parse(e.timestamp));
    expect([...times].sort((x: number, y: number) => x - y)).toEqual(times);
    for (const e of t.events) expect(e.timestamp).toMatch(ISO);
  });

  it('uses tracking numbers with valid check digits', () => {
    const n = T.trackingNumbers;
    expect(checkDigit.usps(n.pending)).toBe(true);
    expect(checkDigit.usps(n.returned)).toBe(true);
    expect(checkDigit.ups(n.inTransit)).toBe(true);
    expect(checkDigit.ups(n.unknown)).toBe(true);
    expect(checkDigit.fedex(n.outForDelivery)).toBe(true);
    expect(checkDigit.s10(n.delivered)).toBe(true);
    expect(checkDigit.s10(n.lost)).toBe(true);
    expect(checkDigit.dhlExpress(n.deliveryFailed)).toBe(true);
    expect(checkDigit.dhlExpress(n.longHistory)).toBe(true);
  });

  it('has a long history', async () => {
    const { body } = await listTrackings({ trackingNumber: T.trackingNumbers.longHistory });
    expect(body.trackings[0].events.length).toBeGreaterThanOrEqual(40);
  });

  it('looks up order ids, in snake_case and lowerCamelCase', async () => {
    const multi = await listTrackings({ order_id: T.orderIds.multiShipment });
    expect(multi.status).toBe(200);
    expect(multi.body.trackings.map((t) => t.carrier)).toEqual(['ups', 'fedex', 'usps']);
    const single = await listTrackings({ orderId: T.orderIds.singleShipment });
    expect(single.body.trackings).toHaveLength(1);
  });

  it('looks up external orders per store', async () => {
    const e = T.externalOrders;
    const us = await listTrackings({ external_order: e.usStore.externalOrder, store_id: e.usStore.storeId });
    expect(us.body.trackings).toHaveLength(3);
    const uk = await listTrackings({ externalOrder: e.ukStore.externalOrder, storeId: e.ukStore.storeId });
    expect(uk.body.trackings.map((t) => t.carrier)).toEqual(['royal-mail']);
    const plain = await listTrackings({ external_order: e.plainNumber.externalOrder, store_id: e.plainNumber.storeId });
    expect(plain.body.trackings[0].status.code).toBe('DELIVERY_FAILED');
    const withoutHash = await listTrackings({ external_order: '1001', store_id: e.usStore.storeId });
    expect(withoutHash.body.trackings).toHaveLength(3);
    const wrong = await listTrackings({ external_order: e.wrongStore.externalOrder, store_id: e.wrongStore.storeId });
    expect(wrong).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });

  it('answers not_found for unknown identifiers', async () => {
    for (const body of [{ tracking_number: T.trackingNumbers.unknown }, { order_id: T.orderIds.unknown }]) {
      const res = await listTrackings(body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'not_found', message: 'order not found' });
    }
  });

  it('rejects a missing or wrong API key', async () => {
    for (const authorization of [undefined, 'Bearer nope', 'sim-trackings-key', 'bearer sim-trackings-key']) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        ...(authorization ? { authorization } : {}),
      };
      const res = await listTrackings({ tracking_number: T.trackingNumbers.delivered }, headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'unauthenticated', message: 'invalid API key' });
    }
  });

  it.each([
    ['no lookup', 'tracking_number', {}],
    ['two lookups', 'order_id', { tracking_number: '1Z7X3F940344156200', order_id: 'AB12CD34EF56' }],
    ['short order id', 'order_id', { order_id: 'AB12' }],
    ['order id with a dash', 'order_id', { orderId: 'AB12-CD34EF5' }],
    ['external order without store', 'store_id', { external_order: '#1001' }],
    ['store with tracking number', 'store_id', { tracking_number: '1Z7X3F940344156200', store_id: 'store-us-1' }],
    ['store with order id', 'store_id', { order_id: 'AB12CD34EF56', storeId: 'store-us-1' }],
  ] as const)('validation: %s names %s', async (_name, argument, request) => {
    const { status, body } = await listTrackings(request);
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_argument');
    expect(typeof body.message).toBe('string');
    expect(body.meta).toEqual({ argument });
    expect(body.details).toHaveLength(1);
    const [detail] = body.details;
    expect(detail.type).toBe('google.rpc.BadRequest');
    expect(detail.debug.fieldViolations[0].field).toBe(argument);
    expect(Buffer.from(detail.value, 'base64').toString('latin1')).toContain(argument);
  });

  it('checks the Connect protocol envelope', async () => {
    expect((await listTrackings('not json')).body.code).toBe('invalid_argument');
    expect((await listTrackings('[1]')).status).toBe(400);
    const charset = await listTrackings(
      { tracking_number: T.trackingNumbers.delivered },
      { ...B_HEADERS, 'content-type': 'application/json; charset=utf-8' },
    );
    expect(charset.status).toBe(200);
    const wrongType = await listTrackings(
      { tracking_number: T.trackingNumbers.delivered },
      { ...B_HEADERS, 'content-type': 'text/plain' },
    );
    expect(wrongType.status).toBe(415);
    const get = await fetch(`${b.url}${B_PATH}`, { headers: B_HEADERS });
    expect(get.status).toBe(405);
    const other = await fetch(`${b.url}/example.storeapi.v1.PublicAPI/GetOrder`, {
      method: 'POST',
      headers: B_HEADERS,
      body: '{}',
    });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'unimplemented' });
  });

  it('serves a custom service path', async () => {
    const custom = await startTrackingsSimulator({ service: 'acme.v1.Tracking', apiKey: 'k' });
    try {
      const res = await fetch(`${custom.url}/acme.v1.Tracking/ListTrackings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
        body: JSON.stringify({ order_id: 'AB12CD34EF56' }),
      });
      expect(res.status).toBe(200);
    } finally {
      await custom.close();
    }
  });
});

describe('faults, latency and recording', () => {
  const ok = { tracking_number: DEMO.trackings.trackingNumbers.delivered };

  it('status faults: Retry-After verbatim and interface-specific default bodies', async () => {
    b.inject(
      { kind: 'status', status: 429, retryAfter: '2' },
      { kind: 'status', status: 503, retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT' },
    );
    const first = await listTrackings(ok);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('2');
    expect(first.body).toMatchObject({ code: 'resource_exhausted' });
    const second = await listTrackings(ok);
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(second.body).toMatchObject({ code: 'unavailable' });
    expect((await listTrackings(ok)).status).toBe(200); // queue drained: normal behaviour

    a.inject({ kind: 'status', status: 500 });
    const aFault = await getCheckpoints(DEMO.checkpoints.delivered);
    expect(aFault.status).toBe(500);
    expect(typeof aFault.body.error).toBe('string');
  });

  it('status faults with a custom body', async () => {
    b.inject(
      { kind: 'status', status: 502, body: '<html><body>Bad gateway</body></html>', contentType: 'text/html' },
      { kind: 'status', status: 404, body: {} },
    );
    const html = await listTrackings(ok);
    expect(html).toMatchObject({ status: 502, text: '<html><body>Bad gateway</body></html>' });
    expect(html.headers.get('content-type')).toBe('text/html');
    const proxy404 = await listTrackings(ok);
    expect(proxy404).toMatchObject({ status: 404, text: '{}' });
  });

  it('faults come before auth and validation', async () => {
    b.inject({ kind: 'status', status: 503 });
    expect((await listTrackings({}, { 'content-type': 'application/json' })).status).toBe(503);
  });

  it('reset destroys the socket without an answer', async () => {
    a.inject({ kind: 'reset' });
    await expect(
      rawRequest(`${a.url}/v2/checkpoints?user=4242&orderNo=${DEMO.checkpoints.delivered}`),
    ).rejects.toMatchObject({ code: 'ECONNRESET' });
    b.inject({ kind: 'reset' });
    await expect(listTrackings(ok)).rejects.toThrow();
    expect((await listTrackings(ok)).status).toBe(200);
  });

  it('hang never answers, so the client times out', async () => {
    a.inject({ kind: 'hang' });
    await expect(
      rawRequest(`${a.url}/v2/checkpoints?user=4242&orderNo=${DEMO.checkpoints.delivered}`, 200),
    ).rejects.toThrow('client timeout');
    b.inject({ kind: 'hang' });
    await expect(
      fetch(`${b.url}${B_PATH}`, {
        method: 'POST',
        headers: B_HEADERS,
        body: JSON.stringify(ok),
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    expect((await listTrackings(ok)).status).toBe(200);
  });

  it('raw sends exactly the given body', async () => {
    a.inject(
      { kind: 'raw', body: '{"header": [' },
      { kind: 'raw', status: 502, body: '<html>Bad Gateway</html>', contentType: 'text/html' },
    );
    const malformed = await rawRequest(`${a.url}/v2/checkpoints?user=4242&orderNo=x`);
    expect(malformed).toEqual({ status: 200, body: '{"header": [' });
    const html = await rawRequest(`${a.url}/v2/checkpoints?user=4242&orderNo=x`);
    expect(html).toEqual({ status: 502, body: '<html>Bad Gateway</html>' });
  });

  it('delay answers normally, later', async () => {
    b.inject({ kind: 'delay', ms: 300 });
    const started = Date.now();
    const res = await listTrackings(ok);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(res.status).toBe(200);
    expect(res.body.trackings[0].status.code).toBe('DELIVERED');
  });

  it('latency applies to every normal answer until reset', async () => {
    a.setLatency(250);
    let started = Date.now();
    expect((await getCheckpoints(DEMO.checkpoints.delivered)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(230);
    a.reset();
    started = Date.now();
    await getCheckpoints(DEMO.checkpoints.delivered);
    expect(Date.now() - started).toBeLessThan(200);

    const slow = await startCheckpointsSimulator({ latencyMs: 150 });
    try {
      started = Date.now();
      await fetch(`${slow.url}/v2/checkpoints?user=4242&orderNo=ORD-1001`, { headers: A_HEADERS });
      expect(Date.now() - started).toBeGreaterThanOrEqual(130);
    } finally {
      await slow.close();
    }
  });

  it('records every request, faulted ones included', async () => {
    b.inject({ kind: 'status', status: 500 });
    await listTrackings({ order_id: 'AB12CD34EF56' });
    await listTrackings(ok);
    await fetch(`${a.url}/v2/checkpoints/?user=4242&orderNo=ORD-1001&lang=de&note=a%20b`, { headers: A_HEADERS });

    expect(b.requests).toHaveLength(2);
    expect(b.requests[0]).toMatchObject({
      method: 'POST',
      path: B_PATH,
      query: {},
      body: '{"order_id":"AB12CD34EF56"}',
    });
    expect(b.requests[0].headers.authorization).toBe('Bearer sim-trackings-key');
    expect(a.requests).toHaveLength(1);
    expect(a.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v2/checkpoints/',
      body: '',
      query: { user: '4242', orderNo: 'ORD-1001', lang: 'de', note: 'a b' },
    });
    expect(a.requests[0].headers).toMatchObject({ user: '4242', token: 'sim-checkpoints-token' });

    b.reset();
    expect(b.requests).toHaveLength(0);
  });

  it('close() returns promptly while a request hangs', async () => {
    const sim = await startTrackingsSimulator();
    sim.inject({ kind: 'hang' });
    const pending = fetch(`${sim.url}${B_PATH}`, { method: 'POST', headers: B_HEADERS, body: '{}' });
    pending.catch(() => undefined);
    while (sim.requests.length === 0) await new Promise((r) => setTimeout(r, 10));
    const started = Date.now();
    await sim.close();
    expect(Date.now() - started).toBeLessThan(500);
    await expect(pending).rejects.toThrow();
    await sim.close(); // idempotent
  });
});
