/**
 * What "Notify me" relies on from where watches are kept and timed, asked the same way of both places:
 * this process's memory, and Azure Storage (blobs and a queue, on Azurite started for this file). The
 * store refuses every write that names a version it no longer has, so two instances never both record
 * one update; the queue hands a due entry to one taker at a time, and gives it out again when the
 * taker dies (its lease runs out) — with Azure, for real, between separate clients.
 */
import { BlobServiceClient } from '@azure/storage-blob';
import { QueueClient } from '@azure/storage-queue';
import { loadConfig } from '../../src/config';
import { STORAGE_RETRY } from '../../src/storageRetry';
import { BlobWatchStore } from '../../src/watch/azure/blobWatchStore';
import { AzureWatchQueue } from '../../src/watch/azure/azureWatchQueue';
import { MemoryWatchQueue } from '../../src/watch/memoryWatchQueue';
import { MemoryWatchStore } from '../../src/watch/memoryWatchStore';
import { createWatchStorage } from '../../src/watch/storage';
import { conversationTag, watchId, type Watch } from '../../src/watch/watchRecord';
import type { Ticket, WatchQueue } from '../../src/watch/watchQueue';
import type { WatchStore } from '../../src/watch/watchStore';
import { startAzurite, type Azurite } from '../support/azurite';
import { FakeClock } from '../support/fakeClock';

jest.setTimeout(30_000);
const RETRY = { retryOptions: STORAGE_RETRY };

let azurite: Azurite;
beforeAll(async () => {
  azurite = await startAzurite();
});
afterAll(async () => {
  await azurite?.stop();
});

/** One instance's clients of the watches and their queue. */
interface Clients {
  store: WatchStore;
  queue: WatchQueue;
}

interface Place {
  name: string;
  /** Empty storage, and two instances on it. */
  fresh(): { a: Clients; b: Clients; names: { container: string; queue: string } };
  /** Lets time pass: the memory queue's clock moves; Azure keeps its own time, so the test waits for real. */
  pass(ms: number): Promise<void>;
}

let fresh = 0;
const memory = (): Place => {
  const clock = new FakeClock();
  return {
    name: 'in memory',
    fresh() {
      // One process: both "instances" are the same objects.
      const clients = { store: new MemoryWatchStore(), queue: new MemoryWatchQueue(clock) };
      return { a: clients, b: clients, names: { container: '', queue: '' } };
    },
    pass: (ms) => clock.sleep(ms),
  };
};
const azure = (): Place => ({
  name: 'on Azure Storage (Azurite)',
  fresh() {
    // A new container and queue per test: each is created on first use, as in a new deployment.
    const names = { container: `watches-${++fresh}`, queue: `watch-queue-${fresh}` };
    const clients = () => ({
      store: new BlobWatchStore(azurite.connectionString, names.container, RETRY),
      queue: new AzureWatchQueue(azurite.connectionString, names.queue, RETRY),
    });
    return { a: clients(), b: clients(), names };
  },
  pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});

const T0 = Date.parse('2026-11-22T12:00:00.000Z');
function watchOf(conversationName: string, identifier: string, startedAt = T0): Watch {
  const conversation = conversationTag(conversationName);
  const request = { kind: 'tracking_number' as const, identifier };
  return {
    id: watchId(conversation, request),
    conversation,
    reference: { conversation: { id: conversationName }, serviceUrl: 'http://127.0.0.1:1/' },
    channel: 'msteams',
    locale: 'de-DE',
    timeZone: 'Europe/Berlin',
    request,
    shown: identifier,
    announced: { [identifier]: 'InTransit' },
    entry: `entry-${identifier}`,
    startedAt,
    expiresAt: startedAt + 14 * 86_400_000,
  };
}

describe.each([memory(), azure()])('watches and their queue $name', (place) => {
  describe('the store: every write names the version it replaces', () => {
    test('a new watch is written only once: a second "Notify me" racing the first does not overwrite it', async () => {
      const { a, b } = place.fresh();
      const first = watchOf('conv-1', '1Z999AA10123456784');
      const created = await a.store.write(first, undefined);
      expect(created).toEqual(expect.any(String));
      expect(await b.store.write({ ...first, locale: 'fr-FR' }, undefined)).toBeUndefined();
      expect(await b.store.read(first.id)).toEqual({ watch: first, etag: created });
    });

    test('a write naming a version that has moved on is refused, and the stored watch is the newer one', async () => {
      const { a, b } = place.fresh();
      const watch = watchOf('conv-1', '1Z999AA10123456784');
      const v1 = (await a.store.write(watch, undefined))!;
      const recorded = { ...watch, announced: { '1Z999AA10123456784': 'OutForDelivery' } };
      const v2 = await a.store.write(recorded, v1);
      expect(v2).toEqual(expect.any(String));
      expect(v2).not.toBe(v1);
      expect(await b.store.write({ ...watch, sending: { until: T0 + 60_000 } }, v1)).toBeUndefined();
      expect(await b.store.read(watch.id)).toEqual({ watch: recorded, etag: v2 });
    });

    test('two instances claiming the same update with the same version: exactly one wins', async () => {
      const { a, b } = place.fresh();
      const watch = watchOf('conv-1', '1Z999AA10123456784');
      const version = (await a.store.write(watch, undefined))!;
      const [byA, byB] = await Promise.all([
        a.store.write({ ...watch, sending: { until: 1 } }, version),
        b.store.write({ ...watch, sending: { until: 2 } }, version),
      ]);
      expect([byA, byB].filter((won) => won !== undefined)).toHaveLength(1);
      const stored = await a.store.read(watch.id);
      expect(stored).toEqual({ watch: { ...watch, sending: { until: byA ? 1 : 2 } }, etag: byA ?? byB });
    });

    test('a removed watch is gone: read finds nothing, removing again is fine, and a late write of it is refused', async () => {
      const { a, b } = place.fresh();
      const watch = watchOf('conv-1', '1Z999AA10123456784');
      const version = (await a.store.write(watch, undefined))!;
      await b.store.remove(watch.id);
      expect(await a.store.read(watch.id)).toBeUndefined();
      await expect(a.store.remove(watch.id)).resolves.toBeUndefined();
      // The update of a check that was sending while the customer said "stop": the watch stays stopped.
      expect(await a.store.write({ ...watch, announced: {} }, version)).toBeUndefined();
      expect(await a.store.read(watch.id)).toBeUndefined();
    });

    test("a conversation's watches: only its own, in the order they were started", async () => {
      const { a, b } = place.fresh();
      const second = watchOf('conv-A', 'ORD-2', T0 + 2_000);
      const first = watchOf('conv-A', 'ORD-9', T0 + 1_000);
      const third = watchOf('conv-A', 'ORD-1', T0 + 3_000);
      const elsewhere = watchOf('conv-B', 'ORD-5', T0);
      for (const watch of [second, elsewhere, third, first]) await a.store.write(watch, undefined);
      expect(await b.store.ofConversation(conversationTag('conv-A'))).toEqual([first, second, third]);
      expect(await b.store.ofConversation(conversationTag('conv-B'))).toEqual([elsewhere]);
      expect(await b.store.ofConversation(conversationTag('conv-C'))).toEqual([]);
    });
  });

  describe('the queue: the timer of every watch', () => {
    const LEASE = 1_000;
    /** Everything due now, taken by one instance. */
    const takeAll = (clients: Clients, leaseMs = 30_000) => clients.queue.take(32, leaseMs);
    const names = (tickets: Ticket[]) => tickets.map((ticket) => `${ticket.watchId}/${ticket.entry}`).sort();

    test('an entry is not due before its delay, and is due after it', async () => {
      const { a, b } = place.fresh();
      await a.queue.add('w1', 'e1', 1_000);
      expect(await takeAll(b)).toEqual([]);
      await place.pass(1_200);
      expect(names(await takeAll(b))).toEqual(['w1/e1']);
    });

    test('a taken entry is hidden from every taker for its lease, and comes back when the lease runs out (the taker died)', async () => {
      const { a, b } = place.fresh();
      await a.queue.add('w1', 'e1', 0);
      const [dead] = await a.queue.take(32, LEASE);
      expect(dead).toMatchObject({ watchId: 'w1', entry: 'e1' });
      expect(await takeAll(b)).toEqual([]);
      await place.pass(LEASE + 200);
      const [survivor] = await takeAll(b);
      expect(survivor).toMatchObject({ watchId: 'w1', entry: 'e1' });
      // The dead taker's ticket is spent: it neither ends nor moves the entry the survivor now holds.
      await a.queue.done(dead);
      await a.queue.later(dead, 0);
      expect(await takeAll(a)).toEqual([]);
      await b.queue.done(survivor);
    });

    test('later: the next check comes after the new delay, not before', async () => {
      const { a, b } = place.fresh();
      await a.queue.add('w1', 'e1', 0);
      const [ticket] = await takeAll(a);
      await a.queue.later(ticket, 1_000);
      expect(await takeAll(b)).toEqual([]);
      await place.pass(1_200);
      expect(names(await takeAll(b))).toEqual(['w1/e1']);
    });

    test('done: the entry is gone for good, even after a later on the same ticket', async () => {
      const { a, b } = place.fresh();
      await a.queue.add('w1', 'e1', 0);
      await a.queue.add('w2', 'e2', 0);
      const tickets = await takeAll(a, LEASE);
      const one = tickets.find((ticket) => ticket.watchId === 'w1')!;
      const two = tickets.find((ticket) => ticket.watchId === 'w2')!;
      await a.queue.done(one);
      await a.queue.later(two, 1_000);
      await a.queue.done(two);
      await place.pass(LEASE + 200);
      expect(await takeAll(b)).toEqual([]);
    });

    test('two instances taking at once never hold the same entry', async () => {
      const { a, b } = place.fresh();
      const all = Array.from({ length: 40 }, (_, i) => `w${i}/e${i}`);
      await Promise.all(all.map((name) => a.queue.add(name.split('/')[0], name.split('/')[1], 0)));
      const held: Ticket[] = [];
      for (;;) {
        const [byA, byB] = await Promise.all([a.queue.take(7, 30_000), b.queue.take(7, 30_000)]);
        if (!byA.length && !byB.length) break;
        held.push(...byA, ...byB);
      }
      expect(names(held)).toEqual([...all].sort());
    });
  });
});

describe('on the wire: what Azure Storage is asked', () => {
  let names: { container: string; queue: string };
  let a: Clients;
  beforeEach(() => {
    ({ a, names } = azure().fresh());
  });
  const rawQueue = () => new QueueClient(azurite.connectionString, names.queue);
  const rawContainer = () =>
    BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(names.container);

  test('a queue message is {"w": watch id, "e": entry} and never expires, since a watch may outlast 7 days', async () => {
    await a.queue.add('w1', 'e1', 0);
    const [message] = (await rawQueue().peekMessages()).peekedMessageItems;
    expect(JSON.parse(message.messageText)).toEqual({ w: 'w1', e: 'e1' });
    // Azure's answer for a time to live of -1.
    expect(message.expiresOn.getUTCFullYear()).toBe(9999);
  });

  test("a delay past 7 days, Azure's longest, is cut to 7 days rather than refused", async () => {
    // Azure answers 400 OutOfRangeQueryParameterValue to a visibility timeout over 604,800 s.
    await a.queue.add('w1', 'e1', 30 * 86_400_000);
    expect((await rawQueue().getProperties()).approximateMessagesCount).toBe(1);
    expect(await a.queue.take(32, 1_000)).toEqual([]);
  });

  test('a message that is not an entry (another writer on the queue) is dropped, not handed out again and again', async () => {
    await a.queue.add('w1', 'e1', 0);
    const queue = rawQueue();
    await queue.sendMessage('hello', { messageTimeToLive: -1 });
    await queue.sendMessage(JSON.stringify({ w: 1 }), { messageTimeToLive: -1 });
    expect((await a.queue.take(32, 30_000)).map((ticket) => ticket.watchId)).toEqual(['w1']);
    expect((await queue.getProperties()).approximateMessagesCount).toBe(1);
  });

  test('a watch is the blob watches/<conversation tag>/<watch id>.json, JSON, in the state container', async () => {
    const watch = watchOf('conv-1', '1Z999AA10123456784');
    await a.store.write(watch, undefined);
    const blobs = [];
    for await (const blob of rawContainer().listBlobsFlat())
      blobs.push({ name: blob.name, type: blob.properties.contentType });
    expect(blobs).toEqual([{ name: `watches/${watch.conversation}/${watch.id}.json`, type: 'application/json' }]);
    expect(watch.id.startsWith(`${watch.conversation}.`)).toBe(true);
  });

  test('an id from outside (a queue message, a button) cannot name any other blob', async () => {
    const container = rawContainer();
    await container.createIfNotExists();
    const watch = watchOf('conv-1', '1Z999AA10123456784');
    const body = JSON.stringify(watch);
    for (const name of ['state/secret.json', 'watches/secret.json', `watches/${watch.conversation}/x/y.json`]) {
      await container.getBlockBlobClient(name).upload(body, body.length);
    }
    for (const id of [
      '../state/secret',
      '../../state/secret',
      'secret',
      `${watch.conversation}/x/y`,
      `${watch.conversation}.x/../../../state/secret`,
      '',
    ]) {
      expect(await a.store.read(id)).toBeUndefined();
      await a.store.remove(id);
    }
    for (const tag of ['', '..', `${watch.conversation}/x`]) expect(await a.store.ofConversation(tag)).toEqual([]);
    expect(await a.store.ofConversation(watch.conversation)).toEqual([]);
    let left = 0;
    for await (const _blob of container.listBlobsFlat()) left++;
    expect(left).toBe(3);
  });

  test('STORAGE=blob: watches go to AZURE_STORAGE_CONTAINER, their timer to AZURE_STORAGE_QUEUE, both created when missing', async () => {
    names = { container: 'bot-state', queue: 'bot-watch' };
    const config = loadConfig({
      STORAGE: 'blob',
      STORAGE_KEY_SECRET: 'storage-key-SECRET-for-tests-000000001',
      AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
      AZURE_STORAGE_CONTAINER: names.container,
      AZURE_STORAGE_QUEUE: names.queue,
    });
    const { store, queue, shared } = createWatchStorage(config.storage);
    expect(shared).toBe(true);
    const watch = watchOf('conv-1', '1Z999AA10123456784');
    await store.write(watch, undefined);
    await queue.add(watch.id, watch.entry, 0);
    expect(await rawContainer().getBlockBlobClient(`watches/${watch.conversation}/${watch.id}.json`).exists()).toBe(
      true,
    );
    expect(JSON.parse((await rawQueue().peekMessages()).peekedMessageItems[0].messageText)).toEqual({
      w: watch.id,
      e: watch.entry,
    });
  });
});
