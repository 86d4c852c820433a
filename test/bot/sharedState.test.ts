/**
 * Conversation state on Azure Blob storage (Azurite, on loopback): real service processes
 * (`node dist/src/index.js`, the composition root itself) share it, and one killed mid-dialog loses
 * nothing. The state a conversation keeps stays small and holds no order data.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { BlobsStorage } from 'botbuilder-azure-blobs';
import { DEMO } from '../../sandbox/simulators';
import { startAzurite, freePort, type Azurite } from '../support/azurite';
import { summarize, TestChannel } from '../support/channel';
import { API_KEY, CREDENTIALS, useSimulators } from '../support/upstreams';

jest.setTimeout(120_000);
const CONTAINER = 'state-under-test';
const upstreams = useSimulators();
let azurite: Azurite;
const running: ChildProcess[] = [];

beforeAll(async () => {
  execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'pipe' });
  azurite = await startAzurite();
});
afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  await azurite?.stop();
});

/** One instance of the service, as an operator runs it. */
async function startBot(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/src/index.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      STORAGE: 'blob',
      AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
      AZURE_STORAGE_CONTAINER: CONTAINER,
      CHECKPOINTS_BASE_URL: upstreams.checkpoints.url,
      CHECKPOINTS_USER_ID: CREDENTIALS.userId,
      CHECKPOINTS_TOKEN: CREDENTIALS.token,
      TRACKINGS_BASE_URL: upstreams.trackings.url,
      TRACKINGS_API_KEY: API_KEY,
    },
    stdio: 'ignore',
  });
  running.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) return { url, child };
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the service did not start');
}

const chat = (botUrl: string, conversationId: string) => new TestChannel({ botUrl, mode: 'expectReplies', locale: 'en-US', conversationId });

test('a conversation started on one process continues on another that shares the storage', async () => {
  const [a, b] = await Promise.all([startBot(), startBot()]);
  const conversationId = 'shared-1';
  expect(summarize((await chat(a.url, conversationId).say('hi')).replies)).toEqual(['What would you like to track?']);
  expect(summarize((await chat(b.url, conversationId).say('Order ID')).replies)).toEqual(['Please type your order ID. It has 12 letters or digits.']);
  const { replies } = await chat(a.url, conversationId).say(DEMO.trackings.orderIds.multiShipment);
  expect(summarize(replies)).toEqual(['(typing)', `I found 3 shipments for ${DEMO.trackings.orderIds.multiShipment}:`, '(card)', '(card)', '(card)', 'Can I help with anything else?']);
  a.child.kill();
  b.child.kill();
});

test('a conversation mid-dialog when its process is killed continues after the restart', async () => {
  const first = await startBot();
  const conversationId = 'restart-1';
  await chat(first.url, conversationId).say('hi');
  expect(summarize((await chat(first.url, conversationId).say('Order number')).replies)).toEqual(['Please type your order number.']);
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));

  const second = await startBot();
  const { replies } = await chat(second.url, conversationId).say(DEMO.checkpoints.delivered);
  expect(summarize(replies)).toEqual(['(typing)', `Here is the shipment for ${DEMO.checkpoints.delivered}:`, '(card)', 'Can I help with anything else?']);
  second.child.kill();
});

test('the state a conversation keeps is small and holds no order data', async () => {
  const bot = await startBot();
  const conversationId = 'small-1';
  await chat(bot.url, conversationId).say(DEMO.trackings.orderIds.multiShipment);
  bot.child.kill();

  const key = `webchat/conversations/${conversationId}/`;
  const stored = await new BlobsStorage(azurite.connectionString, CONTAINER).read([key]);
  const json = JSON.stringify(stored[key]);
  expect(json).toContain('dialogState');
  // Measured: about 1 KB. The cards' data (carriers, events, links) is never kept.
  expect(Buffer.byteLength(json)).toBeLessThan(4096);
  for (const orderData of ['FedEx', 'USPS', 'tracking_url', 'events', 'https://']) expect(json).not.toContain(orderData);
});

test('STORAGE=blob without a connection string refuses to start, naming the variable and printing no secret', async () => {
  const child = spawn(process.execPath, ['dist/src/index.js'], { env: { ...process.env, STORAGE: 'blob', AZURE_STORAGE_CONNECTION_STRING: '', TRACKINGS_API_KEY: 'k-SECRET-9', TRACKINGS_BASE_URL: 'http://127.0.0.1:9' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect(code).toBe(1);
  expect(output).toContain('AZURE_STORAGE_CONNECTION_STRING: is required when STORAGE is blob');
  expect(output).not.toContain('k-SECRET-9');
});
