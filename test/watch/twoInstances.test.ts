/**
 * Two instances of the service, as an operator runs them (`node dist/src/index.js`), on one Azurite
 * (blob and queue), with 1,000 conversations watching a parcel that moves. Every change reaches every
 * conversation, none is lost, and two instances checking the same watches announce each change once.
 * One instance is killed with SIGKILL in the middle of a change: its entries come back when their lease
 * ends and the other instance finishes the work. The only second message a kill can cause is for an
 * update that instance had claimed and not yet recorded when it died (the channel may already have had
 * it): those are read from the store at the moment of the kill, and any repeat must be one of them.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { startCheckpointsSimulator, DEMO, type Simulator } from '../../sandbox/simulators';
import { loadConfig } from '../../src/config';
import { Translator } from '../../src/i18n';
import { ShipmentLookup } from '../../src/tracking/lookup';
import { STORAGE_RETRY } from '../../src/storageRetry';
import { Watches } from '../../src/watch';
import { AzureWatchQueue } from '../../src/watch/azure/azureWatchQueue';
import { BlobWatchStore } from '../../src/watch/azure/blobWatchStore';
import { startAzurite, type Azurite } from '../support/azurite';
import { startConnector, type Connector } from '../support/channel';
import { FakeClock } from '../support/fakeClock';
import { startService, stopAllServices, type ServiceProcess } from '../support/serviceProcess';
import { clientsFor, CREDENTIALS } from '../support/upstreams';

jest.setTimeout(240_000);

const CONVERSATIONS = 1_000;
const MINUTE = 60_000;
const MOVING = DEMO.checkpoints.moving;
/** What each step of the moving parcel announces, in order (see sandbox/simulators/demoData). */
const NEWS = ['News on ORD-1014: Dispatched.', 'News on ORD-1014: In transit.', 'News on ORD-1014: Out for delivery.'];
const CONTAINER = 'conversation-state';
/** How long the channel takes to answer a message it has taken: the window in which a kill repeats an update. */
const CHANNEL_ACCEPT_MS = Number(process.env.CHANNEL_ACCEPT_MS ?? 300);
const QUEUE = 'tracking-watch';

let parcelTime = Date.now();
let azurite: Azurite;
let checkpoints: Simulator;
let connector: Connector;
const services: ServiceProcess[] = [];

beforeAll(async () => {
  [azurite, checkpoints, connector] = await Promise.all([
    startAzurite(),
    startCheckpointsSimulator({ userId: CREDENTIALS.userId, token: CREDENTIALS.token, now: () => parcelTime }),
    startConnector({ acceptMs: CHANNEL_ACCEPT_MS }),
  ]);
});
afterAll(async () => {
  stopAllServices();
  await Promise.all(services.map((service) => service.exited));
  await Promise.all([azurite?.stop(), checkpoints?.close(), connector?.close()]);
});

const conversationOf = (path: string) => /\/v3\/conversations\/([^/]+)\/activities$/.exec(path)?.[1];

/** Per conversation, how many times each update text arrived. */
function tally(): Map<string, Map<string, number>> {
  const seen = new Map<string, Map<string, number>>();
  for (const { path, activity } of connector.received) {
    const conversation = conversationOf(path);
    if (!conversation || !activity.text) continue;
    const texts = seen.get(conversation) ?? new Map<string, number>();
    texts.set(activity.text, (texts.get(activity.text) ?? 0) + 1);
    seen.set(conversation, texts);
  }
  return seen;
}

const reached = (text: string) => [...tally().values()].filter((texts) => texts.has(text)).length;

async function until(condition: () => boolean, withinMs: number, what: string): Promise<void> {
  const giveUp = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > giveUp) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('1,000 watches on two instances: every change announced to every conversation once, none lost when one instance is killed', async () => {
  const env = {
    NODE_ENV: 'test',
    CHECKPOINTS_BASE_URL: checkpoints.url,
    CHECKPOINTS_USER_ID: CREDENTIALS.userId,
    CHECKPOINTS_TOKEN: CREDENTIALS.token,
    ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
    STORAGE: 'blob',
    STORAGE_KEY_SECRET: 'storage-key-SECRET-for-tests-000000001',
    AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
    AZURE_STORAGE_CONTAINER: CONTAINER,
    AZURE_STORAGE_QUEUE: QUEUE,
    NOTIFY_INTERVAL_MS: '1000',
    NOTIFY_MAX_CHECKS_PER_SECOND: '1000',
    NOTIFY_MAX_PER_CONVERSATION: '5',
    // Every check asks the upstream (no reuse), and a check's lease is short: 2 s of lookup plus 15 s.
    LOOKUP_CACHE_TTL_MS: '0',
    UPSTREAM_DEADLINE_MS: '2000',
    UPSTREAM_ATTEMPT_TIMEOUT_MS: '1000',
    MicrosoftAppId: '',
  };

  // 1,000 conversations each ask for updates on the parcel, as "Notify me" does, while it waits at its first step.
  const config = loadConfig(env);
  const store = new BlobWatchStore(azurite.connectionString, CONTAINER, { retryOptions: STORAGE_RETRY });
  const queue = new AzureWatchQueue(azurite.connectionString, QUEUE, { retryOptions: STORAGE_RETRY });
  const finder = new ShipmentLookup({ checkpoints: { client: clientsFor({ checkpoints, trackings: checkpoints }).checkpoints, credentials: CREDENTIALS } });
  const watches = new Watches(store, queue, finder, new Translator('en'), new FakeClock(Date.now()), { ...config.notify });
  const ids = Array.from({ length: CONVERSATIONS }, (_, i) => `conv-${String(i).padStart(4, '0')}`);
  for (let i = 0; i < ids.length; i += 50) {
    await Promise.all(
      ids.slice(i, i + 50).map(async (id) => {
        const reference = { channelId: 'webchat', serviceUrl: connector.url, conversation: { id }, bot: { id: 'bot', name: 'Order Tracking' }, user: { id: `customer-${id}` }, locale: 'en' };
        const started = await watches.start({ conversation: `webchat\u0000${id}`, reference, channel: 'webchat', locale: 'en' }, [{ request: { kind: 'order_number', identifier: MOVING }, shown: MOVING }]);
        expect(started.started).toEqual([MOVING]);
      }),
    );
  }

  services.push(await startService(env), await startService(env));
  const [survivor, victim] = services;

  // Step 1: both instances share the work; nobody hears it twice.
  parcelTime += MINUTE;
  await until(() => reached(NEWS[0]) === CONVERSATIONS, 90_000, 'the first change to reach every conversation');

  // Step 2: one instance dies with a third of the announcements out.
  parcelTime += MINUTE;
  await until(() => reached(NEWS[1]) >= CONVERSATIONS / 3, 60_000, 'a third of the second change');
  victim.child.kill('SIGKILL');
  await victim.exited;
  // What the dead instance had claimed and not recorded: claims that are still there seconds later (the survivor's own come and go within milliseconds).
  const claimed = async () => new Map((await Promise.all(ids.map((id) => watches.list(`webchat\u0000${id}`)))).flat().filter((watch) => watch.sending).map((watch) => [watch.id, watch.sending!.until]));
  const first = await claimed();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const second = await claimed();
  const inDoubt = new Set([...first].filter(([id, at]) => second.get(id) === at).map(([id]) => id));
  await until(() => reached(NEWS[1]) === CONVERSATIONS, 90_000, 'the second change to reach every conversation after the kill');

  // Step 3: the survivor alone.
  parcelTime += MINUTE;
  await until(() => reached(NEWS[2]) === CONVERSATIONS, 90_000, 'the third change to reach every conversation');
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  const seen = tally();
  expect(seen.size).toBe(CONVERSATIONS);
  const repeats = (text: string) => ids.filter((id) => (seen.get(id)?.get(text) ?? 0) > 1);
  expect(repeats(NEWS[0])).toEqual([]);
  expect(repeats(NEWS[2])).toEqual([]);
  // At most what the dead instance had in flight, and only updates it had claimed.
  const watchOf = new Map((await Promise.all(ids.map(async (id) => [id, (await watches.list(`webchat\u0000${id}`))[0]?.id] as const))).map(([id, watch]) => [id, watch]));
  const repeated = repeats(NEWS[1]);
  expect(inDoubt.size).toBeLessThanOrEqual(8);
  for (const id of repeated) expect(inDoubt).toContain(watchOf.get(id));
  // Nothing but these updates reached the conversations.
  expect(new Set([...seen.values()].flatMap((texts) => [...texts.keys()]))).toEqual(new Set(NEWS));
  // Both instances did part of the work.
  for (const service of services) expect(service.output()).toContain('watch update sent');
  const lost = ids.filter((id) => NEWS.some((text) => !seen.get(id)?.has(text)));
  expect(lost).toEqual([]);
  process.stdout.write(`two instances, a channel that answers in ${CHANNEL_ACCEPT_MS} ms: ${connector.received.length} updates to ${CONVERSATIONS} conversations; lost: ${lost.length}; in doubt at the kill: ${inDoubt.size}; repeated: ${repeated.length}\n`);
});
