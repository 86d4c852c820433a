/** The messages that carried an update, found again from a failed status: once, and once for all the messages of one update. */
import { MemoryStateStorage } from '../../../src/bot/memoryStateStorage';
import { SentUpdates } from '../../../src/bot/whatsapp/sentUpdates';
import type { Watch } from '../../../src/watch';
import { StorageNames } from '../../../src/runtime/storageNames';
import { FakeClock } from '../../support/fakeClock';

const names = StorageNames.fromSecret('storage-SECRET-key-0003-abcdefghijklmnop');

function parts() {
  const clock = new FakeClock();
  const storage = new MemoryStateStorage({ maxItems: 100, idleMs: 30 * 86_400_000 }, clock);
  return { clock, storage, instance: () => new SentUpdates(storage, names, clock) };
}

test('an update sent as two messages, both reported failed (on two instances): found once', async () => {
  const { instance } = parts();
  await instance().record(['wamid.one', 'wamid.two'], { watch: 'tag.watch', before: { a: '1' } });
  expect(await instance().take('wamid.one')).toEqual({
    watch: 'tag.watch',
    before: { a: '1' },
    sentAt: expect.any(Number) as unknown,
  });
  expect(await instance().take('wamid.two')).toBeUndefined();
  expect(await instance().take('wamid.one')).toBeUndefined();
});

test('no record is named by the message id, which encodes the number; after 3 days it is gone', async () => {
  const { instance, storage, clock } = parts();
  await instance().record(['wamid.HBgN31612345678'], { watch: 'tag.watch', before: {} });
  const keys = [...(storage as unknown as { items: Map<string, unknown> }).items.keys()];
  expect(keys).toHaveLength(1);
  expect(keys[0]).not.toContain('31612345678');
  await clock.sleep(3 * 86_400_000 + 1);
  expect(await instance().take('wamid.HBgN31612345678')).toBeUndefined();
});

test("a watch's last update keeps the watch it ended, found with it; one recorded under another watch's id is not", async () => {
  const { instance } = parts();
  const ended = { id: 'tag.watch', conversation: 'tag', shown: 'ORD-1014' } as unknown as Watch;
  await instance().record(['wamid.last'], { watch: 'tag.watch', before: { a: '1' }, ended });
  expect(await instance().take('wamid.last')).toEqual({
    watch: 'tag.watch',
    before: { a: '1' },
    ended,
    sentAt: expect.any(Number) as unknown,
  });
  await instance().record(['wamid.odd'], { watch: 'tag.other', before: {}, ended });
  expect((await instance().take('wamid.odd'))?.ended).toBeUndefined();
});
