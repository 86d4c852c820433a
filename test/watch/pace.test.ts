/**
 * The pace of updates, on an injected clock: Teams' send limits per conversation and per tenant, the
 * check budget in front of the upstream, and the whole schedule backing off when the upstream says
 * "too many" (429) or is down, with every postponed check still done afterwards.
 */
import { Translator } from '../../src/i18n';
import { RetriesExhaustedError } from '../../src/tracking/errors';
import { createLogger } from '../../src/log';
import type { ShipmentFinder } from '../../src/tracking/lookup';
import type { Shipment } from '../../src/tracking/shipment';
import {
  AnnouncementWriter,
  CheckBudget,
  CONVERSATION_LIMITS,
  MemoryWatchQueue,
  MemoryWatchStore,
  SendRate,
  TENANT_LIMITS,
  WatchCheck,
  Watches,
  WatchScheduler,
  type Announcer,
} from '../../src/watch';
import { FakeClock } from '../support/fakeClock';
import { ManualClock } from '../support/manualClock';

/** The most sends any window of `ms` holds. */
function busiest(times: number[], ms: number): number {
  return Math.max(0, ...times.map((start) => times.filter((time) => time >= start && time < start + ms).length));
}

describe("Teams' send limits", () => {
  test('one conversation: never more than 7 a second, 8 in 2 s, 60 in 30 s', async () => {
    const clock = new FakeClock();
    const rate = new SendRate(clock);
    const times: number[] = [];
    for (let i = 0; i < 130; i++) {
      await rate.admit('conv-1');
      times.push(clock.now());
    }
    for (const { ms, max } of CONVERSATION_LIMITS.slice(0, 3)) expect(busiest(times, ms)).toBeLessThanOrEqual(max);
    expect(busiest(times, 1_000)).toBe(7);
  });

  test('one tenant: never more than 50 a second across its conversations; other tenants do not wait for it', async () => {
    const clock = new FakeClock();
    const rate = new SendRate(clock);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      await rate.admit(`conv-${i}`, 'tenant-a');
      times.push(clock.now());
    }
    expect(busiest(times, 1_000)).toBe(TENANT_LIMITS[0].max);
    const before = clock.now();
    await rate.admit('conv-other', 'tenant-b');
    expect(clock.now()).toBe(before);
  });
});

const shipment = (category: Shipment['status']['category']): Shipment => ({
  id: 's1',
  trackingNumber: 'TN1',
  carrier: { name: 'DHL' },
  status: { category },
  delayed: false,
  exception: false,
  localizedTexts: false,
  events: [],
});

function harness(finder: ShipmentFinder, checksPerSecond = 5, clock: FakeClock = new FakeClock()) {
  const store = new MemoryWatchStore();
  const queue = new MemoryWatchQueue(clock);
  const translator = new Translator('en');
  const sent: string[] = [];
  const announcer: Announcer = {
    announce: (watch) => (sent.push(watch.shown), Promise.resolve({ outcome: 'sent' as const })),
  };
  const timing = { intervalMs: 60_000, leaseMs: 20_000, forDays: 14 };
  const check = new WatchCheck({
    store,
    finder,
    writer: new AnnouncementWriter({
      defaultTimeZone: 'UTC',
      staleAfterDays: 5,
      supportPages: { byLanguage: {} },
      disclosure: { orderDetails: 'masked' },
    }),
    announcer,
    rate: new SendRate(clock),
    translator,
    clock,
    timing,
  });
  const logs: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void logs.push(line) });
  const scheduler = new WatchScheduler(queue, check, new CheckBudget(checksPerSecond, clock), clock, logger, {
    leaseMs: timing.leaseMs,
    intervalMs: timing.intervalMs,
    pollMs: 1_000,
    concurrency: 4,
  });
  const watches = new Watches(store, queue, finder, translator, clock, {
    forDays: 14,
    maxPerConversation: 5,
    intervalMs: timing.intervalMs,
  });
  const subscribe = (n: number) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        watches.start({ conversation: `c${i}`, reference: {}, channel: 'webchat', locale: 'en' }, [
          { request: { kind: 'order_number', identifier: `ORD-${i}` }, shown: `ORD-${i}` },
        ]),
      ),
    );
  return { clock, scheduler, sent, subscribe, logs, queue };
}

test('the check budget: 40 watches due at once are checked at 5 a second, not in one burst', async () => {
  const calls: number[] = [];
  const finder: ShipmentFinder = {
    kinds: () => ['order_number'],
    find: () => (calls.push(clock.now()), Promise.resolve([shipment('in_transit')])),
  };
  // Checks run side by side and wait for their tokens: a clock that moves only when the test moves it shows when each really went out.
  const h = harness(finder, 5, new ManualClock());
  const clock = h.clock;
  await h.subscribe(40);
  calls.length = 0;
  await (clock as ManualClock).advance(60_000);
  const run = h.scheduler.runDue();
  let done = false;
  void run.then(() => (done = true));
  for (let step = 0; step < 400 && !done; step++) await (clock as ManualClock).advance(50);
  expect(await run).toBe(40);
  expect(calls).toHaveLength(40);
  // Evenly spaced, 200 ms apart: 40 checks take 8 s, and no second holds more than 5 (6 where a second's edges catch both ends).
  expect(busiest(calls, 1_000)).toBeLessThanOrEqual(6);
  expect(calls.at(-1)! - calls[0]).toBeGreaterThanOrEqual(39 * 190);
});

test('a 429 from the upstream pauses every check for its Retry-After; the postponed checks all run after it, and the change is announced', async () => {
  let refuse = true;
  let status: Shipment['status']['category'] = 'in_transit';
  const calls: number[] = [];
  const failure = {
    upstream: 'checkpoints' as const,
    method: 'GET',
    url: 'http://upstream/v2/checkpoints',
    status: 429,
    headers: { 'retry-after': '120' },
    attempts: 3,
    delaysMs: [],
  };
  const finder: ShipmentFinder = {
    kinds: () => ['order_number'],
    find: () => {
      calls.push(clock.now());
      if (refuse) return Promise.reject(new RetriesExhaustedError(failure, 'attempts'));
      return Promise.resolve([shipment(status)]);
    },
  };
  const h = harness(finder, 100);
  const clock = h.clock;
  const findsAtStart = async () => h.subscribe(10);
  refuse = false;
  await findsAtStart();
  refuse = true;
  calls.length = 0;
  await clock.sleep(60_000);
  const pausedAt = clock.now();
  await h.scheduler.runDue();
  // The checks already in flight (4 at once) meet the 429; the others are not even tried: they wait out the pause.
  const refused = calls.length;
  expect(refused).toBeLessThanOrEqual(4);
  expect(h.logs.join('')).toContain('every check waits');
  await clock.sleep(60_000);
  expect(await h.scheduler.runDue()).toBe(0);
  expect(calls).toHaveLength(refused);

  refuse = false;
  status = 'out_for_delivery';
  await clock.sleep(60_000 + 1);
  await h.scheduler.runDue();
  expect(calls).toHaveLength(refused + 10);
  expect(calls.slice(refused).every((time) => time >= pausedAt + 120_000)).toBe(true);
  expect(h.sent).toHaveLength(10);
});

test('a parcel out for delivery is checked four times as often; one in transit at the usual interval', async () => {
  const checked: Record<string, number[]> = {};
  const status: Record<string, Shipment['status']['category']> = { 'ORD-0': 'out_for_delivery', 'ORD-1': 'in_transit' };
  const finder: ShipmentFinder = {
    kinds: () => ['order_number'],
    find: (request) => (
      (checked[request.identifier] ??= []).push(clock.now()),
      Promise.resolve([shipment(status[request.identifier])])
    ),
  };
  const h = harness(finder, 100);
  const clock = h.clock;
  await h.subscribe(2);
  const start = clock.now();
  for (let step = 0; step < 8; step++) {
    await clock.sleep(15_000);
    await h.scheduler.runDue();
  }
  // To the second: each check waits a few ms for its budget token on the same clock.
  const since = (times: number[]) => times.slice(1).map((time) => Math.round((time - start) / 1_000) * 1_000);
  // The first check of each comes after the usual interval (60 s); then every 15 s while on the van.
  expect(since(checked['ORD-0'])).toEqual([60_000, 75_000, 90_000, 105_000, 120_000]);
  expect(since(checked['ORD-1'])).toEqual([60_000, 120_000]);
});
