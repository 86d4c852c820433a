/**
 * No watch is forgotten silently (issue #23, 4): a watch whose queue entry is lost or stuck (a message
 * the queue hides, a poison queue) is put back in the queue a few intervals after it was due, and the
 * sweep says so. The store knows each watch's "due by" (memory: in the watch; Azure: in the blob's
 * metadata too, so a sweep lists them without reading each one). On an injected clock, both places.
 */
import { Translator } from '../../src/i18n';
import type { ShipmentFinder } from '../../src/tracking/lookup';
import type { Logger } from '../../src/runtime/logger';
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
  WatchSweep,
  type WatchQueue,
  type WatchStore,
} from '../../src/watch';
import { AzureWatchQueue } from '../../src/watch/azure/azureWatchQueue';
import { BlobWatchStore } from '../../src/watch/azure/blobWatchStore';
import { azuriteForThisFile } from '../support/azuriteForThisFile';
import { FakeClock } from '../support/fakeClock';

jest.setTimeout(30_000);
const emulator = azuriteForThisFile();
const INTERVAL = 60_000;

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
const finder: ShipmentFinder = { kinds: () => ['order_number'], find: () => Promise.resolve([inTransit]) };

let fresh = 0;
const places: Array<{ name: string; make: (clock: FakeClock) => { store: WatchStore; queue: WatchQueue } }> = [
  { name: 'in memory', make: (clock) => ({ store: new MemoryWatchStore(), queue: new MemoryWatchQueue(clock) }) },
  {
    name: 'on Azure Storage (Azurite)',
    make: () => {
      const { connectionString } = emulator();
      fresh++;
      return {
        store: new BlobWatchStore(connectionString, `sweep-${fresh}`, { retryOptions: STORAGE_RETRY }),
        queue: new AzureWatchQueue(connectionString, `sweep-queue-${fresh}`, { retryOptions: STORAGE_RETRY }),
      };
    },
  },
];

function recorder(): { logger: Logger; lines: Array<{ fields: object; message?: string }> } {
  const lines: Array<{ fields: object; message?: string }> = [];
  const note = (fields: object, message?: string) => void lines.push({ fields, message });
  const logger: Logger = { info: note, warn: note, error: note, debug: () => {}, trace: () => {}, child: () => logger };
  return { logger, lines };
}

describe.each(places)('the sweep, $name', ({ make }) => {
  test('a watch whose queue entry was lost is put back in the queue a few intervals after it was due, once, and the sweep says so', async () => {
    const clock = new FakeClock();
    const { store, queue } = make(clock);
    // Started on a queue that then loses its entry: the real queue never hears of it.
    const watches = new Watches(store, new MemoryWatchQueue(clock), finder, new Translator('en'), clock, {
      forDays: 14,
      maxPerConversation: 5,
      intervalMs: INTERVAL,
    });
    await watches.start({ conversation: 'webchat\u0000c1', reference: {}, channel: 'webchat', locale: 'en' }, [
      { request: { kind: 'order_number', identifier: 'ORD-1' }, shown: 'ORD-1' },
    ]);
    const { logger, lines } = recorder();
    const sweep = new WatchSweep(store, queue, clock, logger, { intervalMs: INTERVAL });

    // Due after one interval; a late check is not yet a lost one, nor one an hour late (the longest pause after upstream refusals is 30 minutes).
    await clock.sleep(2 * INTERVAL);
    expect(await sweep.run()).toBe(0);
    await clock.sleep(58 * INTERVAL);
    expect(await sweep.run()).toBe(0);
    await clock.sleep(2 * INTERVAL);
    expect(await sweep.run()).toBe(1);
    expect(await sweep.run()).toBe(0);

    const [watch] = await watches.list('webchat\u0000c1');
    const tickets = await queue.take(32, 10_000);
    expect(tickets.map((ticket) => [ticket.watchId, ticket.entry])).toEqual([[watch.id, watch.entry]]);
    expect(lines).toEqual([
      {
        fields: { watches: 1, overdueAfterMs: 3_600_000 },
        message: expect.stringMatching(/not checked in time were put back in the queue/) as unknown,
      },
    ]);
  });
});

test('a watch checked on time is never swept, and its checks rarely write it (about once in 30 minutes)', async () => {
  const clock = new FakeClock();
  const store = new MemoryWatchStore();
  const queue = new MemoryWatchQueue(clock);
  const translator = new Translator('en');
  const writes = jest.spyOn(store, 'write');
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
    announcer: { announce: () => Promise.resolve({ outcome: 'sent' as const }) },
    rate: new SendRate(clock),
    translator,
    clock,
    timing,
  });
  const { logger, lines } = recorder();
  const scheduler = new WatchScheduler(queue, check, new CheckBudget(100, clock), clock, logger, {
    leaseMs: 20_000,
    intervalMs: INTERVAL,
    pollMs: 1_000,
    concurrency: 2,
  });
  const watches = new Watches(store, queue, finder, translator, clock, {
    forDays: 14,
    maxPerConversation: 5,
    intervalMs: INTERVAL,
  });
  await watches.start({ conversation: 'webchat\u0000c1', reference: {}, channel: 'webchat', locale: 'en' }, [
    { request: { kind: 'order_number', identifier: 'ORD-1' }, shown: 'ORD-1' },
  ]);
  writes.mockClear();
  const sweep = new WatchSweep(store, queue, clock, logger, { intervalMs: INTERVAL });
  let checked = 0;
  for (let step = 0; step < 180; step++) {
    await clock.sleep(INTERVAL);
    checked += await scheduler.runDue();
    expect(await sweep.run()).toBe(0);
  }
  expect(checked).toBe(180);
  expect(writes.mock.calls.length).toBeLessThanOrEqual(6);
  expect(lines).toEqual([]);
});
