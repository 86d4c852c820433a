/**
 * WhatsApp end to end, over real HTTP on loopback: Meta's side is played by a signed webhook sender and the
 * Graph API stand-in (sandbox/simulators/graphApi.ts), both written from Meta's Cloud API documentation.
 */
import { createHmac } from 'node:crypto';
import {
  DEMO,
  startGraphApiSimulator,
  SIM_ACCESS_TOKEN,
  SIM_PHONE_NUMBER_ID,
  type GraphApiSimulator,
} from '../../../sandbox/simulators';
import { configFor, startApp, type RunningApp } from '../../support/app';
import { useSimulators } from '../../support/upstreams';
import { MemoryStateStorage } from '../../../src/bot/memoryStateStorage';
import { ManualClock } from '../../support/manualClock';
import { messagesNotification } from './metaSide';
import { whatsAppEnv } from '../../support/whatsAppSettings';

const APP_SECRET = 'app-SECRET-whatsapp-0001';
const VERIFY_TOKEN = 'verify-SECRET-whatsapp-0002';
/** Customers' numbers: never in a log line. */
const PHONES = {
  en: '447700900456',
  nl: '31612345678',
  dup: '447700900123',
  refused: '33612345678',
  us: '12025550143',
  amsterdam: '31612340000',
};

const upstreams = useSimulators();
/** WhatsApp on, against the stand-in; ORD- numbers are order numbers. */
const WHATSAPP_ENV = () => ({
  ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
  ...whatsAppEnv(graph, { appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN }),
});
let graph: GraphApiSimulator;
let running: RunningApp;

beforeAll(async () => {
  graph = await startGraphApiSimulator();
});
afterAll(() => graph.close());
beforeEach(async () => {
  graph.reset();
  running = await startApp(configFor(upstreams, { ...WHATSAPP_ENV(), ORDER_DETAILS: 'masked' }));
});
afterEach(async () => {
  // The numbers, and the message ids that encode them, appear in no log line of any test.
  for (const line of running.logs) for (const phone of Object.values(PHONES)) expect(line).not.toContain(phone);
  await running.close();
});

let sequence = 0;
/** A message id as WhatsApp makes them: it encodes the sender's number, so it must never be logged either. */
const messageId = (from: string) => `wamid.HBgN${from}FQIAEhgUM0E${++sequence}`;

/** A customer's message as Meta's webhook delivers it: text unless `content` says otherwise. */
function textMessage(
  from: string,
  body: string,
  id = messageId(from),
  content: Record<string, unknown> = { type: 'text', text: { body } },
) {
  return messagesNotification(SIM_PHONE_NUMBER_ID, from, { id, ...content });
}

const sign = (raw: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** Posts a notification as Meta does: the raw JSON, signed (or as given). */
async function deliver(notification: unknown, signature: string | null = 'sign'): Promise<number> {
  const raw = JSON.stringify(notification);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['x-hub-signature-256'] = signature === 'sign' ? sign(raw) : signature;
  const response = await fetch(`${running.url}/api/whatsapp`, { method: 'POST', headers, body: raw });
  await response.text();
  return response.status;
}

type Interactive = { body: { text: string }; action: { buttons: Array<{ reply: { title: string } }> } };
/** What the customer reads: each message's text, an interactive message's body. */
const texts = (to: string) =>
  graph.sent
    .filter((message) => message.to === to)
    .map((message) =>
      message.type === 'text'
        ? (message.body.text as { body: string }).body
        : (message.body.interactive as Interactive).body.text,
    );
/** The reply buttons' titles of the last message to `to`. */
const buttons = (to: string) => {
  const last = graph.sent.filter((message) => message.to === to).at(-1);
  return last?.type === 'interactive'
    ? (last.body.interactive as Interactive).action.buttons.map((button) => button.reply.title)
    : [];
};

describe("Meta's verification handshake", () => {
  const handshake = (query: Record<string, string>) =>
    fetch(`${running.url}/api/whatsapp?${new URLSearchParams(query).toString()}`);

  test('subscribe with the right verify token: 200 and exactly the challenge, as text', async () => {
    const response = await handshake({
      'hub.mode': 'subscribe',
      'hub.verify_token': VERIFY_TOKEN,
      'hub.challenge': '1158201444',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('1158201444');
  });

  test.each([
    ['a wrong verify token', { 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '1' }],
    ['no verify token', { 'hub.mode': 'subscribe', 'hub.challenge': '1' }],
    ['another mode', { 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' }],
  ])('%s: 403, and no challenge echoed', async (_what, query) => {
    const response = await handshake(query);
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('');
  });

  test('a refused handshake leaves neither the token tried nor the real one in the log', async () => {
    const tried = 'guess-SECRET-8f3a';
    const response = await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': tried, 'hub.challenge': '1' });
    expect(response.status).toBe(403);
    await response.text();
    for (const line of running.logs) for (const secret of [tried, VERIFY_TOKEN]) expect(line).not.toContain(secret);
  });
});

describe('signed webhooks only', () => {
  const refusedId = messageId(PHONES.refused);
  test.each([
    ['unsigned', null],
    [
      'signed with another secret',
      sign(JSON.stringify(textMessage(PHONES.refused, 'where is ORD-1001', refusedId)), 'other-secret'),
    ],
    ['a malformed signature', 'sha256=zz'],
  ])('%s: 401, and nothing is looked up, read or sent', async (_what, signature) => {
    expect(await deliver(textMessage(PHONES.refused, 'where is ORD-1001', refusedId), signature)).toBe(401);
    await running.app.whatsapp!.idle();
    expect(graph.requests).toEqual([]);
    expect(upstreams.checkpoints.requests).toEqual([]);
  });
});

describe('a customer writes', () => {
  test('"where is ORD-1001": marked read, and answered as text with what a visitor may see', async () => {
    const id = messageId(PHONES.en);
    expect(await deliver(textMessage(PHONES.en, 'where is ORD-1001', id))).toBe(200);
    await running.app.whatsapp!.idle();
    expect(graph.read).toEqual([id]);
    const answer = texts(PHONES.en).join('\n');
    expect(answer).toContain('ORD-1001');
    expect(answer).toMatch(/delivered/i);
    for (const text of texts(PHONES.en)) expect([...text].length).toBeLessThanOrEqual(4096);
    // The follow-ups as WhatsApp reply buttons under the answer.
    expect(buttons(PHONES.en)).toEqual(['Track another', "That's all, thanks"]);
    // A visitor (ORDER_DETAILS=masked) reads our status words and times; not the carrier, its number, places or words.
    expect(answer).toMatch(/sign in/i);
    for (const hidden of ['DHL', 'dhl', '00340434161094048139', 'Berlin', 'Hamburg', 'Börnicke', 'Die Sendung'])
      expect(answer).not.toContain(hidden);
  });

  test('the same message delivered three times (at once and again later) is answered once', async () => {
    const message = textMessage(PHONES.dup, 'where is ORD-1001');
    expect(await Promise.all([deliver(message), deliver(message)])).toEqual([200, 200]);
    await running.app.whatsapp!.idle();
    const once = graph.sent.length;
    expect(once).toBeGreaterThan(0);
    expect(await deliver(message)).toBe(200);
    await running.app.whatsapp!.idle();
    expect(graph.sent.length).toBe(once);
    expect(upstreams.checkpoints.requests).toHaveLength(1);
  });

  test('Dutch words get a Dutch answer', async () => {
    expect(await deliver(textMessage(PHONES.nl, 'waar is mijn bestelling ORD-1001?'))).toBe(200);
    await running.app.whatsapp!.idle();
    const answer = texts(PHONES.nl).join('\n');
    expect(answer).toContain('ORD-1001');
    expect(answer).toMatch(/bezorgd/i);
    expect(answer).not.toMatch(/delivered/i);
  });

  test("times in the customer's own zone where their number's country has one: a Dutch number reads Amsterdam's time, a +1 number (six zones) the shop's", async () => {
    // ORD-1001 was delivered at 13:26 UTC: 14:26 in Amsterdam in November (2:26 PM to a customer writing English).
    await deliver(textMessage(PHONES.amsterdam, 'where is ORD-1001'));
    await deliver(textMessage(PHONES.us, 'where is ORD-1001'));
    await running.app.whatsapp!.idle();
    const dutch = texts(PHONES.amsterdam).join('\n');
    expect(dutch).toContain('*Delivered* — Nov 24, 2026, 02:26 PM');
    expect(dutch).not.toMatch(/01:26 PM|UTC/);
    expect(texts(PHONES.us).join('\n')).toContain('*Delivered* — Nov 24, 2026, 01:26 PM UTC');
  });

  test.each([
    ['German', '4915112345678', /zugestellt/i],
    ['French', '33612345678', /livr/i],
    ['English, where the country tells no one language', '41791234567', /delivered/i],
  ])(
    "words that tell no language (just the number): the country calling code's language, %s",
    async (_what, phone, word) => {
      expect(await deliver(textMessage(phone, 'ORD-1001'))).toBe(200);
      await running.app.whatsapp!.idle();
      expect(texts(phone).join('\n')).toMatch(word);
      for (const line of running.logs) expect(line).not.toContain(phone);
    },
  );

  test.each([
    [
      'a photo',
      '447700900456',
      { type: 'image', image: { id: '1479537139650973', mime_type: 'image/jpeg' } },
      /only read text/,
    ],
    [
      'a voice note',
      '4915112345678',
      { type: 'audio', audio: { id: '1003383421387256', mime_type: 'audio/ogg; codecs=opus', voice: true } },
      /nur Text/,
    ],
    ['a location', '33612345678', { type: 'location', location: { latitude: 48.85, longitude: 2.35 } }, /que du texte/],
    [
      'a sticker',
      '447700900456',
      { type: 'sticker', sticker: { id: '1', mime_type: 'image/webp', animated: false } },
      /only read text/,
    ],
    [
      'a reaction',
      '31612345678',
      { type: 'reaction', reaction: { message_id: 'wamid.sim00000001', emoji: '👍' } },
      /alleen tekst/,
    ],
  ])(
    "%s gets one short line saying what the bot can read, in the number's language",
    async (_what, phone, content, line) => {
      expect(await deliver(textMessage(phone, '', messageId(phone), content))).toBe(200);
      await running.app.whatsapp!.idle();
      expect(texts(phone)).toEqual([expect.stringMatching(line)]);
      expect(upstreams.checkpoints.requests).toEqual([]);
    },
  );

  test('a reply button pressed comes back as the title it shows, as if typed', async () => {
    expect(await deliver(textMessage(PHONES.en, 'where is ORD-1001'))).toBe(200);
    await running.app.whatsapp!.idle();
    graph.reset();
    const press = {
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: 'choice-2', title: "That's all, thanks" } },
    };
    expect(await deliver(textMessage(PHONES.en, '', messageId(PHONES.en), press))).toBe(200);
    await running.app.whatsapp!.idle();
    const typed = graph.sent.length;
    expect(typed).toBeGreaterThan(0);
    // The same words typed get the same answer.
    const pressed = texts(PHONES.en);
    graph.reset();
    expect(await deliver(textMessage(PHONES.en, 'where is ORD-1001'))).toBe(200);
    await running.app.whatsapp!.idle();
    graph.reset();
    expect(await deliver(textMessage(PHONES.en, "That's all, thanks"))).toBe(200);
    await running.app.whatsapp!.idle();
    expect(texts(PHONES.en)).toEqual(pressed);
  });
});

describe('choices that are no reply buttons', () => {
  type List = {
    type: 'list';
    body: { text: string };
    action: { button: string; sections: Array<{ rows: Array<{ id: string; title: string }> }> };
  };
  const lastList = (to: string) => {
    const last = graph.sent.filter((message) => message.to === to).at(-1);
    const interactive = last?.body.interactive as List | undefined;
    return interactive?.type === 'list' ? interactive : undefined;
  };

  test('the kinds of number (four) come as a list in the customer’s language; a row picked comes back as the choice it names', async () => {
    expect(await deliver(textMessage(PHONES.nl, 'hallo'))).toBe(200);
    await running.app.whatsapp!.idle();
    const list = lastList(PHONES.nl);
    expect(list?.action.button).toBe('Kiezen');
    const rows = list?.action.sections.flatMap((section) => section.rows) ?? [];
    expect(rows.map((row) => row.title)).toEqual(['Bestelnummer', 'Trackingnummer', 'Order-ID', 'Winkelbestelling']);
    graph.reset();
    const pick = {
      type: 'interactive',
      interactive: { type: 'list_reply', list_reply: { id: rows[3].id, title: rows[3].title } },
    };
    expect(await deliver(textMessage(PHONES.nl, '', messageId(PHONES.nl), pick))).toBe(200);
    await running.app.whatsapp!.idle();
    // Asked for a store order number, as "Bestelnummer van de winkel" typed would be.
    expect(texts(PHONES.nl).join('\n')).toMatch(/winkel/i);
    expect(texts(PHONES.nl).join('\n')).not.toMatch(/Wat wil je volgen/);
  });
});

describe('when the Graph API refuses', () => {
  test.each([
    [
      'a bad token (190)',
      {
        kind: 'status' as const,
        status: 401,
        body: {
          error: { message: `Invalid OAuth access token ${SIM_ACCESS_TOKEN}`, type: 'OAuthException', code: 190 },
        },
      },
    ],
    ['an outage', { kind: 'status' as const, status: 503 }],
  ])('%s: the log says so with the status and code, never the token, the number or the words', async (_what, fault) => {
    graph.inject(fault, fault, fault, fault);
    expect(await deliver(textMessage(PHONES.en, 'where is ORD-1001 please'))).toBe(200);
    await running.app.whatsapp!.idle();
    const logs = running.logs.join('\n');
    expect(logs).toContain('WhatsAppSendError');
    expect(logs).toContain(`HTTP ${fault.status}`);
    for (const secret of [SIM_ACCESS_TOKEN, PHONES.en, 'ORD-1001 please']) expect(logs).not.toContain(secret);
  });
});

describe('a slow lookup', () => {
  test('past REPLY_WITHIN_MS the customer is told it is still being checked, and the answer follows as a WhatsApp message of its own', async () => {
    const timer = new ManualClock();
    const slow = await startApp(configFor(upstreams, { ...WHATSAPP_ENV(), ORDER_DETAILS: 'masked' }), {
      replyTimer: timer,
    });
    try {
      upstreams.checkpoints.inject({ kind: 'delay', ms: 300 });
      const raw = JSON.stringify(textMessage(PHONES.en, 'where is ORD-1001'));
      expect((await slow.post('/api/whatsapp', raw, { 'x-hub-signature-256': sign(raw) })).status).toBe(200);
      await timer.sleeping();
      await timer.advance(8_000);
      await slow.app.whatsapp!.idle();
      await slow.app.idle();
      const said = texts(PHONES.en);
      expect(said[0]).toMatch(/still/i);
      expect(said.slice(1).join('\n')).toContain('ORD-1001');
      for (const line of slow.logs) expect(line).not.toContain(PHONES.en);
      expect(slow.logs.join('\n')).not.toContain('later reply failed');
    } finally {
      await slow.close();
    }
  });
});

describe('a person', () => {
  test('no hub can join a WhatsApp thread: the help page and the case reference, complete (every number looked up), with only what a visitor may see, never their number or name', async () => {
    const app = await startApp(
      configFor(upstreams, {
        ...WHATSAPP_ENV(),
        ORDER_DETAILS: 'masked',
        HANDOFF: 'botframework',
        SUPPORT_URL: 'https://shop.example/help',
      }),
    );
    try {
      const say = async (words: string) => {
        const raw = JSON.stringify(textMessage(PHONES.en, words));
        expect((await app.post('/api/whatsapp', raw, { 'x-hub-signature-256': sign(raw) })).status).toBe(200);
        await app.app.whatsapp!.idle();
      };
      await say('where is ORD-1002');
      await say(`and ${DEMO.trackings.trackingNumbers.inTransit}?`);
      graph.reset();
      await say('talk to a person');
      const [fallback, ...more] = texts(PHONES.en);
      expect(more).toEqual([]);
      expect(fallback).toContain('https://shop.example/help');
      expect(fallback).toMatch(/can't put you through/);
      // The case: both numbers asked about, each with what the customer was shown of it.
      const summary = fallback.slice(fallback.indexOf('A summary you can copy or forward:'));
      expect(summary).toBe(
        [
          'A summary you can copy or forward:',
          '',
          'Order number ORD-1002:',
          '- In transit',
          '- Out for delivery',
          '- Delivered',
          '',
          `Tracking number ${DEMO.trackings.trackingNumbers.inTransit}:`,
          '- UPS: In transit',
        ].join('\n'),
      );
      // ORD-1002's carriers and parcel numbers stay hidden from a visitor; the number and the WhatsApp profile name are nobody's to see.
      for (const hidden of [
        'DPD',
        'PostNL',
        '1ZV8R4236804512972',
        '01485023741196',
        '3SKAAN4718293',
        PHONES.en,
        'Ana Souza',
      ])
        expect(fallback).not.toContain(hidden);
      expect(graph.sent.every((message) => message.type === 'text')).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('read and typing', () => {
  test('a lookup slower than a moment: marked read at once, and the typing indicator shown once for the turn (WhatsApp keeps it up to 25 s or until the answer), not every 2 s', async () => {
    const timer = new ManualClock();
    const slow = await startApp(configFor(upstreams, { ...WHATSAPP_ENV(), ORDER_DETAILS: 'masked' }), {
      replyTimer: timer,
    });
    try {
      upstreams.checkpoints.inject({ kind: 'delay', ms: 1_000 });
      const id = messageId(PHONES.en);
      const raw = JSON.stringify(textMessage(PHONES.en, 'where is ORD-1001', id));
      expect((await slow.post('/api/whatsapp', raw, { 'x-hub-signature-256': sign(raw) })).status).toBe(200);
      // The deadline's wait and the typing indicator's.
      await timer.sleeping(2);
      const reads = () =>
        graph.requests
          .map((request) => JSON.parse(request.body) as Record<string, unknown>)
          .filter((body) => body.status === 'read');
      expect(reads()).toEqual([{ messaging_product: 'whatsapp', status: 'read', message_id: id }]);
      for (const step of [500, 2_000, 2_000]) await timer.advance(step);
      await slow.app.whatsapp!.idle();
      expect(reads()).toEqual([
        { messaging_product: 'whatsapp', status: 'read', message_id: id },
        { messaging_product: 'whatsapp', status: 'read', message_id: id, typing_indicator: { type: 'text' } },
      ]);
      expect(texts(PHONES.en).join('\n')).toContain('ORD-1001');
    } finally {
      await slow.close();
    }
  });

  test('an answer within a moment shows no typing indicator', async () => {
    expect(await deliver(textMessage(PHONES.en, 'where is ORD-1001'))).toBe(200);
    await running.app.whatsapp!.idle();
    expect(
      graph.requests
        .map((request) => JSON.parse(request.body) as Record<string, unknown>)
        .filter((body) => body.typing_indicator),
    ).toEqual([]);
  });
});

describe('shutting down', () => {
  test("the app's idle() waits for a WhatsApp answer still being worked on after the 200", async () => {
    upstreams.checkpoints.inject({ kind: 'delay', ms: 300 });
    expect(await deliver(textMessage(PHONES.en, 'where is ORD-1001'))).toBe(200);
    await running.app.idle();
    expect(texts(PHONES.en).join('\n')).toContain('ORD-1001');
  });
});

describe('across instances and restarts', () => {
  test('a message re-delivered to another instance sharing the storage, after the conversation state was erased, is not answered again', async () => {
    const storage = new MemoryStateStorage({ maxItems: 1000, idleMs: 3_600_000 }, running.clock);
    const env = { ...WHATSAPP_ENV(), STORAGE_KEY_SECRET: 'storage-SECRET-key-0003-abcdefghijklmnop' };
    const first = await startApp(configFor(upstreams, env), { storage });
    const second = await startApp(configFor(upstreams, env), { storage });
    try {
      const raw = JSON.stringify(textMessage(PHONES.dup, 'where is ORD-1001'));
      const post = (app: RunningApp) => app.post('/api/whatsapp', raw, { 'x-hub-signature-256': sign(raw) });
      expect((await post(first)).status).toBe(200);
      await first.app.whatsapp!.idle();
      const once = graph.sent.length;
      expect(once).toBeGreaterThan(0);
      // The conversation's state (which remembers its recent message ids too) erased: only the ids taken remain.
      const stateKeys = [...(storage as unknown as { items: { keys(): Iterable<string> } }).items.keys()].filter(
        (key) => !key.startsWith('whatsapp-seen.'),
      );
      expect(stateKeys.length).toBeGreaterThan(0);
      await storage.delete(stateKeys);
      expect((await post(second)).status).toBe(200);
      await second.app.whatsapp!.idle();
      expect(graph.sent.length).toBe(once);
      // Stored under keyed names: neither the number nor the message id (which encodes it) names a record.
      const keys = [...(storage as unknown as { items: { keys(): Iterable<string> } }).items.keys()];
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(key).not.toContain(PHONES.dup);
      for (const line of [...first.logs, ...second.logs]) expect(line).not.toContain(PHONES.dup);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
