/**
 * Personal data on Azure blobs (Azurite): no phone number or id names anything stored, and `npm run erase`
 * deletes everything the bot keeps about one customer, from what a store knows of them (a phone number,
 * their shop customer id, a conversation id), and says how much of each kind, never which.
 */
import { ContainerClient } from '@azure/storage-blob';
import { spawnSync } from 'node:child_process';
import { BlobStateStorage } from '../../src/bot/blobStateStorage';
import { NamedStateStorage } from '../../src/bot/namedStateStorage';
import { DEMO, startCheckpointsSimulator, startTrackingsSimulator, type Simulator } from '../../sandbox/simulators';
import { main as erase } from '../../src/erase';
import { CustomerUserIds } from '../../src/customers/customerUserIds';
import { StorageNames } from '../../src/runtime/storageNames';
import { configFor, startApp, type RunningApp } from '../support/app';
import { azuriteForThisFile } from '../support/azuriteForThisFile';
import { summarize, TestChannel } from '../support/channel';
import { FakeClock } from '../support/fakeClock';
import { API_KEY, CREDENTIALS } from '../support/upstreams';

jest.setTimeout(60_000);
const emulator = azuriteForThisFile();
const SECRET = 'storage-key-SECRET-for-these-tests-0001';
const DIRECTLINE_SECRET = 'dl-SECRET-directline-0008-abcdef';
/** The key of signed-in customers' ids: `--customer` finds their `dl_` id with it, as sign-in does. */
const CUSTOMER_ID_SECRET = 'customer-ids-SECRET-0008-abcdef';
const PHONE = '+14155550100';
const OTHER_PHONE = '+14155550199';
const MOVING = DEMO.checkpoints.moving;

let checkpoints: Simulator;
let trackings: Simulator;
let running: RunningApp;
let env: Record<string, string>;
let fresh = 0;

beforeAll(async () => {
  [checkpoints, trackings] = await Promise.all([
    startCheckpointsSimulator({ userId: CREDENTIALS.userId, token: CREDENTIALS.token }),
    startTrackingsSimulator({ apiKey: API_KEY }),
  ]);
});
afterAll(() => Promise.all([checkpoints?.close(), trackings?.close()]));
beforeEach(async () => {
  fresh++;
  env = {
    STORAGE: 'blob',
    AZURE_STORAGE_CONNECTION_STRING: emulator().connectionString,
    AZURE_STORAGE_CONTAINER: `erase-${fresh}`,
    AZURE_STORAGE_QUEUE: `erase-${fresh}`,
    STORAGE_KEY_SECRET: SECRET,
    DIRECTLINE_SECRET,
    CUSTOMER_ID_SECRET,
    WEBCHAT_ALLOWED_ORIGINS: 'https://shop.example',
    HANDOFF: 'botframework',
    ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
  };
  running = await startApp(configFor({ checkpoints, trackings }, env), { clock: new FakeClock() });
});
afterEach(() => running.close());

const container = () => new ContainerClient(emulator().connectionString, env.AZURE_STORAGE_CONTAINER);
async function blobNames(): Promise<string[]> {
  const names: string[] = [];
  if (!(await container().exists())) return names;
  for await (const blob of container().listBlobsFlat()) names.push(blob.name);
  return names.sort();
}
async function blobTexts(): Promise<string> {
  const texts = await Promise.all(
    (await blobNames()).map(async (name) =>
      (await container().getBlobClient(name).downloadToBuffer()).toString('utf8'),
    ),
  );
  return texts.join('\n');
}

/** A customer on a channel who looks the moving parcel up and asks to hear when it moves. */
async function watcher(channelId: string, userId: string, conversationId?: string): Promise<TestChannel> {
  const customer = new TestChannel({
    botUrl: running.url,
    mode: 'expectReplies',
    locale: 'en-US',
    channelId,
    userId,
    conversationId,
  });
  await customer.say(MOVING);
  expect(summarize((await customer.say('Notify me')).replies).join(' ')).toMatch(
    /I'll message you here when ORD-1014 moves/,
  );
  return customer;
}

/** Runs `npm run erase -- …args` in this process; its exit code and what it printed. */
async function runErase(
  args: string[],
  settings: Record<string, string> = env,
): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await erase(args, settings, (line) => lines.push(line));
  return { code, lines };
}

const count = (lines: string[], words: string) =>
  Number(
    lines
      .find((line) => line.endsWith(words))
      ?.trim()
      .split(' ')[0],
  );

test('no stored name holds a phone number or a conversation id: conversations., users. and watches/ with keyed hashes', async () => {
  await watcher('sms', PHONE, `${PHONE}-chat`);
  const names = await blobNames();
  expect(names.length).toBeGreaterThanOrEqual(3);
  for (const name of names) {
    expect(name).not.toMatch(/4155550100|chat/);
    expect(name).toMatch(
      /^(conversations\.[\w-]{22}|users\.[\w-]{22}|watches\/[\w-]{22}\/[\w-]{22}\.[\w-]{22}\.json)$/,
    );
  }
});

test("--phone: the customer's state, both their conversations (transcript included), their watch; nobody else's; counts only", async () => {
  const first = await watcher('sms', PHONE);
  await new TestChannel({
    botUrl: running.url,
    mode: 'expectReplies',
    locale: 'en-US',
    channelId: 'sms',
    userId: PHONE,
  }).say(DEMO.checkpoints.delivered);
  await watcher('sms', OTHER_PHONE);
  expect(await blobTexts()).toContain(first.conversationId);
  const before = await blobNames();

  const { code, lines } = await runErase(['--phone', '+1 (415) 555-0100']);
  expect(code).toBe(0);
  expect(count(lines, "conversations' state (transcripts included)")).toBe(2);
  expect(count(lines, "customers' state on a channel")).toBe(1);
  expect(count(lines, 'watches (Notify me)')).toBe(1);
  expect(count(lines, 'signed-in customer records')).toBe(0);
  expect(lines.join('\n')).not.toMatch(/4155550100|conv-/);

  const after = await blobNames();
  expect(before.length - after.length).toBe(4);
  const left = await blobTexts();
  expect(left).not.toContain(PHONE);
  expect(left).not.toContain(first.conversationId);
  expect(left).toContain(OTHER_PHONE);
  // Nothing left to erase the second time.
  expect(count((await runErase(['--phone', PHONE])).lines, "conversations' state (transcripts included)")).toBe(0);
});

test('--customer: the signed-in record (name, orders), their state and conversation on Direct Line', async () => {
  const userId = new CustomerUserIds(CUSTOMER_ID_SECRET).of('shop-customer-42');
  await running.app.customers.keep({
    userId,
    name: 'Alex Morgan',
    locale: 'en-US',
    orders: [{ orderNumber: 'ORD-1001' }] as never,
    expiresAt: running.clock.now() + 3_600_000,
  });
  await watcher('webchat', userId);
  expect(await blobTexts()).toContain('Alex Morgan');

  const { code, lines } = await runErase(['--customer', 'shop-customer-42']);
  expect(code).toBe(0);
  expect(count(lines, 'signed-in customer records')).toBe(1);
  expect(count(lines, "customers' state on a channel")).toBe(1);
  expect(count(lines, "conversations' state (transcripts included)")).toBe(1);
  expect(count(lines, 'watches (Notify me)')).toBe(1);
  expect(await blobNames()).toEqual([]);
});

test('--conversation: its state and its watches, set-aside ones too, on whichever channel it was', async () => {
  const customer = await watcher('msteams', '29:someone');
  const tag = StorageNames.fromSecret(SECRET).conversation(`msteams\u0000${customer.conversationId}`);
  await container().getBlockBlobClient(`watches/${tag}/${tag}.abc.unreadable`).upload('{"half', 6);

  const { code, lines } = await runErase(['--conversation', customer.conversationId]);
  expect(code).toBe(0);
  expect(count(lines, "conversations' state (transcripts included)")).toBe(1);
  expect(count(lines, 'watches (Notify me)')).toBe(1);
  expect(count(lines, 'watches set aside as unreadable')).toBe(1);
  // The customer's own state (their limits) is not named by a conversation id.
  expect((await blobNames()).every((name) => name.startsWith('users.'))).toBe(true);
});

test("a customer's state names a conversation again each day it goes on, so it outlives the conversation's own retention", async () => {
  const userKey = `sms/users/${PHONE}/`;
  const state = new NamedStateStorage(
    new BlobStateStorage(emulator().connectionString, env.AZURE_STORAGE_CONTAINER, {}),
    StorageNames.fromSecret(SECRET),
  );
  const recorded = async () =>
    Object.values(
      ((await state.read([userKey]))[userKey] as { conversations?: Record<string, number> } | undefined)
        ?.conversations ?? {},
    );
  const customer = new TestChannel({
    botUrl: running.url,
    mode: 'expectReplies',
    locale: 'en-US',
    channelId: 'sms',
    userId: PHONE,
  });
  await customer.say('hi');
  const first = running.clock.now();
  expect(await recorded()).toEqual([first]);
  await running.clock.sleep(3_600_000);
  await customer.say('hi');
  expect(await recorded()).toEqual([first]);
  await running.clock.sleep(3 * 86_400_000);
  await customer.say('hi');
  expect(await recorded()).toEqual([running.clock.now()]);
  // A conversation older than RETENTION_DAYS and a day is dropped from the record when another is named.
  await running.clock.sleep(9 * 86_400_000);
  await new TestChannel({
    botUrl: running.url,
    mode: 'expectReplies',
    locale: 'en-US',
    channelId: 'sms',
    userId: PHONE,
  }).say('hi');
  expect(await recorded()).toEqual([running.clock.now()]);
});

test('the command itself: node dist/src/erase.js refuses memory storage with exit 2, and its words', () => {
  const child = spawnSync(process.execPath, ['dist/src/erase.js', '--phone', PHONE], {
    env: { PATH: process.env.PATH, STORAGE: 'memory' },
    encoding: 'utf8',
  });
  expect(child.status).toBe(2);
  expect(child.stdout).toMatch(/erase works on the storage the service shares, STORAGE=blob/);
  expect(child.stdout + child.stderr).not.toContain('4155550100');
});

test('refusals: memory storage, nothing or two things named, a phone that is no number; exit 2 and words that say why', async () => {
  const memory = await runErase(['--phone', PHONE], { STORAGE: 'memory' });
  expect(memory.code).toBe(2);
  expect(memory.lines.join(' ')).toMatch(/STORAGE=blob.*gone when the service restarts/);
  expect((await runErase([])).lines.join(' ')).toMatch(/exactly one of --customer, --phone or --conversation/);
  expect((await runErase(['--phone', PHONE, '--conversation', 'c'])).code).toBe(2);
  const notANumber = await runErase(['--phone', 'call me']);
  expect(notANumber.code).toBe(2);
  expect(notANumber.lines.join(' ')).toMatch(/--phone takes a phone number/);
  const noKey = await runErase(['--phone', PHONE], { ...env, STORAGE_KEY_SECRET: '' });
  expect(noKey.code).toBe(2);
  expect(noKey.lines.join(' ')).toMatch(/STORAGE_KEY_SECRET: is required when STORAGE is blob/);
});
