/**
 * A stopped or replaced watch costs nothing: one customer who says "Notify me" and "stop" a hundred
 * times leaves a hundred timers that were once queued, and none of them may take a check from another
 * customer. Asked the same way of both queues: in memory, and on Azure Storage (Azurite). The check
 * budget runs on an injected clock, so "how long the other customer waited" is read from it, with no
 * real wait; the entries are due at once, so Azure's own clock needs no waiting either.
 */
import { Translator } from '../../src/i18n';
import { createLogger } from '../../src/log';
import { STORAGE_RETRY } from '../../src/storageRetry';
import type { ShipmentFinder } from '../../src/tracking/lookup';
import type { Shipment } from '../../src/tracking/shipment';
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
  type WatchQueue,
  type WatchStore,
} from '../../src/watch';
import { AzureWatchQueue } from '../../src/watch/azure/azureWatchQueue';
import { BlobWatchStore } from '../../src/watch/azure/blobWatchStore';
import { QueueClient } from '@azure/storage-queue';
import { startAzurite, type Azurite } from '../support/azurite';
import { FakeClock } from '../support/fakeClock';

jest.setTimeout(60_000);

let azurite: Azurite;
beforeAll(async () => {
  azurite = await startAzurite();
});
afterAll(async () => {
  await azurite?.stop();
});

const TOGGLES = 100;
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

interface Place {
  name: string;
  storage(): { store: WatchStore; queue: WatchQueue; entries: () => Promise<number> };
}

let fresh = 0;
const places: Place[] = [
  {
    name: 'in memory',
    storage() {
      const queue = new MemoryWatchQueue(clock);
      return { store: new MemoryWatchStore(), queue, entries: () => Promise.resolve(queue.size) };
    },
  },
  {
    name: 'on Azure Storage (Azurite)',
    storage() {
      const names = { container: `stopped-${++fresh}`, queue: `stopped-queue-${fresh}` };
      const raw = () => new QueueClient(azurite.connectionString, names.queue);
      return {
        store: new BlobWatchStore(azurite.connectionString, names.container, { retryOptions: STORAGE_RETRY }),
        queue: new AzureWatchQueue(azurite.connectionString, names.queue, { retryOptions: STORAGE_RETRY }),
        entries: async () => (await raw().getProperties()).approximateMessagesCount ?? 0,
      };
    },
  },
];

let clock: FakeClock;
beforeEach(() => {
  clock = new FakeClock();
});

describe.each(places)('watches $name', (place) => {
  test("a customer who says 'Notify me' and 'stop' a hundred times delays nobody else's check, and asks the upstream nothing for it", async () => {
    const { store, queue, entries } = place.storage();
    const looked: Array<{ identifier: string; at: number }> = [];
    const finder: ShipmentFinder = {
      kinds: () => ['order_number'],
      find: (request) => (
        looked.push({ identifier: request.identifier, at: clock.now() }),
        Promise.resolve([inTransit])
      ),
    };
    const translator = new Translator('en');
    const announcer: Announcer = { announce: () => Promise.resolve({ outcome: 'sent' }) };
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
    const logger = createLogger('silent');
    const scheduler = new WatchScheduler(queue, check, new CheckBudget(5, clock), clock, logger, {
      leaseMs: timing.leaseMs,
      intervalMs: timing.intervalMs,
      pollMs: 1_000,
      concurrency: 4,
    });
    // The first check is due at once, so that Azure's queue (which keeps its own time) needs no waiting.
    const watches = new Watches(store, queue, finder, translator, clock, {
      forDays: 14,
      maxPerConversation: 5,
      intervalMs: 0,
    });
    const asker = (conversation: string) => ({ conversation, reference: {}, channel: 'webchat', locale: 'en' });
    const order = (identifier: string) => [
      { request: { kind: 'order_number' as const, identifier }, shown: identifier },
    ];

    for (let i = 0; i < TOGGLES; i++) {
      await watches.start(asker('abuser'), order('ORD-1'));
      await watches.stop('abuser');
    }
    await watches.start(asker('other customer'), order('ORD-2'));
    looked.length = 0;
    const dueAt = clock.now();

    await scheduler.runDue();

    // Checked with the first token of the budget (5 a second), not after a hundred tokens spent on nothing.
    expect(looked).toEqual([{ identifier: 'ORD-2', at: expect.any(Number) as unknown }]);
    expect(looked[0].at - dueAt).toBeLessThan(1_000);
    // The stopped watches' timers are gone; only the other customer's remains, for its next check.
    expect(await entries()).toBe(1);
  });
});
