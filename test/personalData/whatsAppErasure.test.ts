/**
 * `npm run erase -- --phone <their WhatsApp number>` on Azure blobs (Azurite): a WhatsApp customer, known to the
 * bot only by keyed hashes of their number, is erased from the number as an operator pastes it (+31 6 1234 5678,
 * 0031…, 31612345678): their conversation and their state, their watch, their sealed contact, the records of the
 * updates sent to them; nobody else's. What is keyed per message id alone (the ids taken) cannot be found from the
 * number: it holds only a time, and ends after 7 days (retention.test.ts).
 */
import { ContainerClient } from '@azure/storage-blob';
import { createHmac } from 'node:crypto';
import {
  DEMO,
  startCheckpointsSimulator,
  startGraphApiSimulator,
  startTrackingsSimulator,
  SIM_PHONE_NUMBER_ID,
  type GraphApiSimulator,
  type Simulator,
} from '../../sandbox/simulators';
import { main as erase } from '../../src/erase';
import { WhatsAppCustomerIds } from '../../src/channels/whatsapp/customerIds';
import { StorageNames } from '../../src/runtime/storageNames';
import { BlobWatchStore } from '../../src/watch/azure/blobWatchStore';
import { MemoryWatchQueue } from '../../src/watch/memoryWatchQueue';
import { configFor, startApp, type RunningApp } from '../support/app';
import { azuriteForThisFile } from '../support/azuriteForThisFile';
import { FakeClock } from '../support/fakeClock';
import { API_KEY, CREDENTIALS } from '../support/upstreams';
import { whatsAppEnv } from '../support/whatsAppSettings';
import { webhookNotification } from '../channels/whatsapp/metaSide';

jest.setTimeout(60_000);
const emulator = azuriteForThisFile();
const MINUTE = 60_000;
const T0 = Date.parse('2026-11-22T09:00:20.000Z');
const SECRET = 'storage-key-SECRET-for-these-tests-0009';
const APP_SECRET = 'app-SECRET-whatsapp-0009';
/** Their numbers as WhatsApp gives them (`wa_id`): never in a log line, the command's words or a stored name. */
const DUTCH = '31612345678';
const ENGLISH = '447700900456';
const MOVING = DEMO.checkpoints.moving;

let parcelTime = T0;
let checkpoints: Simulator;
let trackings: Simulator;
let graph: GraphApiSimulator;
let clock: FakeClock;
let running: RunningApp;
let env: Record<string, string>;
let fresh = 0;
let sequence = 0;

beforeAll(async () => {
  [checkpoints, trackings, graph] = await Promise.all([
    startCheckpointsSimulator({ userId: CREDENTIALS.userId, token: CREDENTIALS.token, now: () => parcelTime }),
    startTrackingsSimulator({ apiKey: API_KEY }),
    startGraphApiSimulator({ now: () => clock.now() }),
  ]);
});
afterAll(() => Promise.all([checkpoints?.close(), trackings?.close(), graph?.close()]));
beforeEach(async () => {
  fresh++;
  parcelTime = T0;
  clock = new FakeClock(T0);
  graph.reset();
  env = {
    STORAGE: 'blob',
    AZURE_STORAGE_CONNECTION_STRING: emulator().connectionString,
    AZURE_STORAGE_CONTAINER: `wa-erase-${fresh}`,
    AZURE_STORAGE_QUEUE: `wa-erase-${fresh}`,
    STORAGE_KEY_SECRET: SECRET,
  };
  running = await startApp(
    configFor(
      { checkpoints, trackings },
      {
        ...env,
        ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
        NOTIFY_INTERVAL_MS: String(MINUTE),
        ...whatsAppEnv(graph, { appSecret: APP_SECRET, verifyToken: 'verify-SECRET-whatsapp-0009' }),
      },
    ),
    // The watches on blobs, as erase finds them; their timers on the test's clock (Azure's queue keeps real time).
    {
      clock,
      watchStorage: {
        store: new BlobWatchStore(env.AZURE_STORAGE_CONNECTION_STRING, env.AZURE_STORAGE_CONTAINER, {}),
        queue: new MemoryWatchQueue(clock),
        shared: true,
      },
    },
  );
});
afterEach(async () => {
  for (const line of running.logs) for (const number of [DUTCH, ENGLISH]) expect(line).not.toContain(number);
  await running.close();
});

/** The customer writes, as Meta delivers it (signed), and the bot works through it. */
async function write(from: string, body: string): Promise<void> {
  graph.customerWrote(from, clock.now());
  const notification = webhookNotification(SIM_PHONE_NUMBER_ID, {
    contacts: [{ profile: { name: 'Kerry Fisher' }, wa_id: from }],
    messages: [
      {
        from,
        id: `wamid.HBgN${from}FQIAEhgUM0E${++sequence}`,
        timestamp: String(Math.floor(clock.now() / 1000)),
        type: 'text',
        text: { body },
      },
    ],
  });
  const raw = JSON.stringify(notification);
  const signature = `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;
  expect((await running.post('/api/whatsapp', raw, { 'x-hub-signature-256': signature })).status).toBe(200);
  await running.app.whatsapp!.idle();
}

/** A customer looks the moving parcel up and asks for updates; the parcel moves and an update reaches each watcher. */
async function subscribe(...numbers: string[]): Promise<void> {
  for (const number of numbers) {
    await write(number, `where is ${MOVING}`);
    await write(number, 'Notify me');
    expect(JSON.stringify(graph.sent.filter((message) => message.to === number).at(-1))).toMatch(/ORD-1014/);
  }
  const before = graph.sent.length;
  parcelTime += MINUTE;
  await clock.sleep(MINUTE);
  await running.app.updates.scheduler.runDue();
  expect(new Set(graph.sent.slice(before).map((message) => message.to))).toEqual(new Set(numbers));
}

const container = () => new ContainerClient(emulator().connectionString, env.AZURE_STORAGE_CONTAINER);
async function blobs(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for await (const blob of container().listBlobsFlat())
    found.set(blob.name, (await container().getBlobClient(blob.name).downloadToBuffer()).toString('utf8'));
  return found;
}

/** The names of what the bot keeps of the customer behind this number, worked out from the number and the key as the bot does. */
async function recordsOf(number: string): Promise<string[]> {
  const names = StorageNames.fromSecret(SECRET);
  const customer = new WhatsAppCustomerIds(SECRET).of(number);
  const conversation = names.conversation(`whatsapp\u0000${customer}`);
  const all = await blobs();
  return [...all.keys()]
    .filter(
      (name) =>
        name === `conversations.${conversation}` ||
        name === `users.${names.user(`whatsapp\u0000${customer}`)}` ||
        name === `whatsapp-contact.${names.other(`whatsapp-contact\u0000${customer}`)}` ||
        name.startsWith(`watches/${conversation}/`) ||
        (name.startsWith('whatsapp-update.') &&
          (JSON.parse(all.get(name)!) as { watch: string }).watch.startsWith(`${conversation}.`)),
    )
    .sort();
}
const kind = (name: string) => name.replace(/[./].*$/, '');

async function runErase(args: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await erase(args, env, (line) => lines.push(line));
  return { code, lines };
}
const count = (lines: string[], words: string) =>
  Number(
    lines
      .find((line) => line.endsWith(words))
      ?.trim()
      .split(' ')[0],
  );

test("--phone with their WhatsApp number: their conversation, state, watch, sealed contact and the records of updates sent to them; nobody else's; counts only", async () => {
  await subscribe(DUTCH, ENGLISH);
  const theirs = await recordsOf(DUTCH);
  const others = await recordsOf(ENGLISH);
  // Everything a WhatsApp customer leaves is there to erase: each kind of record, for each of them.
  for (const records of [theirs, others])
    expect(new Set(records.map(kind))).toEqual(
      new Set(['conversations', 'users', 'watches', 'whatsapp-contact', 'whatsapp-update']),
    );
  const before = await blobs();

  const { code, lines } = await runErase(['--phone', '+31 6 1234 5678']);
  expect(code).toBe(0);
  expect(lines.join('\n')).not.toMatch(/612345678|wa_/);
  expect(count(lines, "conversations' state (transcripts included)")).toBe(1);
  expect(count(lines, "customers' state on a channel")).toBe(1);
  expect(count(lines, 'watches (Notify me)')).toBe(1);
  expect(count(lines, 'WhatsApp contacts (their number, sealed)')).toBe(1);
  expect(count(lines, 'records of WhatsApp updates sent')).toBe(
    theirs.filter((name) => kind(name) === 'whatsapp-update').length,
  );

  const after = await blobs();
  expect(await recordsOf(DUTCH)).toEqual([]);
  expect([...before.keys()].filter((name) => !after.has(name)).sort()).toEqual(theirs);
  expect(await recordsOf(ENGLISH)).toEqual(others);
  // What is left of them, the ids of their messages taken, is named by a keyed hash of a message id and holds a time alone.
  for (const [name, text] of after)
    if (!others.includes(name))
      expect([kind(name), Object.keys(JSON.parse(text) as object)]).toEqual(['whatsapp-seen', ['seenAt']]);
  // Nothing left to erase the second time.
  const again = await runErase(['--phone', DUTCH]);
  expect(count(again.lines, 'WhatsApp contacts (their number, sealed)')).toBe(0);
});

test.each(['31612345678', '+31612345678', '0031 6 12345678', '+31 (0)6-1234 5678', '+31 (0) 612 345 678'])(
  '--phone %s: the same WhatsApp customer, however the number is written',
  async (written) => {
    await write(DUTCH, 'hello');
    await write(ENGLISH, 'hello');
    expect((await recordsOf(DUTCH)).map(kind).sort()).toEqual(['conversations', 'users', 'whatsapp-contact']);
    const others = await recordsOf(ENGLISH);

    const { code, lines } = await runErase(['--phone', written]);
    expect(code).toBe(0);
    expect(count(lines, "conversations' state (transcripts included)")).toBe(1);
    expect(count(lines, 'WhatsApp contacts (their number, sealed)')).toBe(1);
    expect(await recordsOf(DUTCH)).toEqual([]);
    expect(await recordsOf(ENGLISH)).toEqual(others);
  },
);

test('a number without its country code is refused with words that say so, never echoed: erasing nobody must not look like success', async () => {
  await write(DUTCH, 'hello');
  for (const written of ['06 1234 5678', '0612345678']) {
    const { code, lines } = await runErase(['--phone', written]);
    expect(code).toBe(2);
    expect(lines.join(' ')).toMatch(/--phone takes a phone number.*country code/);
    expect(lines.join(' ')).not.toMatch(/1234|5678/);
  }
  expect((await recordsOf(DUTCH)).length).toBe(3);
});
