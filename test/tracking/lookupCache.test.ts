/**
 * One upstream call per distinct lookup per TTL: concurrent identical lookups share a call, repeats are
 * served from memory, languages are kept apart where they matter, and failures are never cached.
 * Real HTTP against the simulators; the TTL runs on a fake clock.
 */
import { DEMO } from '../../sandbox/simulators';
import { ShipmentLookup, type LookupRequest, type LookupTrace } from '../../src/tracking/lookup';
import { CachedLookup } from '../../src/tracking/lookupCache';
import { API_KEY, CREDENTIALS, clientsFor, useSimulators } from '../support/upstreams';

const upstreams = useSimulators();

function cachedLookup(ttlMs = 60_000) {
  const { checkpoints, trackings, clock } = clientsFor(upstreams);
  const lookup = new ShipmentLookup({
    checkpoints: { client: checkpoints, credentials: CREDENTIALS },
    trackings: { client: trackings, apiKey: API_KEY },
  });
  return { finder: new CachedLookup(lookup, { ttlMs, clock }), clock };
}

const byNumber: LookupRequest = { kind: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.inTransit };
const byOrder: LookupRequest = { kind: 'order_number', identifier: DEMO.checkpoints.delivered };

test('20 identical lookups at the same time make one upstream call, and all get the answer', async () => {
  const { finder } = cachedLookup();
  upstreams.trackings.setLatency(50);
  const answers = await Promise.all(Array.from({ length: 20 }, () => finder.find(byNumber, 'en')));
  expect(upstreams.trackings.requests).toHaveLength(1);
  expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  expect(answers[0][0].trackingNumber).toBe(byNumber.identifier);
});

test("each lookup says how it was served, for the turn's log line: miss, shared with one in flight, or hit", async () => {
  const { finder } = cachedLookup();
  upstreams.trackings.setLatency(50);
  const traces: LookupTrace[] = [{}, {}, {}];
  await Promise.all([finder.find(byNumber, 'en', traces[0]), finder.find(byNumber, 'en', traces[1])]);
  await finder.find(byNumber, 'en', traces[2]);
  expect(traces).toEqual([{ cache: 'miss' }, { cache: 'shared' }, { cache: 'hit' }]);
});

test('a repeat within the TTL is served from memory; after it, asked again', async () => {
  const { finder, clock } = cachedLookup(60_000);
  await finder.find(byNumber);
  await clock.sleep(59_000);
  await finder.find(byNumber);
  expect(upstreams.trackings.requests).toHaveLength(1);
  await clock.sleep(2_000);
  await finder.find(byNumber);
  expect(upstreams.trackings.requests).toHaveLength(2);
});

test('Interface A is cached per language; Interface B, whose answer has no language, is not split by it', async () => {
  const { finder } = cachedLookup();
  const de = await finder.find(byOrder, 'de-DE');
  const deAgain = await finder.find(byOrder, 'de-CH');
  const fr = await finder.find(byOrder, 'fr');
  expect(upstreams.checkpoints.requests.map((r) => r.query.lang)).toEqual(['de', 'fr']);
  expect(deAgain).toEqual(de);
  expect(fr[0].status.label).not.toEqual(de[0].status.label);
  await finder.find(byNumber, 'de');
  await finder.find(byNumber, 'fr');
  expect(upstreams.trackings.requests).toHaveLength(1);
});

test('"not found" is an answer and is cached too', async () => {
  const { finder } = cachedLookup();
  const unknown: LookupRequest = { kind: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.unknown };
  expect(await finder.find(unknown)).toEqual([]);
  expect(await finder.find(unknown)).toEqual([]);
  expect(upstreams.trackings.requests).toHaveLength(1);
});

test('a failure is not cached: the next lookup asks again', async () => {
  const { finder } = cachedLookup();
  upstreams.trackings.inject({ kind: 'status', status: 401 });
  await expect(finder.find(byNumber)).rejects.toThrow();
  await expect(finder.find(byNumber)).resolves.toHaveLength(1);
  expect(upstreams.trackings.requests).toHaveLength(2);
});

test('concurrent lookups that fail all see the failure, from one call', async () => {
  const { finder } = cachedLookup();
  upstreams.trackings.inject({ kind: 'status', status: 401 });
  const results = await Promise.allSettled(Array.from({ length: 5 }, () => finder.find(byNumber)));
  expect(results.map((r) => r.status)).toEqual(Array(5).fill('rejected'));
  expect(upstreams.trackings.requests).toHaveLength(1);
});

test('different stores, kinds and numbers are different lookups', async () => {
  const { finder } = cachedLookup();
  const store = DEMO.trackings.externalOrders;
  await finder.find({
    kind: 'external_order',
    identifier: store.usStore.externalOrder,
    storeId: store.usStore.storeId,
  });
  await finder.find({
    kind: 'external_order',
    identifier: store.ukStore.externalOrder,
    storeId: store.ukStore.storeId,
  });
  await finder.find({ kind: 'order_id', identifier: DEMO.trackings.orderIds.multiShipment });
  expect(upstreams.trackings.requests).toHaveLength(3);
});

test('a TTL of 0 turns the cache off', async () => {
  const { finder } = cachedLookup(0);
  await finder.find(byNumber);
  await finder.find(byNumber);
  expect(upstreams.trackings.requests).toHaveLength(2);
});

test('the cached answer cannot be changed by a reader', async () => {
  const { finder } = cachedLookup();
  const first = await finder.find(byNumber);
  expect(() => (first as unknown[]).push('x')).toThrow();
});

test('upstream connections are kept alive: ten lookups, one TCP connection', async () => {
  const { checkpoints } = clientsFor(upstreams);
  for (let i = 0; i < 10; i++) await checkpoints.getCheckpoints(DEMO.checkpoints.delivered, 'en', CREDENTIALS);
  expect(upstreams.checkpoints.requests).toHaveLength(10);
  expect(upstreams.checkpoints.connections).toBe(1);
});
