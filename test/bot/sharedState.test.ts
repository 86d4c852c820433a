/**
 * Conversation state on Azure Blob storage (Azurite, on loopback): real service processes
 * (`node dist/src/index.js`, the composition root itself) share it, and one killed mid-dialog loses
 * nothing. The state a conversation keeps stays small and holds no order data.
 */
import { BlobsStorage } from 'botbuilder-azure-blobs';
import { DEMO } from '../../sandbox/simulators';
import { NamedStateStorage } from '../../src/bot/namedStateStorage';
import { StorageNames } from '../../src/runtime/storageNames';
import { startAzurite, type Azurite } from '../support/azurite';
import { summarize, TestChannel } from '../support/channel';
import { startService, stopAllServices, type ServiceProcess } from '../support/serviceProcess';
import { API_KEY, CREDENTIALS, useSimulators } from '../support/upstreams';

jest.setTimeout(120_000);
const CONTAINER = 'state-under-test';
const KEY_SECRET = 'storage-key-SECRET-for-tests-000000001';
const upstreams = useSimulators();
let azurite: Azurite;

// dist/ is built once for all tests by test/support/globalSetup.js.
beforeAll(async () => {
  azurite = await startAzurite();
});
afterAll(async () => {
  stopAllServices();
  await azurite?.stop();
});

/** One instance of the service, on the shared blob container. */
function startBot(): Promise<ServiceProcess> {
  return startService({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    STORAGE: 'blob',
    STORAGE_KEY_SECRET: KEY_SECRET,
    AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
    AZURE_STORAGE_CONTAINER: CONTAINER,
    CHECKPOINTS_BASE_URL: upstreams.checkpoints.url,
    CHECKPOINTS_USER_ID: CREDENTIALS.userId,
    CHECKPOINTS_TOKEN: CREDENTIALS.token,
    TRACKINGS_BASE_URL: upstreams.trackings.url,
    TRACKINGS_API_KEY: API_KEY,
  });
}

const chat = (botUrl: string, conversationId: string) =>
  new TestChannel({ botUrl, mode: 'expectReplies', locale: 'en-US', conversationId });

test('a conversation started on one process continues on another that shares the storage', async () => {
  const [a, b] = await Promise.all([startBot(), startBot()]);
  const conversationId = 'shared-1';
  expect(summarize((await chat(a.url, conversationId).say('hi')).replies)).toEqual([
    'Hi! What would you like to track?',
  ]);
  expect(summarize((await chat(b.url, conversationId).say('Order ID')).replies)).toEqual([
    'Please type your order ID. It has 12 letters or digits.',
  ]);
  const { replies } = await chat(a.url, conversationId).say(DEMO.trackings.orderIds.multiShipment);
  expect(summarize(replies)).toEqual([
    `I found 3 shipments for ${DEMO.trackings.orderIds.multiShipment}:`,
    '(card)',
    '(card)',
    '(card)',
  ]);
  a.child.kill();
  b.child.kill();
});

test('a conversation mid-dialog when its process is killed continues after the restart', async () => {
  const first = await startBot();
  const conversationId = 'restart-1';
  await chat(first.url, conversationId).say('hi');
  expect(summarize((await chat(first.url, conversationId).say('Order number')).replies)).toEqual([
    'Please type your order number.',
  ]);
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));

  const second = await startBot();
  const { replies } = await chat(second.url, conversationId).say(DEMO.checkpoints.delivered);
  expect(summarize(replies)).toEqual([`Here is the shipment for ${DEMO.checkpoints.delivered}:`, '(card)']);
  second.child.kill();
});

test('the state a conversation keeps is small and holds no order data', async () => {
  const bot = await startBot();
  const conversationId = 'small-1';
  await chat(bot.url, conversationId).say(DEMO.trackings.orderIds.multiShipment);
  bot.child.kill();

  const key = `webchat/conversations/${conversationId}/`;
  const stored = await new NamedStateStorage(
    new BlobsStorage(azurite.connectionString, CONTAINER),
    StorageNames.fromSecret(KEY_SECRET),
  ).read([key]);
  const json = JSON.stringify(stored[key]);
  expect(json).toContain('dialogState');
  // Measured: about 1 KB. The cards' data (carriers, events, links) is never kept.
  expect(Buffer.byteLength(json)).toBeLessThan(4096);
  for (const orderData of ['FedEx', 'USPS', 'tracking_url', 'events', 'https://'])
    expect(json).not.toContain(orderData);
});

test('STORAGE=blob without a connection string refuses to start, naming the variable and printing no secret', async () => {
  const service = await startService(
    {
      NODE_ENV: 'test',
      STORAGE: 'blob',
      AZURE_STORAGE_CONNECTION_STRING: '',
      TRACKINGS_API_KEY: 'k-SECRET-9',
      TRACKINGS_BASE_URL: 'http://127.0.0.1:9',
    },
    { expectExit: true },
  );
  expect(await service.exited).toBe(1);
  expect(service.output()).toContain('AZURE_STORAGE_CONNECTION_STRING: is required when STORAGE is blob');
  expect(service.output()).not.toContain('k-SECRET-9');
});
