/**
 * Two instances of the service, as an operator runs them (`node dist/src/index.js`), on one Azurite
 * (blob and queue), with 100 conversations watching a parcel that moves. Every change reaches every
 * conversation, none is lost, and two instances checking the same watches announce each change once.
 * One instance dies in the middle of a change: its entries come back when their lease ends and the
 * other instance finishes the work. The only second message a death can cause is for an update that
 * instance had claimed and not yet recorded when it died, and that the channel already had.
 *
 * Every process runs on the test's clock (test/support/movableClock.ts): checks are due every 10
 * minutes and leases last 17 s, yet nothing waits for them; the test moves time when the instances
 * are idle, and all that is due runs at once. The dying instance is first frozen (SIGSTOP), which to
 * the channel and the storage is the same as dying; while it is frozen the other finishes all it can,
 * and the frozen one's claims are then read from the store, exactly. Then it is killed (SIGKILL). Last,
 * one more check of every watch with the parcel unchanged sends nothing.
 */
import { QueueClient } from '@azure/storage-queue';
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
import { MovableClock } from '../support/movableClock';
import { startService, stopAllServices, type ServiceProcess } from '../support/serviceProcess';
import { clientsFor, CREDENTIALS } from '../support/upstreams';

jest.setTimeout(120_000);

/** Enough for both instances to share each change, and for one to die with a third of it out and more queued behind. */
const CONVERSATIONS = 100;
const MINUTE = 60_000;
/** NOTIFY_INTERVAL_MS: nothing comes due between the test's moves of the clock. */
const INTERVAL_MS = 10 * MINUTE;
/** Longer than a check's lease (UPSTREAM_DEADLINE_MS + 15 s, src/app.ts), shorter than the interval. */
const PAST_A_LEASE_MS = MINUTE;
/** Checks one instance runs at once (CHECKS_AT_ONCE, src/app.ts): more updates than this in the channel's hands means both instances have some. */
const CHECKS_AT_ONCE = 8;
const MOVING = DEMO.checkpoints.moving;
/** What each step of the moving parcel announces, in order (see sandbox/simulators/demoData). */
const NEWS = ['News on ORD-1014: Dispatched.', 'News on ORD-1014: In transit.', 'News on ORD-1014: Out for delivery.'];
const CONTAINER = 'conversation-state';
/** How long the channel takes to answer a message it has taken: the window in which a death repeats an update. */
const CHANNEL_ACCEPT_MS = Number(process.env.CHANNEL_ACCEPT_MS ?? 300);
const QUEUE = 'tracking-watch';

let parcelTime = Date.now();
const clock = new MovableClock();
let azurite: Azurite;
let checkpoints: Simulator;
let connector: Connector;
const services: ServiceProcess[] = [];

beforeAll(async () => {
  [azurite, checkpoints, connector] = await Promise.all([
    startAzurite({ env: clock.env({ timers: false }) }),
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

async function until(condition: () => boolean | Promise<boolean>, withinMs: number, what: string): Promise<void> {
  const giveUp = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > giveUp) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('watches on two instances: every change announced to every conversation once, none lost when one instance dies', async () => {
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
    NOTIFY_INTERVAL_MS: String(INTERVAL_MS),
    NOTIFY_MAX_CHECKS_PER_SECOND: '1000',
    NOTIFY_MAX_PER_CONVERSATION: '5',
    // Every check asks the upstream (no reuse), and a check's lease is short: 2 s of lookup plus 15 s.
    LOOKUP_CACHE_TTL_MS: '0',
    UPSTREAM_DEADLINE_MS: '2000',
    UPSTREAM_ATTEMPT_TIMEOUT_MS: '1000',
    MicrosoftAppId: '',
    ...clock.env({ timers: true }),
  };

  // The conversations each ask for updates on the parcel, as "Notify me" does, while it waits at its first step.
  const config = loadConfig(env);
  const store = new BlobWatchStore(azurite.connectionString, CONTAINER, { retryOptions: STORAGE_RETRY });
  const queue = new AzureWatchQueue(azurite.connectionString, QUEUE, { retryOptions: STORAGE_RETRY });
  const finder = new ShipmentLookup({
    checkpoints: { client: clientsFor({ checkpoints, trackings: checkpoints }).checkpoints, credentials: CREDENTIALS },
  });
  const watches = new Watches(store, queue, finder, new Translator('en'), clock, { ...config.notify });
  const ids = Array.from({ length: CONVERSATIONS }, (_, i) => `conv-${String(i).padStart(4, '0')}`);
  for (let i = 0; i < ids.length; i += 50) {
    await Promise.all(
      ids.slice(i, i + 50).map(async (id) => {
        const reference = {
          channelId: 'webchat',
          serviceUrl: connector.url,
          conversation: { id },
          bot: { id: 'bot', name: 'Order Tracking' },
          user: { id: `customer-${id}` },
          locale: 'en',
        };
        const started = await watches.start(
          { conversation: `webchat\u0000${id}`, reference, channel: 'webchat', locale: 'en' },
          [{ request: { kind: 'order_number', identifier: MOVING }, shown: MOVING }],
        );
        expect(started.started).toEqual([MOVING]);
      }),
    );
  }

  services.push(...(await Promise.all([startService(env), startService(env)])));
  const [, victim] = services;
  const alive = () => ({
    services: services
      .filter((service) => service.child.exitCode === null && service.child.signalCode === null)
      .map((service) => service.child.pid!),
    storage: azurite.pids,
  });
  const timer = new QueueClient(azurite.connectionString, QUEUE);
  const claimed = async () =>
    new Map(
      (await Promise.all(ids.map((id) => watches.list(`webchat\u0000${id}`))))
        .flat()
        .filter((watch) => watch.sending)
        .map((watch) => [watch.id, watch.sending!.until]),
    );
  /** Once the instances are done with the last one, the parcel takes its next step, and the next check of every watch comes due. */
  const nextStep = async () => {
    await settled(claimed, timer);
    parcelTime += MINUTE;
    await clock.advance(INTERVAL_MS, alive());
  };

  // Step 1: both instances share the work; nobody hears it twice.
  await nextStep();
  await until(() => reached(NEWS[0]) === CONVERSATIONS, 60_000, 'the first change to reach every conversation');

  // Step 2: one instance dies with a third of the announcements out, and updates of its own in the channel's hands.
  await nextStep();
  await until(
    () => reached(NEWS[1]) >= CONVERSATIONS / 3 && connector.unanswered() > CHECKS_AT_ONCE,
    60_000,
    'a third of the second change, and both instances sending',
  );
  victim.child.kill('SIGSTOP');
  // What the frozen instance had claimed and not recorded: the claims left once the survivor has done all it can.
  const inDoubt = await settled(claimed, timer);
  const hadIt = new Set([...tally()].filter(([, texts]) => texts.has(NEWS[1])).map(([conversation]) => conversation));
  victim.child.kill('SIGKILL');
  await victim.exited;
  // Its leases end: what it held comes back, and the survivor checks it.
  await clock.advance(PAST_A_LEASE_MS, alive());
  await until(
    () => reached(NEWS[1]) === CONVERSATIONS,
    60_000,
    'the second change to reach every conversation after the death',
  );
  // Step 3: the survivor alone.
  await nextStep();
  await until(() => reached(NEWS[2]) === CONVERSATIONS, 60_000, 'the third change to reach every conversation');

  // One more check of every watch, the parcel unchanged: nothing more is sent.
  await settled(claimed, timer);
  const [lookupsBefore, sentBefore] = [checkpoints.requests.length, connector.received.length];
  await clock.advance(INTERVAL_MS, alive());
  await until(() => checkpoints.requests.length >= lookupsBefore + CONVERSATIONS, 60_000, 'a check of every watch');
  await settled(claimed, timer);
  expect(connector.received.length).toBe(sentBefore);

  const seen = tally();
  expect(seen.size).toBe(CONVERSATIONS);
  const repeats = (text: string) => ids.filter((id) => (seen.get(id)?.get(text) ?? 0) > 1);
  expect(repeats(NEWS[0])).toEqual([]);
  expect(repeats(NEWS[2])).toEqual([]);
  // Repeated: exactly the updates the dead instance had claimed and the channel already had (at least one:
  // it died with some in the channel's hands); each of its other claims went out once.
  const conversationOfWatch = new Map(
    (await Promise.all(ids.map(async (id) => [(await watches.list(`webchat\u0000${id}`))[0]?.id, id] as const))).map(
      ([watch, id]) => [watch, id],
    ),
  );
  const claimedAndHad = [...inDoubt.keys()]
    .map((watch) => conversationOfWatch.get(watch)!)
    .filter((id) => hadIt.has(id))
    .sort();
  const repeated = repeats(NEWS[1]);
  expect(inDoubt.size).toBeLessThanOrEqual(CHECKS_AT_ONCE);
  expect(claimedAndHad.length).toBeGreaterThanOrEqual(1);
  expect(repeated).toEqual(claimedAndHad);
  for (const id of repeated) expect(seen.get(id)?.get(NEWS[1])).toBe(2);
  // Nothing but these updates reached the conversations.
  expect(new Set([...seen.values()].flatMap((texts) => [...texts.keys()]))).toEqual(new Set(NEWS));
  // Both instances did part of the work.
  for (const service of services) expect(service.output()).toContain('watch update sent');
  const lost = ids.filter((id) => NEWS.some((text) => !seen.get(id)?.has(text)));
  expect(lost).toEqual([]);
  process.stdout.write(
    `two instances, a channel that answers in ${CHANNEL_ACCEPT_MS} ms: ${connector.received.length} updates to ${CONVERSATIONS} conversations; lost: ${lost.length}; in doubt at the death: ${inDoubt.size}; repeated: ${repeated.length}\n`,
  );
});

/**
 * Waits until the instances still running have nothing left to do now: no entry visible in the queue,
 * no update in the channel's hands, no lookup or send since the last look, and the claims read twice
 * alike. Returns those claims (watch id → until).
 */
async function settled(claimed: () => Promise<Map<string, number>>, queue: QueueClient): Promise<Map<string, number>> {
  let result = new Map<string, number>();
  await until(
    async () => {
      const [lookups, sent] = [checkpoints.requests.length, connector.received.length];
      const visible = (await queue.peekMessages({ numberOfMessages: 1 })).peekedMessageItems.length;
      if (visible || connector.unanswered()) return false;
      const first = await claimed();
      result = await claimed();
      const same = first.size === result.size && [...first].every(([id, until]) => result.get(id) === until);
      return (
        same &&
        connector.unanswered() === 0 &&
        lookups === checkpoints.requests.length &&
        sent === connector.received.length
      );
    },
    30_000,
    'the instances to settle',
  );
  return result;
}
