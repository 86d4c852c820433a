/**
 * Messages of one conversation that arrive at once must not corrupt its state. Twelve lookups are sent
 * together (LOOKUP_LIMIT is 10): to one instance, and split across two instances sharing the storage,
 * in memory and on Azure Blob storage (Azurite). Whatever the interleaving, the conversation's state
 * must record exactly the lookups the customer was shown, never more than ten are shown, and every
 * message gets an answer. With last-writer-wins state, turns overwrite each other: more than ten are
 * shown and the state counts fewer. The burst opens a brand-new conversation, whose first writes have
 * no stored version to compare with, and once more on a conversation that exists. The same holds for
 * one customer's lookup counters when twelve new conversations of theirs look up at once: those turns
 * run side by side even in one process, and the first to create the record must not let the others
 * write over it.
 */
import { MemoryStorage, type Storage, type StoreItem, type StoreItems } from 'botbuilder';
import { DEMO } from '../../sandbox/simulators';
import { BlobStateStorage } from '../../src/bot/blobStateStorage';
import { MemoryStateStorage } from '../../src/bot/memoryStateStorage';
import type { WindowLimitState } from '../../dialogs/windowLimit';
import { configFor, startApp, type RunningApp } from '../support/app';
import { startAzurite, type Azurite } from '../support/azurite';
import { TestChannel } from '../support/channel';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
/** The eleventh lookup within ten minutes, all asked at once: the first leaves the window in ten minutes. */
const SLOW_DOWN =
  "You've asked about a lot of numbers in a short time, so I've paused lookups. Please try again in 10 minutes.";
const BUSY = 'Sorry, several of your messages reached me at once and I lost track of that one. Please send it again.';
/** Every answer opens with this. */
const FOUND = /^Here is the shipment for /;
const TN = DEMO.trackings.trackingNumbers;

let azurite: Azurite | undefined;
afterAll(() => azurite?.stop());

/** A stored conversation's or customer's record: the lookups it counts. */
interface Guarded {
  lookupGuard: WindowLimitState;
}

/** How twelve lookups sent at once were answered: shown, asked to wait, or asked to send it again. */
interface Burst {
  shown: number;
  slowed: number;
  busy: number;
}

/**
 * Twelve lookups sent at once, the i-th on `channelFor(i)`: each is answered (shown, asked to wait, or
 * asked to send it again), at most ten are shown, at least one (some turn always wins the stored state),
 * and nobody is asked to wait before ten were shown.
 */
async function twelveLookupsAtOnce(channelFor: (i: number) => TestChannel): Promise<Burst> {
  const numbers = [TN.inTransit, TN.pending, TN.delivered];
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      channelFor(i).say({ value: { input_type: 'tracking_number', identifier: numbers[i % numbers.length] } }),
    ),
  );
  const texts = answers.map(({ status, replies }) => {
    expect(status).toBe(200);
    return replies.map((r) => r.text).filter(Boolean);
  });
  const shown = texts.filter((t) => t.length === 1 && FOUND.test(t[0] ?? '')).length;
  const slowed = texts.filter((t) => t.length === 1 && t[0] === SLOW_DOWN).length;
  const busy = texts.filter((t) => t.length === 1 && t[0] === BUSY).length;
  expect(shown + slowed + busy).toBe(12);
  expect(shown).toBeLessThanOrEqual(10);
  expect(shown).toBeGreaterThanOrEqual(1);
  expect({ shown, slowedBeforeTenShown: slowed > 0 && shown < 10 }).toEqual({ shown, slowedBeforeTenShown: false });
  return { shown, slowed, busy };
}

/** One process runs a conversation's turns one at a time, so nothing is lost there: ten shown, the other two asked to wait. */
const ONE_AT_A_TIME: Burst = { shown: 10, slowed: 2, busy: 0 };
/** Two instances race for the stored state and a turn that keeps losing is asked to send again: only twelveLookupsAtOnce's bounds hold. */
const RACING: Burst = {
  shown: expect.any(Number) as number,
  slowed: expect.any(Number) as number,
  busy: expect.any(Number) as number,
};

const storages: Array<[string, number, Burst, () => Promise<Storage>]> = [
  [
    'one instance',
    1,
    ONE_AT_A_TIME,
    () => Promise.resolve(new MemoryStateStorage({ maxItems: 1_000, idleMs: 3_600_000 })),
  ],
  [
    'two instances sharing memory storage',
    2,
    RACING,
    () => Promise.resolve(new MemoryStateStorage({ maxItems: 1_000, idleMs: 3_600_000 })),
  ],
  [
    'two instances sharing Azure Blob storage',
    2,
    RACING,
    async () => {
      azurite ??= await startAzurite();
      return new BlobStateStorage(azurite.connectionString, `race-${Date.now()}`, {});
    },
  ],
];

describe.each(storages)('%s', (_name, instances, burst, makeStorage) => {
  let storage: Storage;
  let apps: RunningApp[] = [];
  beforeEach(async () => {
    storage = await makeStorage();
    const config = configFor(upstreams, { LOG_LEVEL: 'warn' });
    apps = await Promise.all(Array.from({ length: instances }, () => startApp(config, { storage })));
    // Each lookup takes a while upstream, so the turns overlap.
    upstreams.trackings.setLatency(40);
  });
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  test.each([
    // Nothing stored yet: the burst's first writes have no stored version to compare with.
    ['a brand-new conversation', [], false],
    ['a conversation that exists', ['hi'], true],
  ])(
    'twelve lookups at once opening %s: the state counts exactly the answers shown, at most ten, and each message is answered',
    async (_name, opening, stored) => {
      const conversationId = `race-${Math.random().toString(36).slice(2)}`;
      const key = `webchat/conversations/${conversationId}/`;
      const chats = apps.map(
        (app) => new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'en-US', conversationId }),
      );
      for (const said of opening)
        expect((await chats[0].say(said)).replies.map((r) => r.text)).toEqual(['Hi! What would you like to track?']);
      expect(key in (await storage.read([key]))).toBe(stored);
      const { shown, slowed, busy } = await twelveLookupsAtOnce((i) => chats[i % chats.length]);
      expect({ shown, slowed, busy }).toEqual(burst);

      const saved = (await storage.read([key]))[key] as Guarded;
      expect(saved.lookupGuard.recent).toHaveLength(shown);

      // And the conversation goes on from that state: the limit is reached, or nearly.
      const next = await chats[0].say({ value: { input_type: 'tracking_number', identifier: TN.inTransit } });
      expect(next.replies.map((r) => r.text).filter(Boolean)).toEqual([
        shown === 10 ? SLOW_DOWN : expect.stringMatching(FOUND),
      ]);
    },
  );

  test("twelve new conversations of one customer, a lookup each, at once: at most ten are shown, and the customer's record counts exactly those", async () => {
    const userId = `customer-${Math.random().toString(36).slice(2)}`;
    const { shown } = await twelveLookupsAtOnce(
      (i) => new TestChannel({ botUrl: apps[i % apps.length].url, mode: 'expectReplies', locale: 'en-US', userId }),
    );

    const key = `webchat/users/${userId}/`;
    expect(((await storage.read([key]))[key] as Guarded).lookupGuard.recent).toHaveLength(shown);
    const next = await new TestChannel({ botUrl: apps[0].url, mode: 'expectReplies', locale: 'en-US', userId }).say({
      value: { input_type: 'tracking_number', identifier: TN.inTransit },
    });
    expect(next.replies.map((r) => r.text).filter(Boolean)).toEqual([
      shown === 10 ? SLOW_DOWN : expect.stringMatching(FOUND),
    ]);
  });
});

describe('the same activity delivered to two instances', () => {
  let apps: RunningApp[] = [];
  beforeEach(async () => {
    const storage = new MemoryStorage();
    apps = await Promise.all([1, 2].map(() => startApp(configFor(upstreams, { LOG_LEVEL: 'warn' }), { storage })));
    upstreams.trackings.setLatency(40);
  });
  afterEach(() => Promise.all(apps.map((app) => app.close())));

  const chats = (conversationId: string) =>
    apps.map((app) => new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'en-US', conversationId }));
  const lookup = (id: string) => ({ id, value: { input_type: 'tracking_number', identifier: TN.inTransit } });

  test('at the same moment: answered once, at the cost of at most one extra upstream call (README: Duplicate deliveries)', async () => {
    const [a, b] = chats(`dup-${Math.random().toString(36).slice(2)}`);
    const answers = await Promise.all([a.say(lookup('retry-1')), b.say(lookup('retry-1'))]);
    expect(answers.map((answer) => answer.replies.filter((r) => r.text).length).sort()).toEqual([0, 1]);
    expect(upstreams.trackings.requests.length).toBeGreaterThanOrEqual(1);
    expect(upstreams.trackings.requests.length).toBeLessThanOrEqual(2);
  });

  test('re-sent after the first turn ended (Teams re-sends after 15 s), on the other instance: no reply and no upstream call', async () => {
    const [a, b] = chats(`dup-${Math.random().toString(36).slice(2)}`);
    expect((await a.say(lookup('resend-1'))).replies.filter((r) => r.text)).toHaveLength(1);
    const calls = upstreams.trackings.requests.length;
    expect((await b.say(lookup('resend-1'))).replies).toEqual([]);
    expect(upstreams.trackings.requests).toHaveLength(calls);
  });
});

/** Another instance that writes the conversation's state between every read and write of ours: we always lose. */
class AlwaysOvertaken extends MemoryStorage {
  override async write(changes: StoreItems): Promise<void> {
    for (const [key, item] of Object.entries(changes) as Array<[string, StoreItem | undefined]>) {
      // The other instance changes what is stored, not what we are about to write.
      const stored = (await super.read([key]))[key] as StoreItem | undefined;
      if (stored && item?.eTag && item.eTag !== '*')
        await super.write({ [key]: { ...stored, overtaken: true, eTag: '*' } });
    }
    return super.write(changes);
  }
}

test('a turn that keeps losing the race says "please send that again" in the customer\'s language, and keeps the state the winner wrote', async () => {
  const storage = new AlwaysOvertaken();
  const app = await startApp(configFor(upstreams, { LOG_LEVEL: 'warn' }), { storage });
  try {
    const customer = new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'de-DE' });
    // The first turn creates the state (nothing to compare yet); the second must be written on its eTag.
    await customer.say('Hallo');
    const { replies } = await customer.say('Bestellnummer');
    expect(replies.map((r) => r.text)).toEqual([
      'Entschuldigung, mehrere Ihrer Nachrichten kamen gleichzeitig an, und diese ist mir dabei durchgerutscht. Bitte senden Sie sie noch einmal.',
    ]);
    const key = `webchat/conversations/${customer.conversationId}/`;
    expect((await storage.read([key]))[key]).toMatchObject({
      overtaken: true,
      dialogState: expect.anything() as unknown,
    });
    expect(app.logs.filter((line) => line.includes('"turn failed"'))).toHaveLength(1);
  } finally {
    await app.close();
  }
});

/** Another conversation of the same customer looks a number up between our read and our write of the customer's record, once. */
class CustomerOvertakenOnce extends MemoryStorage {
  private overtaken = false;
  constructor(private readonly otherLookupAt: () => number) {
    super();
  }
  override async write(changes: StoreItems): Promise<void> {
    const key = Object.keys(changes).find((k) => k.includes('/users/'));
    if (key && !this.overtaken) {
      this.overtaken = true;
      const stored = ((await super.read([key]))[key] as StoreItem | undefined) ?? {};
      await super.write({
        [key]: { ...stored, lookupGuard: { recent: [this.otherLookupAt()], misses: 0 }, eTag: '*' },
      });
    }
    return super.write(changes);
  }
}

test("a lookup whose customer's record another conversation changed meanwhile runs again: answered once, counted once in each record", async () => {
  const storage = new CustomerOvertakenOnce(() => app.clock.now() - 1_000);
  const app = await startApp(configFor(upstreams, { LOG_LEVEL: 'info' }), { storage });
  try {
    const customer = new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'en-US', userId: 'two-tabs' });
    const { replies } = await customer.say({ value: { input_type: 'tracking_number', identifier: TN.inTransit } });
    expect(replies.map((r) => r.text).filter(Boolean)).toEqual([expect.stringMatching(FOUND)]);
    const userKey = 'webchat/users/two-tabs/';
    const conversationKey = `webchat/conversations/${customer.conversationId}/`;
    const saved = (await storage.read([userKey, conversationKey])) as Record<string, Guarded>;
    expect(saved[userKey].lookupGuard.recent).toHaveLength(2);
    expect(saved[conversationKey].lookupGuard.recent).toHaveLength(1);
    expect(
      app.logs.map((line) => JSON.parse(line) as { msg: string }).find((entry) => entry.msg === 'turn'),
    ).toMatchObject({
      attempts: 2,
      lookup: { outcome: 'found' },
    });
  } finally {
    await app.close();
  }
});
