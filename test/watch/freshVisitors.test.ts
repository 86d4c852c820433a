/**
 * Fresh visitor ids are free (Web Chat gives every visitor one), so a client can open watch after watch
 * under new ids, past every per-conversation and per-customer limit. What holds then is the bound on
 * the watches kept (NOTIFY_MAX_WATCHES), in memory and on Azure Storage alike, and what happens at it:
 * the visitor's watch that ends soonest makes room for the new one, and its customer is told so in one
 * line; signed-in customers' watches never make room. Asked the same way of both places, through the
 * storage the service builds from its settings.
 */
import { ContainerClient } from '@azure/storage-blob';
import { loadConfig, type Config } from '../../src/config';
import { Translator } from '../../src/i18n';
import { createLogger } from '../../src/log';
import type { ShipmentFinder } from '../../src/tracking/lookup';
import type { Shipment } from '../../src/tracking/shipment';
import {
  AnnouncementWriter,
  CheckBudget,
  createWatchStorage,
  SendRate,
  WatchCheck,
  Watches,
  WatchScheduler,
  type Announcer,
  type Asker,
  type WatchStorage,
} from '../../src/watch';
import { azuriteForThisFile } from '../support/azuriteForThisFile';
import { FakeClock } from '../support/fakeClock';

jest.setTimeout(60_000);

const azurite = azuriteForThisFile();
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
const DAY = 86_400_000;

interface Place {
  name: string;
  config(env: NodeJS.ProcessEnv): Config;
  /** The watches the storage holds, counted from the storage itself. */
  count(storage: WatchStorage, config: Config): Promise<number>;
}

let fresh = 0;
const places: Place[] = [
  {
    name: 'in memory',
    config: (env) => loadConfig(env),
    count: (storage) => Promise.resolve(storage.store.size!),
  },
  {
    name: 'on Azure Storage (Azurite)',
    config: (env) =>
      loadConfig({
        ...env,
        STORAGE: 'blob',
        STORAGE_KEY_SECRET: 'storage-names-key-fresh-visitors-0123',
        AZURE_STORAGE_CONNECTION_STRING: azurite().connectionString,
        AZURE_STORAGE_CONTAINER: `fresh-${++fresh}`,
        AZURE_STORAGE_QUEUE: `fresh-queue-${fresh}`,
      }),
    async count(_storage, config) {
      if (config.storage.kind !== 'blob') throw new Error('blob storage expected');
      let watches = 0;
      for await (const blob of new ContainerClient(
        config.storage.connectionString,
        config.storage.container,
      ).listBlobsFlat({ prefix: 'watches/' }))
        if (blob.name.endsWith('.json')) watches++;
      return watches;
    },
  },
];

function world(place: Place, env: NodeJS.ProcessEnv) {
  const clock = new FakeClock();
  const config = place.config(env);
  const storage = createWatchStorage(config.storage, clock);
  const finder: ShipmentFinder = { kinds: () => ['order_number'], find: () => Promise.resolve([inTransit]) };
  const translator = new Translator('en');
  const told: Array<{ conversation: string; text: string }> = [];
  const announcer: Announcer = {
    announce: (watch, announcement) => (
      told.push({
        conversation: String((watch.reference as { id: string }).id),
        text: announcement.messages.map((m) => m.text).join(' '),
      }),
      Promise.resolve({ outcome: 'sent' as const })
    ),
  };
  const timing = { intervalMs: 60_000, leaseMs: 20_000, forDays: 14 };
  const writer = new AnnouncementWriter({
    defaultTimeZone: 'UTC',
    staleAfterDays: 5,
    supportPages: { byLanguage: {} },
    disclosure: { orderDetails: 'masked' },
  });
  const check = new WatchCheck({
    store: storage.store,
    finder,
    writer,
    announcer,
    rate: new SendRate(clock),
    translator,
    clock,
    timing,
  });
  const scheduler = new WatchScheduler(
    storage.queue,
    check,
    new CheckBudget(100, clock),
    clock,
    createLogger('silent'),
    { leaseMs: timing.leaseMs, intervalMs: timing.intervalMs, pollMs: 1_000, concurrency: 4 },
  );
  // The first check is due at once, so that Azure's queue (which keeps its own time) needs no waiting.
  const watches = new Watches(storage.store, storage.queue, finder, translator, clock, {
    ...config.notify,
    intervalMs: 0,
  });
  const asker = (id: string, signedIn = false): Asker => ({
    conversation: `webchat\u0000${id}`,
    reference: { id },
    channel: 'webchat',
    locale: 'en',
    signedIn,
  });
  const order = (identifier: string) => [{ request: { kind: 'order_number' as const, identifier }, shown: identifier }];
  const count = () => place.count(storage, config);
  return { clock, storage, watches, scheduler, told, asker, order, count };
}

describe.each(places)('watches $name', (place) => {
  test("one client opening watches under 40 fresh visitor ids keeps no more than NOTIFY_MAX_WATCHES (20), and a new customer's Notify me is still taken: the visitor's watch that ends soonest makes room, and its customer is told", async () => {
    const w = world(place, { NOTIFY_MAX_WATCHES: '20' });
    for (let i = 0; i < 40; i++) {
      await w.watches.start(w.asker(`visitor-${i}`), w.order(`ORD-${i}`));
      await w.clock.sleep(1_000);
    }
    // A watch that made room ends at its next check, which is due at once.
    await w.scheduler.runDue();
    expect(await w.count()).toBe(20);

    const started = await w.watches.start(w.asker('customer'), w.order('ORD-REAL'));
    expect(started).toMatchObject({ started: ['ORD-REAL'], busy: [] });

    // Each new watch past the bound took the place of the oldest visitor's: visitors 0 to 20 were told, once each, in one line.
    await w.scheduler.runDue();
    const yielded = Array.from({ length: 21 }, (_, i) => `visitor-${i}`);
    expect(w.told.map((each) => each.conversation).sort()).toEqual(yielded.sort());
    expect(w.told[0].text).toMatch(
      /^To make room for other orders, I've stopped watching ORD-\d+\. Ask me again if you still want updates\.$/,
    );
    expect(await w.watches.list('webchat\u0000customer')).toHaveLength(1);
    expect(await w.watches.list('webchat\u0000visitor-39')).toHaveLength(1);
    expect(await w.watches.list('webchat\u0000visitor-0')).toEqual([]);
    expect(await w.count()).toBe(20);
  });

  test("signed-in customers' watches never make room: a new watch takes a visitor's place while there is one, and past that is refused with the short answer", async () => {
    const w = world(place, { NOTIFY_MAX_WATCHES: '5' });
    await w.watches.start(w.asker('visitor'), w.order('ORD-V'));
    for (let i = 0; i < 4; i++) await w.watches.start(w.asker(`member-${i}`, true), w.order(`ORD-M${i}`));
    await w.clock.sleep(DAY);

    expect(await w.watches.start(w.asker('member-new', true), w.order('ORD-NEW'))).toMatchObject({
      started: ['ORD-NEW'],
      busy: [],
    });

    expect(await w.watches.start(w.asker('visitor-2'), w.order('ORD-V2'))).toMatchObject({
      started: [],
      busy: ['ORD-V2'],
    });
    await w.scheduler.runDue();
    expect(w.told.map((each) => each.conversation)).toEqual(['visitor']);
    for (let i = 0; i < 4; i++) expect(await w.watches.list(`webchat\u0000member-${i}`)).toHaveLength(1);
    expect(await w.count()).toBe(5);
  });
});
