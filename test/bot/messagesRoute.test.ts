/**
 * Whole conversations over POST /api/messages, as a Bot Framework channel has them, in both delivery
 * modes: replies in the HTTP response (expectReplies), and replies POSTed to a local connector (normal).
 * English and German, a status card from each of the four identifier kinds, and each error's reply.
 */
import { DEMO } from '../../sandbox/simulators';
import { configFor, startApp, type RunningApp } from '../support/app';
import { cardJson, startConnector, summarize, TestChannel, type Connector } from '../support/channel';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
let app: RunningApp;
let connector: Connector;
beforeAll(async () => {
  app = await startApp(configFor(upstreams, { UPSTREAM_MAX_ATTEMPTS: '2' }));
  connector = await startConnector();
});
afterAll(async () => {
  await app.close();
  await connector.close();
});

const TN = DEMO.trackings.trackingNumbers;
const STORE = DEMO.trackings.externalOrders.usStore;

const modes = ['expectReplies', 'normal'] as const;
const channel = (mode: (typeof modes)[number], locale: string) =>
  new TestChannel({ botUrl: app.url, mode, connector, locale });

describe.each(modes)('delivery mode %s', (mode) => {
  describe('English', () => {
    test('an order number (Interface A), step by step', async () => {
      const chat = channel(mode, 'en-US');
      expect(summarize((await chat.say('hi')).replies)).toEqual(['Hi! What would you like to track?']);
      expect(summarize((await chat.say('Order number')).replies)).toEqual(['Please type your order number.']);
      const { status, replies } = await chat.say(DEMO.checkpoints.delivered);
      expect(status).toBe(200);
      expect(summarize(replies)).toEqual([`Here is the shipment for ${DEMO.checkpoints.delivered}:`, '(card)']);
      expect(cardJson(replies)).toContain('DHL');
    });

    test('a tracking number', async () => {
      const { replies } = await channel(mode, 'en-US').say(`where is ${TN.outForDelivery}`);
      // A 12-digit FedEx number is also shaped like an order ID: it is looked up as the tracking number first.
      expect(summarize(replies)).toEqual([`Here is the shipment for ${TN.outForDelivery}:`, '(card)']);
    });

    test('a tracking number of a distinct format, at once', async () => {
      const { replies } = await channel(mode, 'en-US').say(`where is ${TN.inTransit}`);
      expect(summarize(replies)).toEqual([`Here is the shipment for ${TN.inTransit}:`, '(card)']);
      expect(cardJson(replies)).toContain('In transit');
    });

    test('an order ID', async () => {
      const { replies } = await channel(mode, 'en-US').say(DEMO.trackings.orderIds.multiShipment);
      expect(summarize(replies)).toEqual([
        `I found 3 shipments for ${DEMO.trackings.orderIds.multiShipment}:`,
        '(card)',
        '(card)',
        '(card)',
      ]);
    });

    test('a store order number plus store', async () => {
      const chat = channel(mode, 'en-US');
      await chat.say('hi');
      await chat.say('Store order number');
      expect(summarize((await chat.say(STORE.externalOrder)).replies)).toEqual([
        'Which store did you order from? Please type its name.',
      ]);
      const { replies } = await chat.say(STORE.storeId);
      expect(summarize(replies)).toEqual([
        `I found 3 shipments for ${STORE.externalOrder}:`,
        '(card)',
        '(card)',
        '(card)',
      ]);
    });

    test('each error gets its reply', async () => {
      const notFound = await channel(mode, 'en-US').say(TN.unknown);
      expect(summarize(notFound.replies)).toEqual([
        `I couldn't find anything for ${TN.unknown}. Please check the number and type it again.`,
      ]);

      upstreams.trackings.inject({
        kind: 'status',
        status: 400,
        body: { code: 'invalid_argument', meta: { argument: 'tracking_number' } },
      });
      const invalid = await channel(mode, 'en-US').say(TN.inTransit);
      expect(summarize(invalid.replies)).toEqual([
        `I couldn't find anything for ${TN.inTransit}. Please check the number and type it again.`,
      ]);

      for (const faults of [
        [{ kind: 'status' as const, status: 401 }],
        [
          { kind: 'status' as const, status: 503 },
          { kind: 'status' as const, status: 503 },
        ],
      ]) {
        upstreams.trackings.inject(...faults);
        const failed = await channel(mode, 'en-US').say(TN.inTransit);
        expect(failed.status).toBe(200);
        expect(summarize(failed.replies)).toEqual([
          "Sorry, I can't reach the tracking service right now. Please try again in a few minutes.",
        ]);
      }
    });
  });

  describe('Deutsch', () => {
    test('eine Bestellnummer (Interface A, lang=de)', async () => {
      const chat = channel(mode, 'de-DE');
      await chat.say('Hallo');
      await chat.say('Bestellnummer');
      const { replies } = await chat.say(DEMO.checkpoints.delivered);
      expect(summarize(replies)).toEqual([`Hier ist die Sendung zu ${DEMO.checkpoints.delivered}:`, '(card)']);
      expect(cardJson(replies)).toContain('Zugestellt');
      expect(upstreams.checkpoints.requests.at(-1)?.query.lang).toBe('de');
    });

    test('eine Sendungsnummer', async () => {
      const { replies } = await channel(mode, 'de-DE').say(`Wo ist ${TN.pending}?`);
      expect(summarize(replies)).toEqual([`Hier ist die Sendung zu ${TN.pending}:`, '(card)']);
      expect(cardJson(replies)).toContain('Bestellung eingegangen');
    });

    test('eine Auftrags-ID', async () => {
      const { replies } = await channel(mode, 'de-DE').say(DEMO.trackings.orderIds.singleShipment);
      expect(summarize(replies)).toEqual([
        `Hier ist die Sendung zu ${DEMO.trackings.orderIds.singleShipment}:`,
        '(card)',
      ]);
      expect(cardJson(replies)).toContain('Zugestellt');
    });

    test('eine Shop-Bestellnummer mit Shop, als Kartenaktion', async () => {
      const { replies } = await channel(mode, 'de-DE').say({
        value: { input_type: 'external_order', identifier: STORE.externalOrder, store_id: STORE.storeId },
      });
      expect(summarize(replies)).toEqual([
        `Ich habe 3 Sendungen zu ${STORE.externalOrder} gefunden:`,
        '(card)',
        '(card)',
        '(card)',
      ]);
    });

    test('jeder Fehler bekommt seine Antwort', async () => {
      const notFound = await channel(mode, 'de-DE').say(TN.unknown);
      expect(summarize(notFound.replies)).toContain(
        `Zu ${TN.unknown} habe ich nichts gefunden. Bitte prüfen Sie die Nummer und geben Sie sie noch einmal ein.`,
      );

      upstreams.trackings.inject({
        kind: 'status',
        status: 400,
        body: { code: 'invalid_argument', meta: { argument: 'tracking_number' } },
      });
      const invalid = await channel(mode, 'de-DE').say(TN.inTransit);
      expect(summarize(invalid.replies)).toContain(
        `Zu ${TN.inTransit} habe ich nichts gefunden. Bitte prüfen Sie die Nummer und geben Sie sie noch einmal ein.`,
      );

      upstreams.trackings.inject({ kind: 'status', status: 401 });
      const refused = await channel(mode, 'de-DE').say(TN.inTransit);
      expect(summarize(refused.replies)).toContain(
        'Entschuldigung, ich erreiche den Sendungsdienst gerade nicht. Bitte versuchen Sie es in ein paar Minuten noch einmal.',
      );
    });
  });
});

describe('duplicate deliveries', () => {
  test.each(modes)('the same activity delivered twice is answered once (%s)', async (mode) => {
    const chat = channel(mode, 'en-US');
    const first = await chat.say({ id: 'teams-resend-1', text: 'hi' });
    expect(summarize(first.replies)).toEqual(['Hi! What would you like to track?']);
    const again = await chat.say({ id: 'teams-resend-1', text: 'hi' });
    expect(again.status).toBe(200);
    expect(again.replies).toEqual([]);
    // The conversation goes on as if the re-send never happened.
    expect(summarize((await chat.say('Order ID')).replies)).toEqual([
      'Please type your order ID. It has 12 letters or digits.',
    ]);
  });

  test('duplicates arriving at the same time are answered once', async () => {
    const chat = channel('expectReplies', 'en-US');
    const results = await Promise.all(
      [1, 2, 3].map(() => chat.say({ id: 'burst-1', text: DEMO.trackings.trackingNumbers.inTransit })),
    );
    expect(results.map((r) => r.replies.length).sort()).toEqual([0, 0, 1]);
    expect(upstreams.trackings.requests).toHaveLength(1);
  });
});

describe('the messages route itself', () => {
  test('an activity over 256 KB is refused with a 413', async () => {
    const response = await fetch(`${app.url}/api/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'message', text: 'x'.repeat(300 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  test.each([
    ['{"hello": true}', 'type'],
    [
      '{"type": "message", "channelId": "webchat", "serviceUrl": "javascript:alert(1)", "conversation": {"id": "c"}}',
      'serviceUrl',
    ],
    [
      '{"type": "message", "channelId": "webchat", "serviceUrl": "http://127.0.0.1:9", "conversation": {}}',
      'conversation.id',
    ],
    ['[1, 2]', 'body'],
  ])(
    'a body that is no activity (%s) is refused with a 400 naming %s, and the bot keeps working',
    async (body, argument) => {
      const response = await fetch(`${app.url}/api/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_argument', argument });
      const { replies } = await channel('expectReplies', 'en-US').say('hi');
      expect(summarize(replies)).toEqual(['Hi! What would you like to track?']);
    },
  );

  test('replies under normal delivery carry the conversation, the locale and a reply-to', async () => {
    const chat = channel('normal', 'de-DE');
    const { replies } = await chat.say('Hallo');
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      type: 'message',
      conversation: { id: chat.conversationId },
      replyToId: chat.lastId,
      locale: 'de-DE',
    });
  });
});
