/**
 * Notify me on WhatsApp, over real HTTP on loopback: a signed webhook sender plays the customer's phone, the Graph
 * API stand-in plays Meta (it refuses free-form messages 24 hours after the customer last wrote, and checks
 * templates), the interface simulators move the demo parcel on their own clock, and the bot's clock is injected.
 */
import { createHmac } from 'node:crypto';
import {
  DEMO,
  startCheckpointsSimulator,
  startGraphApiSimulator,
  startTrackingsSimulator,
  SIM_PHONE_NUMBER_ID,
  type GraphApiSimulator,
  type Simulator,
} from '../../../sandbox/simulators';
import { answerOf, configFor, startApp, type RunningApp } from '../../support/app';
import { FakeClock } from '../../support/fakeClock';
import { API_KEY, CREDENTIALS } from '../../support/upstreams';
import { MemoryStateStorage } from '../../../src/bot/memoryStateStorage';
import { MemoryWatchQueue } from '../../../src/watch/memoryWatchQueue';
import { MemoryWatchStore } from '../../../src/watch/memoryWatchStore';
import { loadConfig } from '../../../src/config';
import { parsePrometheus, valueOf } from '../../telemetry/prometheusText';
import { webhookNotification, type SendBody, type SentRecord } from './metaSide';
import { whatsAppEnv } from '../../support/whatsAppSettings';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.parse('2026-11-22T09:00:20.000Z');
const MOVING = DEMO.checkpoints.moving;
const APP_SECRET = 'app-SECRET-whatsapp-0001';
const VERIFY_TOKEN = 'verify-SECRET-whatsapp-0002';
const STORAGE_KEY_SECRET = 'storage-SECRET-key-0003-abcdefghijklmnop';
const METRICS_TOKEN = 'metrics-SECRET-token-0004';
/** Customers' numbers: never in a log line, a stored record's name or its bytes. */
const DUTCH = '31612345678';
const ENGLISH = '447700900456';
const FRENCH = '33612345678';
const GERMAN = '4915112345678';
const SPANISH = '34612345678';
const ITALIAN = '393123456789';

let parcelTime = T0;
let checkpoints: Simulator;
let trackings: Simulator;
let graph: GraphApiSimulator;
let clock: FakeClock;
const apps: RunningApp[] = [];

beforeAll(async () => {
  [checkpoints, trackings, graph] = await Promise.all([
    startCheckpointsSimulator({ userId: CREDENTIALS.userId, token: CREDENTIALS.token, now: () => parcelTime }),
    startTrackingsSimulator({ apiKey: API_KEY }),
    startGraphApiSimulator({ now: () => clock.now() }),
  ]);
});
afterAll(() => Promise.all([checkpoints.close(), trackings.close(), graph.close()]));
beforeEach(() => {
  parcelTime = T0;
  clock = new FakeClock(T0);
  graph.reset();
});
afterEach(async () => {
  for (const app of apps.splice(0)) {
    for (const line of app.logs)
      for (const phone of [DUTCH, ENGLISH, FRENCH, GERMAN, SPANISH, ITALIAN]) expect(line).not.toContain(phone);
    await app.close();
  }
});

const env = (more: Record<string, string> = {}) => ({
  ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
  NOTIFY_INTERVAL_MS: String(MINUTE),
  NOTIFY_FOR_DAYS: '14',
  ...whatsAppEnv(graph, { appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN }),
  WHATSAPP_UPDATE_TEMPLATE: 'order_update:en,de,fr,es,it,nl',
  METRICS_TOKEN,
  ...more,
});

async function start(
  more: Record<string, string> = {},
  parts: Parameters<typeof startApp>[1] = {},
): Promise<RunningApp> {
  const app = await startApp(configFor({ checkpoints, trackings }, env(more)), { clock, ...parts });
  apps.push(app);
  return app;
}

let sequence = 0;
const sign = (raw: string) => `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;

/** Posts a notification as Meta does, signed, and waits until the bot has worked through it. */
async function deliver(app: RunningApp, value: Record<string, unknown>): Promise<void> {
  const notification = webhookNotification(SIM_PHONE_NUMBER_ID, value);
  const raw = JSON.stringify(notification);
  expect((await app.post('/api/whatsapp', raw, { 'x-hub-signature-256': sign(raw) })).status).toBe(200);
  await app.app.whatsapp!.idle();
}

/** The customer writes, now by the bot's clock; their phone tells the stand-in too (it keeps the 24-hour window). */
async function write(app: RunningApp, from: string, body: string): Promise<void> {
  graph.customerWrote(from, clock.now());
  await deliver(app, {
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
}

/** A status callback for a message we sent. */
function status(
  app: RunningApp,
  id: string,
  state: string,
  to: string,
  errors?: Array<{ code: number }>,
): Promise<void> {
  return deliver(app, {
    statuses: [
      {
        id,
        status: state,
        timestamp: String(Math.floor(clock.now() / 1000)),
        recipient_id: to,
        ...(errors && { errors: errors.map((error) => ({ ...error, title: 'simulated' })) }),
      },
    ],
  });
}

/** Time passes for the bot (and, by `parcelMinutes`, for the parcel); then the due checks run. What the stand-in took meanwhile. */
async function timePasses(app: RunningApp, ms: number, parcelMinutes = 0): Promise<SentRecord[]> {
  const before = graph.sent.length;
  parcelTime += parcelMinutes * MINUTE;
  await clock.sleep(ms);
  await app.app.updates.scheduler.runDue();
  return graph.sent.slice(before);
}

/** What a message says: its text, an interactive message's body, a template's name, language and parameters. */
function said(message: SentRecord): string {
  if (message.type === 'text') return message.body.text!.body;
  if (message.type === 'interactive') return message.body.interactive!.body!.text;
  const { name, language, components } = message.body.template!;
  return `template ${name} ${language.code}: ${components![0].parameters.map((parameter) => parameter.text).join(' | ')}`;
}

const toCustomer = (to: string) => graph.sent.filter((message) => message.to === to);
const lastText = (to: string) => said(toCustomer(to).at(-1)!);

/** Looks the moving parcel up and asks for updates. */
async function subscribe(app: RunningApp, from: string, words: { lookup: string; notify: string }): Promise<string> {
  await write(app, from, words.lookup);
  await write(app, from, words.notify);
  return lastText(from);
}

const ENGLISH_WORDS = { lookup: `where is ${MOVING}`, notify: 'Notify me' };
const DUTCH_WORDS = { lookup: `waar is mijn bestelling ${MOVING}?`, notify: 'Houd me op de hoogte' };
/** The body of an English update's own choices, after its parcel's link button. */
const UPDATES_GO_ON = 'Updates on ORD-1014 keep coming here until you stop them.';
const FRENCH_WORDS = { lookup: `où est ma commande ${MOVING} ?`, notify: 'Me prévenir' };

/** What the phone shows, one line a message: its words and its buttons (a link button's label in brackets). */
function shown(message: SentRecord): string {
  const action = message.body.interactive?.action;
  const buttons = action?.parameters
    ? [`[${action.parameters.display_text}]`]
    : (action?.buttons ?? []).map((button) => `[${button.reply.title}]`);
  return [said(message), ...buttons].join(' ');
}

describe('an update reaches the phone', () => {
  test('inside the 24-hour window as a text message with its stop button; 25 hours after the last message as the template, in Dutch', async () => {
    const app = await start();
    const answer = await subscribe(app, DUTCH, DUTCH_WORDS);
    expect(answer).toMatch(/ORD-1014/);
    const first = await timePasses(app, MINUTE, 1);
    // The update under its parcel's link button, then its own choices (a message holds one kind of button).
    expect(first.map(said)).toEqual([
      expect.stringMatching(/ORD-1014/),
      'Je blijft hier updates over ORD-1014 krijgen tot je ze stopt.',
    ]);
    expect(first[0].type).not.toBe('template');
    const buttons = JSON.stringify(first.at(-1)!.body);
    expect(buttons).toMatch(/Stop/i);

    // A day passes with nothing new; then the parcel moves.
    expect(await timePasses(app, 25 * HOUR)).toEqual([]);
    const later = await timePasses(app, MINUTE, 1);
    expect(later.map((message) => message.type)).toEqual(['template']);
    expect(said(later[0])).toMatch(/^template order_update nl: ORD-1014 \| \S/);
  });

  test('the update is a turn of the conversation: its button pressed stops that watch, and no update follows', async () => {
    const app = await start();
    await subscribe(app, ENGLISH, ENGLISH_WORDS);
    // The update's choices come under it, after its link button.
    const update = (await timePasses(app, MINUTE, 1)).at(-1)!;
    const button = update.body.interactive!.action.buttons![0].reply;
    expect(button.title).toBe('Stop updates');
    graph.customerWrote(ENGLISH, clock.now());
    await deliver(app, {
      messages: [
        {
          from: ENGLISH,
          id: `wamid.HBgN${ENGLISH}FQIAEhgUM0E${++sequence}`,
          timestamp: String(Math.floor(clock.now() / 1000)),
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: button },
        },
      ],
    });
    expect(lastText(ENGLISH)).toBe('Done: no more updates about ORD-1014.');
    expect(await timePasses(app, MINUTE, 1)).toEqual([]);
  });

  test("without the customer's language among the approved ones: the first listed", async () => {
    const app = await start({ WHATSAPP_UPDATE_TEMPLATE: 'order_update:de,en' });
    await subscribe(app, DUTCH, DUTCH_WORDS);
    await timePasses(app, 25 * HOUR);
    const later = await timePasses(app, MINUTE, 1);
    expect(later.map(said)).toEqual([expect.stringMatching(/^template order_update de: ORD-1014 \| /)]);
  });

  test('a later message of the customer moves the window: 25 hours after subscribing, but 5 after they last wrote, the update is text', async () => {
    const app = await start();
    await subscribe(app, ENGLISH, ENGLISH_WORDS);
    await timePasses(app, 20 * HOUR);
    await write(app, ENGLISH, 'thanks');
    await timePasses(app, 5 * HOUR);
    const update = await timePasses(app, MINUTE, 1);
    expect(update.map((message) => message.type)).not.toContain('template');
    expect(update.map(said).join('\n')).toMatch(/News on ORD-1014/);
  });

  test('a photo opens the window as a message does: 25 hours after subscribing, 3 after the photo, the update is text', async () => {
    const app = await start();
    await subscribe(app, ENGLISH, ENGLISH_WORDS);
    await timePasses(app, 22 * HOUR);
    graph.customerWrote(ENGLISH, clock.now());
    await deliver(app, {
      messages: [
        {
          from: ENGLISH,
          id: `wamid.HBgN${ENGLISH}FQIAEhgUM0E${++sequence}`,
          timestamp: String(Math.floor(clock.now() / 1000)),
          type: 'image',
          image: { id: '1479537139650973', mime_type: 'image/jpeg' },
        },
      ],
    });
    await timePasses(app, 3 * HOUR);
    const update = await timePasses(app, MINUTE, 1);
    expect(update.map((message) => message.type)).not.toContain('template');
    expect(update.map(said).join('\n')).toMatch(/News on ORD-1014/);
  });

  test('a masked watch puts in the template only what a visitor may see: the order as typed and our status words', async () => {
    const app = await start({ ORDER_DETAILS: 'masked' });
    await subscribe(app, ENGLISH, ENGLISH_WORDS);
    await timePasses(app, 25 * HOUR);
    const [template] = await timePasses(app, MINUTE, 1);
    const parameters = template.body.template!.components![0].parameters.map((parameter) => parameter.text);
    expect(parameters[0]).toBe('ORD-1014');
    for (const hidden of ['DHL', 'dhl', 'http', 'Berlin', 'Hamburg', 'Sendung'])
      expect(parameters[1]).not.toContain(hidden);
  });
});

describe("an update's choices, in a message of their own after its parcel's link button", () => {
  test.each([
    ['en', ENGLISH, ENGLISH_WORDS, 'Anything else?', '[Stop updates]', UPDATES_GO_ON],
    [
      'nl',
      DUTCH,
      DUTCH_WORDS,
      'Nog iets?',
      '[Stop updates]',
      'Je blijft hier updates over ORD-1014 krijgen tot je ze stopt.',
    ],
    [
      'fr',
      FRENCH,
      FRENCH_WORDS,
      'Autre chose ?',
      '[Arrêter les alertes]',
      'Les alertes sur ORD-1014 continuent d’arriver ici jusqu’à ce que vous les arrêtiez.',
    ],
    [
      'de',
      GERMAN,
      { lookup: `Wo ist meine Bestellung ${MOVING}?`, notify: 'Benachrichtigen' },
      'Noch etwas?',
      '[Updates stoppen]',
      'Updates zu ORD-1014 bekommen Sie weiter hier, bis Sie sie stoppen.',
    ],
    [
      'es',
      SPANISH,
      { lookup: `¿Dónde está mi pedido ${MOVING}?`, notify: 'Avisarme' },
      '¿Algo más?',
      '[Detener avisos]',
      'Los avisos sobre ORD-1014 seguirán llegando aquí hasta que los detengas.',
    ],
    [
      'it',
      ITALIAN,
      { lookup: `Dov'è il mio ordine ${MOVING}?`, notify: 'Avvisami' },
      'Altro?',
      '[Stop aggiornamenti]',
      'Gli aggiornamenti su ORD-1014 continueranno ad arrivare qui finché non li fermi.',
    ],
  ])(
    '%s: a lookup\'s answer ends in "anything else?", an update the customer did not ask for says its updates go on here',
    async (_language, phone, words, anythingElse, stop, goOn) => {
      const app = await start();
      await write(app, phone, words.lookup);
      const answer = toCustomer(phone);
      expect((answer.at(-2)!.body as SendBody).interactive?.type).toBe('cta_url');
      expect(shown(answer.at(-1)!)).toMatch(new RegExp(`^${anythingElse.replace('?', '\\?')} \\[`));
      await write(app, phone, words.notify);
      const update = await timePasses(app, MINUTE, 1);
      expect(update.map((message) => message.body.interactive?.type)).toEqual(['cta_url', 'button']);
      expect(shown(update[1])).toBe(`${goOn} ${stop}`);
    },
  );
});

describe('without a template', () => {
  test('subscribing says how long updates can reach them; the last message goes before the window closes, then nothing more', async () => {
    // Checks 10 hours apart: the one that would fall after the window is brought forward into it.
    const app = await start({ WHATSAPP_UPDATE_TEMPLATE: '', NOTIFY_INTERVAL_MS: String(10 * HOUR) });
    const answer = await subscribe(app, ENGLISH, ENGLISH_WORDS);
    expect(answer).toMatch(/24 hours/);
    expect(answer).toMatch(/write/i);
    expect(await timePasses(app, 10 * HOUR)).toEqual([]);
    expect(await timePasses(app, 10 * HOUR)).toEqual([]);
    // Half an hour before the window closes.
    const last = await timePasses(app, 3.5 * HOUR);
    expect(last.map(said)).toEqual([expect.stringMatching(/24 hours.*ORD-1014/s)]);
    expect(await timePasses(app, 10 * HOUR, 5)).toEqual([]);
    expect(app.app.updates.store.size).toBe(0);
  });
});

describe('when the Graph API refuses an update', () => {
  test('131047 (outside the window): sent again at once as the template, once', async () => {
    const app = await start();
    await subscribe(app, ENGLISH, ENGLISH_WORDS);
    graph.refuseNextSend(131047);
    const update = await timePasses(app, MINUTE, 1);
    expect(update.map(said)).toEqual([expect.stringMatching(/^template order_update en: ORD-1014 \| /)]);
    expect(await timePasses(app, MINUTE)).toEqual([]);
  });

  test('131047 without a template: the watch ends quietly', async () => {
    const app = await start({ WHATSAPP_UPDATE_TEMPLATE: '' });
    await subscribe(app, ENGLISH, ENGLISH_WORDS);
    expect((await timePasses(app, MINUTE, 1)).map(said)).toEqual([
      expect.stringMatching(/News on ORD-1014/),
      UPDATES_GO_ON,
    ]);
    graph.refuseNextSend(131047);
    expect(await timePasses(app, MINUTE, 1)).toEqual([]);
    expect(await timePasses(app, MINUTE, 1)).toEqual([]);
    expect(app.app.updates.store.size).toBe(0);
  });

  test('131026 (undeliverable): the watch is gone, nothing more is tried', async () => {
    const app = await start();
    await subscribe(app, ENGLISH, ENGLISH_WORDS);
    expect((await timePasses(app, MINUTE, 1)).map(said)).toEqual([
      expect.stringMatching(/News on ORD-1014/),
      UPDATES_GO_ON,
    ]);
    graph.refuseNextSend(131026);
    expect(await timePasses(app, MINUTE, 1)).toEqual([]);
    expect(app.app.updates.store.size).toBe(0);
    const requests = graph.requests.length;
    await timePasses(app, 10 * MINUTE, 2);
    expect(graph.requests.length).toBe(requests);
  });

  test('130429 (rate limit): the update waits, then goes once', async () => {
    const app = await start();
    await subscribe(app, ENGLISH, ENGLISH_WORDS);
    graph.refuseNextSend(130429);
    expect(await timePasses(app, MINUTE, 1)).toEqual([]);
    const again = await timePasses(app, 2 * MINUTE);
    expect(again.map(said)).toEqual([expect.stringMatching(/News on ORD-1014/), UPDATES_GO_ON]);
    expect(await timePasses(app, 2 * MINUTE)).toEqual([]);
  });

  test('a bad token (190): the update waits, and the log tells the operator', async () => {
    const app = await start();
    await subscribe(app, ENGLISH, ENGLISH_WORDS);
    graph.inject({
      kind: 'status',
      status: 401,
      body: { error: { message: 'Invalid OAuth access token', type: 'OAuthException', code: 190 } },
    });
    expect(await timePasses(app, MINUTE, 1)).toEqual([]);
    expect(
      app.logs.some((line) => (JSON.parse(line) as { level: number }).level >= 50 && /access token/.test(line)),
    ).toBe(true);
    expect((await timePasses(app, 5 * MINUTE)).map(said)).toEqual([
      expect.stringMatching(/News on ORD-1014/),
      UPDATES_GO_ON,
    ]);
  });
});

describe("WhatsApp's status callbacks", () => {
  const metrics = async (app: RunningApp) =>
    parsePrometheus(
      (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(answerOf))
        .text,
    );

  test('sent, delivered, read and failed are counted, no id in a label', async () => {
    const app = await start();
    for (const state of ['sent', 'delivered', 'read', 'read', 'failed'])
      await status(
        app,
        `wamid.HBgN${ENGLISH}xyz${++sequence}`,
        state,
        ENGLISH,
        state === 'failed' ? [{ code: 131000 }] : undefined,
      );
    const samples = await metrics(app);
    expect(valueOf(samples, 'bot_whatsapp_statuses_total', { status: 'read' })).toBe(2);
    expect(valueOf(samples, 'bot_whatsapp_statuses_total', { status: 'failed' })).toBe(1);
    expect(JSON.stringify(samples.filter((sample) => sample.name.startsWith('bot_whatsapp')))).not.toContain('wamid');
  });

  test('a failed update (131047) is sent again as the template at the next check, once, however often the failure is told', async () => {
    const app = await start();
    await subscribe(app, ENGLISH, ENGLISH_WORDS);
    const [update] = await timePasses(app, MINUTE, 1);
    await status(app, update.id, 'failed', ENGLISH, [{ code: 131047 }]);
    await status(app, update.id, 'failed', ENGLISH, [{ code: 131047 }]);
    const again = await timePasses(app, MINUTE);
    expect(again.map(said)).toEqual([expect.stringMatching(/^template order_update en: ORD-1014 \| /)]);
    expect(await timePasses(app, MINUTE)).toEqual([]);
  });

  test('a failed update (rate limit) is sent again once; one failed as undeliverable ends the watch', async () => {
    const app = await start();
    await subscribe(app, ENGLISH, ENGLISH_WORDS);
    const [update] = await timePasses(app, MINUTE, 1);
    await status(app, update.id, 'failed', ENGLISH, [{ code: 131056 }]);
    const again = await timePasses(app, MINUTE);
    expect(again.map(said)).toEqual([expect.stringMatching(/News on ORD-1014/), UPDATES_GO_ON]);
    expect(await timePasses(app, MINUTE)).toEqual([]);
    await status(app, again[0].id, 'failed', ENGLISH, [{ code: 131026 }]);
    expect(app.app.updates.store.size).toBe(0);
  });
});

describe('a failed update is sent again soon, once', () => {
  test.each([
    [131056, /^News on ORD-1014/],
    [131047, /^template order_update en: ORD-1014 \| /],
  ])(
    'with checks 30 minutes apart, one failed with %s goes again a minute later, not at the next check',
    async (code, again) => {
      const app = await start({ NOTIFY_INTERVAL_MS: String(30 * MINUTE) });
      await subscribe(app, ENGLISH, ENGLISH_WORDS);
      const [update] = await timePasses(app, 30 * MINUTE, 1);
      expect(said(update)).toMatch(/^News on ORD-1014/);
      await status(app, update.id, 'failed', ENGLISH, [{ code }]);
      // Meta asked to slow down: not at once.
      expect(await timePasses(app, 30_000)).toEqual([]);
      const resent = await timePasses(app, 30_000);
      expect(said(resent[0])).toMatch(again);
      // The regular check that was due 30 minutes after the first finds nothing new.
      expect(await timePasses(app, 29 * MINUTE)).toEqual([]);
      expect(await timePasses(app, 29 * MINUTE)).toEqual([]);
      expect(app.app.updates.store.size).toBe(1);
    },
  );

  test.each([
    [131056, 'as it was', undefined],
    [131047, 'as the template', /^template order_update en: ORD-1014 \| Delivered\. That was my last update on it\.$/],
  ])(
    'the last update (delivered), though it ended its watch, failed with %s: sent again once %s, however often the failure is told; then nothing',
    async (code, _how, template) => {
      const app = await start();
      await subscribe(app, ENGLISH, ENGLISH_WORDS);
      for (let step = 0; step < 3; step++) await timePasses(app, MINUTE, 1);
      const last = await timePasses(app, MINUTE, 1);
      expect(last.map(said).join('\n')).toMatch(/That was my last update on it/);
      expect(app.app.updates.store.size).toBe(0);
      await status(app, last[0].id, 'failed', ENGLISH, [{ code }]);
      await status(app, last.at(-1)!.id, 'failed', ENGLISH, [{ code }]);
      const again = await timePasses(app, MINUTE);
      expect(again.map(said)).toEqual(template ? [expect.stringMatching(template)] : last.map(said));
      expect(app.app.updates.store.size).toBe(0);
      expect(await timePasses(app, 10 * MINUTE)).toEqual([]);
    },
  );

  test('a failure reported after a newer update reached the phone: nothing goes again (the newer one said it all)', async () => {
    const app = await start();
    await subscribe(app, ENGLISH, ENGLISH_WORDS);
    const [first] = await timePasses(app, MINUTE, 1);
    const [second] = await timePasses(app, MINUTE, 1);
    expect([said(first), said(second)]).toEqual([
      expect.stringMatching(/^News on ORD-1014: Dispatched/),
      expect.stringMatching(/^News on ORD-1014: In transit/),
    ]);
    await status(app, first.id, 'failed', ENGLISH, [{ code: 131056 }]);
    expect(await timePasses(app, MINUTE)).toEqual([]);
    expect(await timePasses(app, MINUTE)).toEqual([]);
  });

  test('the last update failed as undeliverable (131026): nothing is tried again', async () => {
    const app = await start();
    await subscribe(app, ENGLISH, ENGLISH_WORDS);
    for (let step = 0; step < 3; step++) await timePasses(app, MINUTE, 1);
    const last = await timePasses(app, MINUTE, 1);
    await status(app, last[0].id, 'failed', ENGLISH, [{ code: 131026 }]);
    expect(await timePasses(app, 10 * MINUTE)).toEqual([]);
    expect(app.app.updates.store.size).toBe(0);
  });
});

describe('after a restart, or on another instance', () => {
  test('the update still reaches the customer, and no stored byte holds their number', async () => {
    const storage = new MemoryStateStorage({ maxItems: 1000, idleMs: 30 * 86_400_000 }, clock);
    const watchStorage = { store: new MemoryWatchStore(), queue: new MemoryWatchQueue(clock), shared: true };
    const first = await start({ STORAGE_KEY_SECRET }, { storage, watchStorage });
    await subscribe(first, DUTCH, DUTCH_WORDS);
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    const second = await start({ STORAGE_KEY_SECRET }, { storage, watchStorage });
    const update = await timePasses(second, MINUTE, 1);
    expect(update.map((message) => message.to)).toEqual(update.map(() => DUTCH));
    expect(update.length).toBeGreaterThan(0);
    const items = (storage as unknown as { items: Map<string, unknown> }).items;
    const watches = (watchStorage.store as unknown as { watches: Map<string, unknown> }).watches;
    expect(watches.size).toBe(1);
    const stored = JSON.stringify([...items.entries()]) + JSON.stringify([...watches.entries()]);
    expect(stored).not.toContain(DUTCH);
    expect(stored).not.toContain(DUTCH.slice(2));
  });
});

describe('the setting', () => {
  test.each(['order_update', 'order update:en', 'order_update:en,,de', 'order_update:english'])(
    'WHATSAPP_UPDATE_TEMPLATE=%s stops the start, naming the variable and not the value',
    (value) => {
      expect(() => loadConfig({ WHATSAPP_UPDATE_TEMPLATE: value })).toThrow(/WHATSAPP_UPDATE_TEMPLATE/);
    },
  );

  test('name and languages, in the order given', () => {
    expect(
      loadConfig({ ...env(), WHATSAPP_UPDATE_TEMPLATE: 'order_update:nl,en_US' }).whatsapp?.updateTemplate,
    ).toEqual({ name: 'order_update', languages: ['nl', 'en_US'] });
  });
});
