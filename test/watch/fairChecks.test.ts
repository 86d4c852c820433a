/**
 * The check budget (NOTIFY_MAX_CHECKS_PER_SECOND) is shared between customers, not by arrival: a
 * customer whose watches ask for more checks than the budget holds waits for their own, and another
 * customer's one watch is checked when it is due. On the injected clock, so "how late" is read from it
 * with no real wait; one check at a time, so that the fake clock's instant sleeps are the budget's real
 * spacing. Last, the same on Azure's queue (Azurite), for entries due at once (Azure keeps its own time).
 */
import { Translator } from '../../src/i18n';
import { createLogger } from '../../src/log';
import type { ShipmentFinder } from '../../src/tracking/lookup';
import type { Shipment } from '../../src/tracking/shipment';
import { STORAGE_RETRY } from '../../src/storageRetry';
import {
  AnnouncementWriter,
  CheckBudget,
  MemoryWatchQueue,
  MemoryWatchStore,
  SendRate,
  WatchCheck,
  Watches,
  WatchScheduler,
  type Announcer,
  type Asker,
  type WatchQueue,
  type WatchStore,
} from '../../src/watch';
import { AzureWatchQueue } from '../../src/watch/azure/azureWatchQueue';
import { BlobWatchStore } from '../../src/watch/azure/blobWatchStore';
import { azuriteForThisFile } from '../support/azuriteForThisFile';
import { FakeClock } from '../support/fakeClock';

jest.setTimeout(60_000);
const azurite = azuriteForThisFile();

const INTERVAL = 60_000;
const PER_SECOND = 5;
const inTransit: Shipment = {
  id: 's1',
  trackingNumber: 'TN1',
  carrier: { name: 'DHL' },
  status: { category: 'in_transit' },
  delayed: false,
  exception: false,
  localizedTexts: false,
  events: [],
};

/** A fake clock that calls `passed` once the time is past `end`: the test's way to stop a running scheduler. */
class ClockUntil extends FakeClock {
  end = Number.POSITIVE_INFINITY;
  passed: () => void = () => {};
  override async sleep(ms: number): Promise<void> {
    await super.sleep(ms);
    if (this.now() >= this.end) this.passed();
  }
}

function world(storage?: { store: WatchStore; queue: WatchQueue }, firstCheckMs = INTERVAL, concurrency = 1) {
  const clock = new ClockUntil();
  const looked: Array<{ identifier: string; at: number }> = [];
  const finder: ShipmentFinder = {
    kinds: () => ['order_number'],
    find: (request) => (looked.push({ identifier: request.identifier, at: clock.now() }), Promise.resolve([inTransit])),
  };
  const { store, queue } = storage ?? { store: new MemoryWatchStore(), queue: new MemoryWatchQueue(clock) };
  const translator = new Translator('en');
  const announcer: Announcer = { announce: () => Promise.resolve({ outcome: 'sent' }) };
  const timing = { intervalMs: INTERVAL, leaseMs: 20_000, forDays: 14 };
  const writer = new AnnouncementWriter({
    defaultTimeZone: 'UTC',
    staleAfterDays: 5,
    supportPages: { byLanguage: {} },
    disclosure: { orderDetails: 'masked' },
  });
  const check = new WatchCheck({
    store,
    finder,
    writer,
    announcer,
    rate: new SendRate(clock),
    translator,
    clock,
    timing,
  });
  const scheduler = new WatchScheduler(
    queue,
    check,
    new CheckBudget(PER_SECOND, clock),
    clock,
    createLogger('silent'),
    { leaseMs: timing.leaseMs, intervalMs: INTERVAL, pollMs: 1_000, concurrency },
  );
  const watches = new Watches(store, queue, finder, translator, clock, {
    forDays: 14,
    maxPerConversation: 1_000,
    intervalMs: firstCheckMs,
  });
  const order = (identifier: string) => ({ request: { kind: 'order_number' as const, identifier }, shown: identifier });
  /** Runs the scheduler until `ms` have passed on the clock. */
  const runFor = (ms: number) =>
    new Promise<void>((resolve) => {
      clock.end = clock.now() + ms;
      clock.passed = () => void scheduler.stop().then(resolve);
      scheduler.start();
    });
  return { clock, looked, watches, scheduler, order, runFor };
}

const asker = (conversation: string, customer?: string): Asker => ({
  conversation: `webchat\u0000${conversation}`,
  reference: {},
  channel: 'webchat',
  locale: 'en',
  ...(customer && { customer }),
});

/** When the other customer's order was checked, and how late each check was: the first after its due time, then after the one before it. */
function lateness(looked: Array<{ identifier: string; at: number }>, identifier: string, firstDue: number): number[] {
  const times = looked.filter((each) => each.identifier === identifier).map((each) => each.at);
  return times.map((at, i) => at - (i === 0 ? firstDue : times[i - 1] + INTERVAL));
}

test("one customer's 600 watches, due twice as fast as the budget checks, delay another customer's one watch by at most 2 s at each of its checks; the first customer still gets most of the budget", async () => {
  const w = world();
  await w.watches.start(
    asker('many'),
    Array.from({ length: 600 }, (_, i) => w.order(`MANY-${i}`)),
  );
  await w.clock.sleep(5_000);
  await w.watches.start(asker('one'), [w.order('ORD-ONE')]);
  const firstDue = w.clock.now() + INTERVAL;
  w.looked.length = 0;
  const start = w.clock.now();

  await w.runFor(6 * INTERVAL);

  const late = lateness(w.looked, 'ORD-ONE', firstDue);
  expect(late.length).toBeGreaterThanOrEqual(5);
  expect(Math.max(...late)).toBeLessThanOrEqual(2_000);
  // A backlog gets 80% of the budget (OVER_SHARE): the rest is kept for watches that fall due now and then.
  const seconds = (w.clock.now() - start - INTERVAL) / 1_000;
  expect(w.looked.filter((each) => each.identifier.startsWith('MANY-')).length).toBeGreaterThanOrEqual(
    0.75 * PER_SECOND * seconds,
  );
});

test("a customer's watches across 60 conversations share one turn: another customer's one watch is checked within 2 s of its time", async () => {
  const w = world();
  for (let c = 0; c < 60; c++)
    await w.watches.start(
      asker(`many-${c}`, 'webchat\u0000the-same-user'),
      Array.from({ length: 10 }, (_, i) => w.order(`MANY-${c}-${i}`)),
    );
  await w.clock.sleep(5_000);
  await w.watches.start(asker('one', 'webchat\u0000another-user'), [w.order('ORD-ONE')]);
  const firstDue = w.clock.now() + INTERVAL;
  w.looked.length = 0;

  await w.runFor(6 * INTERVAL);

  const late = lateness(w.looked, 'ORD-ONE', firstDue);
  expect(late.length).toBeGreaterThanOrEqual(5);
  expect(Math.max(...late)).toBeLessThanOrEqual(2_000);
});

test("on Azure's queue (Azurite): one customer's 100 watches due at once no longer go first; another customer's watch, due at the same moment, is checked after a few of theirs", async () => {
  const names = { container: 'fair-checks', queue: 'fair-checks' };
  const storage = {
    store: new BlobWatchStore(azurite().connectionString, names.container, { retryOptions: STORAGE_RETRY }),
    queue: new AzureWatchQueue(azurite().connectionString, names.queue, { retryOptions: STORAGE_RETRY }),
  };
  // The first checks are due at once, so that Azure's queue (which keeps its own time) needs no waiting. Eight checks at once, as the service runs them.
  const w = world(storage, 0, 8);
  await w.watches.start(
    asker('many'),
    Array.from({ length: 100 }, (_, i) => w.order(`MANY-${i}`)),
  );
  await w.watches.start(asker('one'), [w.order('ORD-ONE')]);
  w.looked.length = 0;

  await w.scheduler.runDue();

  // Azure hands the entries out in the order they fell due: before, all 100 were checked first. Now the
  // first customer's go at their turns, while the queue is read through to the other's (here the fake
  // clock moves only with the budget's tokens, so reading the queue costs no time and their turns come
  // faster than for real).
  const ahead = w.looked.findIndex((each) => each.identifier === 'ORD-ONE');
  expect(ahead).toBeGreaterThanOrEqual(0);
  expect(ahead).toBeLessThanOrEqual(30);
});
