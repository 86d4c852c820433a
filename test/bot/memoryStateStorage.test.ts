/**
 * State in memory is bounded, by count and by idle time, and otherwise behaves exactly as botbuilder's
 * MemoryStorage, which the concurrency of turns relies on: each rule below runs against both.
 */
import { MemoryStorage, type Storage, type StoreItem } from 'botbuilder';
import { MemoryStateStorage } from '../../src/bot/memoryStateStorage';
import { CREATE_ONLY, OptimisticStorage, StateConflictError } from '../../src/bot/optimisticStorage';
import { FakeClock } from '../support/fakeClock';

const MINUTE = 60_000;
const CONFLICT = /eTag conflict/i;

/** The items these tests write: a turn count, or a list to change behind the storage's back. */
interface Item {
  eTag?: string;
  turns?: number;
  list?: number[];
}

describe.each<[string, () => Storage]>([
  ["botbuilder's MemoryStorage", () => new MemoryStorage()],
  ['MemoryStateStorage', () => new MemoryStateStorage({ maxItems: 100, idleMs: 60 * MINUTE }, new FakeClock())],
])('as %s does', (_name, makeStorage) => {
  let storage: Storage;
  beforeEach(() => {
    storage = makeStorage();
  });
  const read = async (key: string) => (await storage.read([key]))[key] as Item;

  test('a key never written is absent from what is read', async () => {
    expect(await storage.read(['a', 'b'])).toEqual({});
  });

  test('every write gets a new eTag; a write on the stored eTag succeeds, on an older one fails as a conflict', async () => {
    await storage.write({ a: { turns: 1 } });
    const first = await read('a');
    expect(first).toEqual({ turns: 1, eTag: expect.any(String) as unknown });
    await storage.write({ a: { turns: 2, eTag: first.eTag } });
    const second = await read('a');
    expect(second.eTag).not.toBe(first.eTag);
    await expect(storage.write({ a: { turns: 3, eTag: first.eTag } })).rejects.toThrow(CONFLICT);
    expect(await read('a')).toEqual(second);
  });

  test('a write with "*" or no eTag overwrites whatever is stored', async () => {
    await storage.write({ a: { turns: 1 } });
    await storage.write({ a: { turns: 2, eTag: '*' } });
    await storage.write({ a: { turns: 3 } });
    expect(await read('a')).toMatchObject({ turns: 3 });
  });

  test('CREATE_ONLY creates an item that is absent, and is a conflict when it exists', async () => {
    await storage.write({ a: { turns: 1, eTag: CREATE_ONLY } });
    expect(await read('a')).toMatchObject({ turns: 1 });
    await expect(storage.write({ a: { turns: 2, eTag: CREATE_ONLY } })).rejects.toThrow(CONFLICT);
    expect(await read('a')).toMatchObject({ turns: 1 });
  });

  test('a write on an eTag of an item no longer stored succeeds (it starts afresh)', async () => {
    await storage.write({ a: { turns: 1 } });
    const { eTag } = await read('a');
    await storage.delete(['a']);
    expect(await read('a')).toBeUndefined();
    await storage.write({ a: { turns: 2, eTag } });
    expect(await read('a')).toMatchObject({ turns: 2 });
  });

  test('a conflict on one item fails the write; the other items are still written', async () => {
    await storage.write({ a: { turns: 1 }, b: { turns: 1 } });
    await expect(storage.write({ a: { turns: 2, eTag: 'stale' }, b: { turns: 2, eTag: '*' } })).rejects.toThrow(
      CONFLICT,
    );
    expect([(await read('a')).turns, (await read('b')).turns]).toEqual([1, 2]);
  });

  test('what is read or written is a copy: changing it later changes nothing stored', async () => {
    const written = { list: [1] };
    await storage.write({ a: written });
    written.list.push(2);
    (await read('a')).list?.push(3);
    expect((await read('a')).list).toEqual([1]);
  });

  test('behind OptimisticStorage, a lost race is a StateConflictError', async () => {
    const optimistic = new OptimisticStorage(storage);
    // Absent, it reads as a fresh item marked to be created; BotState fills it and writes that same object back.
    const mine = (await optimistic.read(['a'])).a as StoreItem;
    expect(mine).toEqual({});
    await storage.write({ a: { by: 'another instance' } });
    await expect(optimistic.write({ a: Object.assign(mine, { by: 'me' }) })).rejects.toBeInstanceOf(StateConflictError);
  });
});

describe('the bound', () => {
  test('past MEMORY_STATE_MAX_ITEMS, the item least recently read or written is forgotten', async () => {
    const storage = new MemoryStateStorage({ maxItems: 3, idleMs: 60 * MINUTE }, new FakeClock());
    await storage.write({ a: { n: 1 }, b: { n: 1 }, c: { n: 1 } });
    await storage.read(['a']);
    await storage.write({ d: { n: 1 } });
    expect(Object.keys(await storage.read(['a', 'b', 'c', 'd'])).sort()).toEqual(['a', 'c', 'd']);
    expect(storage.size).toBe(3);
  });

  test('an item nobody read or wrote for the idle time is forgotten; each read or write restarts that time', async () => {
    const clock = new FakeClock();
    const storage = new MemoryStateStorage({ maxItems: 100, idleMs: 60 * MINUTE }, clock);
    await storage.write({ read: { n: 1 }, written: { n: 1 }, idle: { n: 1 } });
    await clock.sleep(50 * MINUTE);
    await storage.read(['read']);
    await storage.write({ written: { n: 2 } });
    await clock.sleep(50 * MINUTE);
    expect(Object.keys(await storage.read(['read', 'written', 'idle'])).sort()).toEqual(['read', 'written']);
    await clock.sleep(60 * MINUTE + 1);
    expect(await storage.read(['read', 'written'])).toEqual({});
  });

  test('forgotten items free their memory within a minute even if nobody asks for them again', async () => {
    const clock = new FakeClock();
    const storage = new MemoryStateStorage({ maxItems: 100, idleMs: 10 * MINUTE }, clock);
    await storage.write({ a: { n: 1 }, b: { n: 1 }, c: { n: 1 } });
    await clock.sleep(11 * MINUTE);
    await storage.write({ d: { n: 1 } });
    expect(storage.size).toBe(1);
  });
});
