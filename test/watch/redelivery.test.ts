/**
 * An update the channel took and later reported undelivered is sent again soon (redelivery.ts): the watch is put
 * back to what it had said before, and its one entry in the queue comes due a minute on, never later than a regular
 * check; a stopped watch stays stopped, and a watch that its last update ended comes back for that update only
 * where no watch of its id exists.
 */
import { MemoryWatchQueue, MemoryWatchStore, Redelivery, REDELIVER_AFTER_MS, type Watch } from '../../src/watch';
import { FakeClock } from '../support/fakeClock';

const INTERVAL = 30 * 60_000;
const BEFORE = { s1: 'in_transit' };
const AFTER = { s1: 'delivered' };

function watchOf(more: Partial<Watch> = {}): Watch {
  const now = Date.parse('2026-11-22T12:00:00.000Z');
  return {
    id: 'conv.watch1',
    conversation: 'conv',
    reference: { conversation: { id: 'conv' } },
    channel: 'whatsapp',
    locale: 'en',
    request: { kind: 'order_number', identifier: 'ORD-1014' },
    shown: 'ORD-1014',
    announced: AFTER,
    entry: 'entry-0',
    startedAt: now,
    expiresAt: now + 14 * 86_400_000,
    ...more,
  };
}

function parts(intervalMs = INTERVAL) {
  const clock = new FakeClock();
  const store = new MemoryWatchStore();
  const queue = new MemoryWatchQueue(clock);
  let woken = 0;
  const redelivery = new Redelivery(store, queue, clock, { intervalMs }, () => void woken++);
  return { clock, store, queue, redelivery, woken: () => woken };
}

test('a watch checked every 30 minutes: put back to before the update, its only entry due a minute on, the scheduler told', async () => {
  const { store, queue, redelivery, woken } = parts();
  await store.write(watchOf(), undefined);
  await queue.add('conv.watch1', 'entry-0', INTERVAL);
  expect(await redelivery.again({ watch: 'conv.watch1', before: BEFORE })).toBe(true);
  const { watch } = (await store.read('conv.watch1'))!;
  expect(watch.announced).toEqual(BEFORE);
  expect(watch.entry).not.toBe('entry-0');
  expect(queue.size).toBe(1);
  expect(queue.nextDueInMs()).toBe(REDELIVER_AFTER_MS);
  expect(woken()).toBe(1);
});

test('checks more often than a minute: the regular time, not later', async () => {
  const { store, queue, redelivery } = parts(10_000);
  await store.write(watchOf(), undefined);
  await redelivery.again({ watch: 'conv.watch1', before: BEFORE });
  expect(queue.nextDueInMs()).toBe(10_000);
});

test('a newer update went since (the watch says something else now): nothing is put back, nothing queued', async () => {
  const { store, queue, redelivery } = parts();
  await store.write(watchOf({ announced: { s1: 'out_for_delivery' } }), undefined);
  await queue.add('conv.watch1', 'entry-0', INTERVAL);
  expect(await redelivery.again({ watch: 'conv.watch1', before: BEFORE, after: AFTER })).toBe(false);
  expect((await store.read('conv.watch1'))!.watch).toMatchObject({
    announced: { s1: 'out_for_delivery' },
    entry: 'entry-0',
  });
  expect(queue.nextDueInMs()).toBe(INTERVAL);
  expect(await redelivery.again({ watch: 'conv.watch1', before: BEFORE, after: { s1: 'out_for_delivery' } })).toBe(
    true,
  );
});

test('a watch stopped meanwhile stays stopped: nothing written, nothing queued', async () => {
  const { store, queue, redelivery } = parts();
  expect(await redelivery.again({ watch: 'conv.watch1', before: BEFORE })).toBe(false);
  expect(store.size).toBe(0);
  expect(queue.size).toBe(0);
});

test('the last update: the watch it ended comes back, without a claim; a watch of that id started since is kept as it is but for what it said', async () => {
  const ended = watchOf({ sending: { until: Number.MAX_SAFE_INTEGER } });
  const first = parts();
  expect(await first.redelivery.again({ watch: ended.id, before: BEFORE, ended })).toBe(true);
  const back = (await first.store.read(ended.id))!.watch;
  expect(back).toMatchObject({ id: ended.id, announced: BEFORE, request: ended.request });
  expect(back.sending).toBeUndefined();
  expect(first.queue.size).toBe(1);

  const second = parts();
  await second.store.write(watchOf({ entry: 'entry-new', expiresAt: ended.expiresAt + 86_400_000 }), undefined);
  await second.redelivery.again({ watch: ended.id, before: BEFORE, ended });
  expect((await second.store.read(ended.id))!.watch.expiresAt).toBe(ended.expiresAt + 86_400_000);
});
