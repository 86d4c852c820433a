/**
 * A watch whose blob cannot be read (issue #23, 4) is set aside once, logged once, and its customer is
 * told once, in their language, the next time they ask about their notifications; meanwhile neither
 * its checks nor "My notifications" nor "Notify me" fail in that conversation. On Azurite.
 */
import { ContainerClient } from '@azure/storage-blob';
import { DEMO, startCheckpointsSimulator, startTrackingsSimulator, type Simulator } from '../../sandbox/simulators';
import { STORAGE_RETRY } from '../../src/storageRetry';
import { conversationKey } from '../../src/bot/conversationQueue';
import { MemoryWatchQueue, type Watch } from '../../src/watch';
import { BlobWatchStore } from '../../src/watch/azure/blobWatchStore';
import { conversationTag, watchId } from '../../src/watch/watchRecord';
import { configFor, startApp } from '../support/app';
import { azuriteForThisFile } from '../support/azuriteForThisFile';
import { startConnector, summarize, TestChannel, type Connector } from '../support/channel';
import { FakeClock } from '../support/fakeClock';
import { API_KEY, CREDENTIALS } from '../support/upstreams';

jest.setTimeout(30_000);
const emulator = azuriteForThisFile();
let fresh = 0;

function watchIn(conversation: string, identifier: string): Watch {
  const tag = conversationTag(conversation);
  const request = { kind: 'order_number' as const, identifier };
  return {
    id: watchId(tag, request),
    conversation: tag,
    reference: {},
    channel: 'webchat',
    locale: 'de-DE',
    request,
    shown: identifier,
    announced: {},
    entry: 'e1',
    startedAt: 1,
    expiresAt: 2,
  };
}

test('the store: an unreadable watch is moved aside once, its conversation lists the others, and is told of it once', async () => {
  const name = `unreadable-${++fresh}`;
  const store = new BlobWatchStore(emulator().connectionString, name, { retryOptions: STORAGE_RETRY });
  const good = watchIn('conv-1', 'ORD-1001');
  const broken = watchIn('conv-1', 'ORD-1002');
  await store.write(good, undefined);
  const container = new ContainerClient(emulator().connectionString, name);
  await container
    .getBlockBlobClient(`watches/${broken.conversation}/${broken.id}.json`)
    .upload('{"id": "half a wat', 18);

  expect(await store.read(broken.id)).toBeUndefined();
  expect(await store.read(broken.id)).toBeUndefined();
  expect(await store.ofConversation(good.conversation)).toEqual([good]);
  expect(await store.setAside(good.conversation)).toBe(1);
  expect(await store.setAside(good.conversation)).toBe(0);
  const names: string[] = [];
  for await (const blob of container.listBlobsFlat()) names.push(blob.name);
  // Kept for whoever wants to look at it, out of every listing of watches.
  expect(names.sort()).toEqual(
    [`watches/${good.conversation}/${good.id}.json`, `watches/${broken.conversation}/${broken.id}.unreadable`].sort(),
  );
});

describe('the customer', () => {
  let checkpoints: Simulator;
  let trackings: Simulator;
  let connector: Connector;
  beforeAll(async () => {
    [checkpoints, trackings, connector] = await Promise.all([
      startCheckpointsSimulator({ userId: CREDENTIALS.userId, token: CREDENTIALS.token }),
      startTrackingsSimulator({ apiKey: API_KEY }),
      startConnector(),
    ]);
  });
  afterAll(() => Promise.all([checkpoints?.close(), trackings?.close(), connector?.close()]));

  test('"My notifications" with an unreadable watch: told once, in German, and the conversation goes on; its check ends quietly', async () => {
    const clock = new FakeClock();
    const warned: string[] = [];
    const logger = {
      info() {},
      warn: (_: object, message?: string) => void warned.push(message ?? ''),
      error() {},
      debug() {},
      trace() {},
      child: () => logger,
    };
    const store = new BlobWatchStore(
      emulator().connectionString,
      `unreadable-${++fresh}`,
      { retryOptions: STORAGE_RETRY },
      logger,
    );
    const running = await startApp(
      configFor({ checkpoints, trackings }, { NOTIFY_INTERVAL_MS: '60000', ORDER_NUMBER_PATTERN: 'ORD-\\d{4}' }),
      {
        clock,
        watchStorage: { store, queue: new MemoryWatchQueue(clock), shared: true },
      },
    );
    const lines = running.logs;
    try {
      const customer = new TestChannel({
        botUrl: running.url,
        mode: 'normal',
        connector,
        locale: 'de-DE',
        channelId: 'webchat',
      });
      await customer.say(DEMO.checkpoints.moving);
      await customer.say('Benachrichtige mich');
      const [watch] = await running.app.updates.watches.list(
        conversationKey({ channelId: 'webchat', conversation: { id: customer.conversationId } as never }),
      );
      const container = new ContainerClient(
        emulator().connectionString,
        (store as unknown as { container: ContainerClient }).container.containerName,
      );
      await container.getBlockBlobClient(`watches/${watch.conversation}/${watch.id}.json`).upload('\u0000', 1);

      await clock.sleep(60_000);
      await running.app.updates.scheduler.runDue();
      await running.app.updates.scheduler.runDue();
      const first = summarize((await customer.say('Meine Benachrichtigungen')).replies);
      expect(first.join('\n')).toMatch(/konnte nicht mehr gelesen werden/);
      const second = summarize((await customer.say('Meine Benachrichtigungen')).replies);
      expect(second.join('\n')).not.toMatch(/konnte nicht mehr gelesen werden/);
      expect(second.join('\n')).toMatch(/keine Updates/);
      expect(lines.filter((line) => /watch check failed/.test(line))).toEqual([]);
      expect(warned.filter((line) => /could not be read/.test(line))).toHaveLength(1);
      expect(lines.filter((line) => /could not be read/.test(line))).toEqual([]);
    } finally {
      await running.close();
    }
  });
});
