/**
 * Every kind of record ends, and the service ends it itself: the retention sweep deletes each kind its
 * time after its last write, leaves alone what is younger and what is not ours; the poison queue keeps a
 * message a week, not for ever. And an upgrade loses nothing: a conversation mid-dialog and a watch,
 * stored under the names from before names were keyed, are found, and move to keyed names. On Azurite.
 */
import { ContainerClient } from '@azure/storage-blob';
import { QueueClient } from '@azure/storage-queue';
import { MemoryStorage, type StoreItem, type StoreItems } from 'botbuilder';
import { DEMO, startCheckpointsSimulator, startTrackingsSimulator, type Simulator } from '../../sandbox/simulators';
import { BlobStateStorage } from '../../src/bot/blobStateStorage';
import { silentLogger } from '../../src/runtime/logger';
import { readFileSync } from 'node:fs';
import { BlobRetention, kindOf, lifetimes } from '../../src/personalData/retention';
import { STATE_PREFIXES } from '../../src/bot/namedStateStorage';
import { KNOWN_CHANNELS } from '../../src/channels/profile';
import { STORAGE_RETRY } from '../../src/storageRetry';
import { AzureWatchQueue } from '../../src/watch/azure/azureWatchQueue';
import { BlobWatchStore, WATCH_PREFIX } from '../../src/watch/azure/blobWatchStore';
import { conversationTag, watchId, type Watch } from '../../src/watch/watchRecord';
import { configFor, startApp } from '../support/app';
import { azuriteForThisFile } from '../support/azuriteForThisFile';
import { summarize, TestChannel } from '../support/channel';
import { FakeClock } from '../support/fakeClock';
import { API_KEY, CREDENTIALS } from '../support/upstreams';

jest.setTimeout(60_000);
const emulator = azuriteForThisFile();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let fresh = 0;

describe('retention', () => {
  const BLOBS: Record<string, string> = {
    'conversations.AAAAAAAAAAAAAAAAAAAAAA': 'conversations',
    'webchat%2Fconversations%2Fold-1': 'conversations',
    'users.AAAAAAAAAAAAAAAAAAAAAA': 'customers',
    'sms%2Fusers%2F%2B14155550100': 'customers',
    'customers.AAAAAAAAAAAAAAAAAAAAAA': 'signedIn',
    'signed-in-customers%2Fdl_x': 'signedIn',
    'watches/AAAAAAAAAAAAAAAAAAAAAA/AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB.json': 'watches',
    'watches/AAAAAAAAAAAAAAAAAAAAAA/AAAAAAAAAAAAAAAAAAAAAA.CCCCCCCCCCCCCCCCCCCCCC.unreadable': 'watches',
    'whatsapp-contact.AAAAAAAAAAAAAAAAAAAAAA': 'whatsappContacts',
    'whatsapp-update.AAAAAAAAAAAAAAAAAAAAAA': 'whatsappContacts',
    'whatsapp-seen.AAAAAAAAAAAAAAAAAAAAAA': 'whatsappSeen',
    'not-ours.txt': 'none',
  };

  async function filled(): Promise<ContainerClient> {
    const container = new ContainerClient(emulator().connectionString, `retention-${++fresh}`);
    await container.create();
    for (const name of Object.keys(BLOBS)) await container.getBlockBlobClient(name).upload('{}', 2);
    return container;
  }
  async function left(container: ContainerClient): Promise<string[]> {
    const names: string[] = [];
    for await (const blob of container.listBlobsFlat()) names.push(blob.name);
    return names.sort();
  }
  const settings = { retentionDays: 7, notifyForDays: 14 };
  const sweepAt = (container: ContainerClient, at: number) =>
    new BlobRetention(
      emulator().connectionString,
      container.containerName,
      { retryOptions: STORAGE_RETRY },
      settings,
      new FakeClock(at),
      silentLogger,
    ).sweep();
  const ofKinds = (...kinds: string[]) =>
    Object.keys(BLOBS)
      .filter((name) => !kinds.includes(BLOBS[name]))
      .sort();

  test('each kind ends its own time after its last write, the former names too; what is not ours stays', async () => {
    const container = await filled();
    const now = Date.now();
    expect(await sweepAt(container, now + HOUR)).toEqual({
      conversations: 0,
      customers: 0,
      signedIn: 0,
      watches: 0,
      whatsappContacts: 0,
      whatsappSeen: 0,
    });
    expect(await sweepAt(container, now + 3 * HOUR)).toEqual({
      conversations: 0,
      customers: 0,
      signedIn: 2,
      watches: 0,
      whatsappContacts: 0,
      whatsappSeen: 0,
    });
    expect(await sweepAt(container, now + 6 * DAY)).toEqual({
      conversations: 0,
      customers: 0,
      signedIn: 0,
      watches: 0,
      whatsappContacts: 0,
      whatsappSeen: 0,
    });
    // A WhatsApp message id taken ends with the 7 days Meta may re-deliver it for, not on the storage account's rule alone.
    expect(await sweepAt(container, now + 7 * DAY + HOUR)).toEqual({
      conversations: 2,
      customers: 0,
      signedIn: 0,
      watches: 0,
      whatsappContacts: 0,
      whatsappSeen: 1,
    });
    expect(await left(container)).toEqual(ofKinds('signedIn', 'conversations', 'whatsappSeen'));
    expect(await sweepAt(container, now + 15 * DAY + HOUR)).toEqual({
      conversations: 0,
      customers: 2,
      signedIn: 0,
      watches: 2,
      whatsappContacts: 2,
      whatsappSeen: 0,
    });
    expect(await left(container)).toEqual(['not-ours.txt']);
  });

  test("the times: a customer's state outlives their conversations and watches; a watch outlives its NOTIFY_FOR_DAYS", () => {
    expect(lifetimes(settings)).toEqual({
      conversations: 7 * DAY,
      customers: 15 * DAY,
      signedIn: 2 * HOUR,
      watches: 15 * DAY,
      whatsappContacts: 15 * DAY,
      whatsappSeen: 7 * DAY,
    });
    expect(lifetimes({ retentionDays: 30, notifyForDays: 14 }).customers).toBe(31 * DAY);
  });

  test("the lifecycle rule docs/personal-data.md suggests covers every kind's names, and the former ones, no sooner than the service", () => {
    const text = readFileSync('docs/personal-data.md', 'utf8');
    const policy = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(text)![1]) as {
      rules: {
        definition: {
          filters: { prefixMatch: string[] };
          actions: { baseBlob: { delete: { daysAfterModificationGreaterThan: number } } };
        };
      }[];
    };
    const days = new Map(
      policy.rules.flatMap((rule) =>
        rule.definition.filters.prefixMatch.map(
          (prefix) =>
            [
              prefix.replace(/^conversation-state\//, ''),
              rule.definition.actions.baseBlob.delete.daysAfterModificationGreaterThan,
            ] as const,
        ),
      ),
    );
    const times = lifetimes(settings);
    const kinds: Record<string, number> = {
      [STATE_PREFIXES.conversation]: times.conversations,
      [STATE_PREFIXES.user]: times.customers,
      [STATE_PREFIXES.customer]: times.signedIn,
      [WATCH_PREFIX]: times.watches,
      'whatsapp-contact.': times.whatsappContacts,
      'whatsapp-update.': times.whatsappContacts,
      'whatsapp-seen.': times.whatsappSeen,
    };
    for (const channel of KNOWN_CHANNELS) kinds[`${channel}%2F`] = times.customers;
    kinds['signed-in-customers%2F'] = times.signedIn;
    for (const [prefix, lifetime] of Object.entries(kinds)) {
      expect([prefix, days.get(prefix)]).toEqual([prefix, expect.any(Number)]);
      // Whole days, never before the service itself would end it; the conversations' rule is RETENTION_DAYS exactly.
      expect(days.get(prefix)! * DAY).toBeGreaterThanOrEqual(lifetime);
    }
    expect(days.get(STATE_PREFIXES.conversation)).toBe(settings.retentionDays);
    expect(kindOf(`${STATE_PREFIXES.other}x`)).toBeUndefined();
  });

  test('the service starts the sweep itself, at once and then hourly, and it stops', async () => {
    const container = await filled();
    const clock = new FakeClock(Date.now() + 30 * DAY);
    const retention = new BlobRetention(
      emulator().connectionString,
      container.containerName,
      { retryOptions: STORAGE_RETRY },
      settings,
      clock,
      silentLogger,
    );
    retention.start();
    for (let i = 0; i < 50 && (await left(container)).length > 1; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await retention.stop();
    expect(await left(container)).toEqual(['not-ours.txt']);
  });

  test('a poison message is kept a week, not for ever', async () => {
    const name = `retention-queue-${++fresh}`;
    const queue = new AzureWatchQueue(
      emulator().connectionString,
      name,
      { retryOptions: STORAGE_RETRY },
      { poisonAfter: 1 },
    );
    await queue.add('w1', 'e1', 0);
    await queue.take(1, 1_000);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await queue.take(1, 1_000)).toEqual([]);
    const [message] = (await new QueueClient(emulator().connectionString, `${name}-poison`).peekMessages())
      .peekedMessageItems;
    expect(message.expiresOn.getTime() - message.insertedOn.getTime()).toBe(7 * DAY);
  });
});

describe('an upgrade loses nothing', () => {
  let checkpoints: Simulator;
  let trackings: Simulator;
  beforeAll(async () => {
    [checkpoints, trackings] = await Promise.all([
      startCheckpointsSimulator({ userId: CREDENTIALS.userId, token: CREDENTIALS.token }),
      startTrackingsSimulator({ apiKey: API_KEY }),
    ]);
  });
  afterAll(() => Promise.all([checkpoints?.close(), trackings?.close()]));

  test('a conversation mid-dialog, kept under its former key, goes on, and its state moves to a keyed name', async () => {
    // What a turn leaves, as the version before kept it: its items under botbuilder's own keys (as in memory still).
    const written: StoreItems = {};
    const memory = new MemoryStorage();
    const recording = {
      read: (keys: string[]) => memory.read(keys),
      delete: (keys: string[]) => memory.delete(keys),
      write: async (changes: StoreItems) => (Object.assign(written, changes), memory.write(changes)),
    };
    const before = await startApp(configFor({ checkpoints, trackings }, { LOG_LEVEL: 'warn' }), { storage: recording });
    const earlier = new TestChannel({
      botUrl: before.url,
      mode: 'expectReplies',
      locale: 'en-US',
      channelId: 'webchat',
      userId: 'customer-1',
      conversationId: 'upgraded-1',
    });
    expect(summarize((await earlier.say('Order number')).replies)).toEqual(['Please type your order number.']);
    await before.close();
    const conversation = written['webchat/conversations/upgraded-1/'] as StoreItem;
    expect(conversation).toBeDefined();
    const name = `upgrade-${++fresh}`;
    const raw = new BlobStateStorage(emulator().connectionString, name, {});
    const { eTag: _eTag, ...state } = conversation;
    await raw.write({ 'webchat/conversations/upgraded-1/': state });

    const env = {
      STORAGE: 'blob',
      AZURE_STORAGE_CONNECTION_STRING: emulator().connectionString,
      AZURE_STORAGE_CONTAINER: name,
      AZURE_STORAGE_QUEUE: name,
      STORAGE_KEY_SECRET: 'storage-key-SECRET-for-these-tests-0002',
    };
    const after = await startApp(configFor({ checkpoints, trackings }, env));
    try {
      const later = new TestChannel({
        botUrl: after.url,
        mode: 'expectReplies',
        locale: 'en-US',
        channelId: 'webchat',
        userId: 'customer-1',
        conversationId: 'upgraded-1',
      });
      expect(summarize((await later.say(DEMO.checkpoints.delivered)).replies)).toEqual([
        `Here is the shipment for ${DEMO.checkpoints.delivered}:`,
        '(card)',
      ]);
      const names: string[] = [];
      for await (const blob of new ContainerClient(emulator().connectionString, name).listBlobsFlat())
        names.push(blob.name);
      expect(names.some((each) => each.includes('upgraded-1'))).toBe(false);
      expect(names.filter((each) => each.startsWith('conversations.'))).toHaveLength(1);
    } finally {
      await after.close();
    }
  });

  test('a watch kept under its former tag is listed, renewed rather than doubled, and stopped', async () => {
    const name = `upgrade-${++fresh}`;
    const env = {
      STORAGE: 'blob',
      AZURE_STORAGE_CONNECTION_STRING: emulator().connectionString,
      AZURE_STORAGE_CONTAINER: name,
      AZURE_STORAGE_QUEUE: name,
      STORAGE_KEY_SECRET: 'storage-key-SECRET-for-these-tests-0002',
      ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
    };
    const running = await startApp(configFor({ checkpoints, trackings }, env));
    try {
      const customer = new TestChannel({
        botUrl: running.url,
        mode: 'expectReplies',
        locale: 'en-US',
        channelId: 'webchat',
        userId: 'customer-2',
      });
      const former = conversationTag(`webchat\u0000${customer.conversationId}`);
      const request = { kind: 'order_number' as const, identifier: DEMO.checkpoints.moving };
      const watch: Watch = {
        id: watchId(former, request),
        conversation: former,
        reference: {},
        channel: 'webchat',
        locale: 'en-US',
        request,
        shown: DEMO.checkpoints.moving,
        announced: {},
        entry: 'e1',
        startedAt: Date.now(),
        expiresAt: Date.now() + DAY,
      };
      await new BlobWatchStore(emulator().connectionString, name, { retryOptions: STORAGE_RETRY }).write(
        watch,
        undefined,
      );

      expect(summarize((await customer.say('My notifications')).replies).join(' ')).toMatch(/ORD-1014/);
      await customer.say(DEMO.checkpoints.moving);
      expect(summarize((await customer.say('Notify me')).replies).join(' ')).toMatch(/already|again|renew|still/i);
      const watches = await running.app.updates.watches.list(`webchat\u0000${customer.conversationId}`);
      expect(watches.map((each) => each.id)).toEqual([watch.id]);
      await customer.say('stop');
      expect(await running.app.updates.watches.list(`webchat\u0000${customer.conversationId}`)).toEqual([]);
    } finally {
      await running.close();
    }
  });
});
