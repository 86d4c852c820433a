/**
 * Conversations as a customer has them, in English and German, on Web Chat, Teams and SMS.
 * The bot, its dialogs, the lookup and the cards are real; the two interfaces are the simulators on loopback.
 */
import { DEMO } from '../../sandbox/simulators';
import { configFor } from '../support/app';
import { answer, bot, conversation, run, textShowing, typing, user } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const config = () => configFor(upstreams, { LOG_LEVEL: 'debug', UPSTREAM_MAX_ATTEMPTS: '2' });
const webchat = { channelId: 'webchat', locale: 'en-US' };
const webchatDe = { channelId: 'webchat', locale: 'de-DE', localTimezone: 'Europe/Berlin' };

const TN = DEMO.trackings.trackingNumbers;
const ORDER = DEMO.checkpoints;
const ORDER_ID = DEMO.trackings.orderIds;
const STORE = DEMO.trackings.externalOrders;

describe('finding a shipment, in English', () => {
  test('a tracking number in the first message is looked up at once', async () => {
    await run(
      config(),
      [
        user(`where is my parcel ${TN.inTransit}?`),
        typing(),
        answer(`Here is the shipment for ${TN.inTransit}:`, 1, 'UPS', TN.inTransit, 'In transit'),
        bot('Can I help with anything else?'),
        user('No, thanks'),
        bot('Thanks, and have a great day!'),
      ],
      webchat,
    );
  });

  test('an order number, asked for step by step (Interface A), with its three shipments as a carousel', async () => {
    await run(
      config(),
      [
        user('hi'),
        bot('What would you like to track?'),
        user('Order number'),
        bot('Please type your order number.'),
        user(ORDER.inTransitMultiShipment),
        typing(),
        { bot: { intro: `I found 3 shipments for ${ORDER.inTransitMultiShipment}:`, cards: 3, layout: 'carousel', showing: ['UPS', 'DPD', 'PostNL'] } },
        bot('Can I help with anything else?'),
        user('Track another'),
        bot('What would you like to track?'),
      ],
      webchat,
    );
    expect(upstreams.checkpoints.requests[0].query).toMatchObject({ orderNo: ORDER.inTransitMultiShipment, lang: 'en' });
  });

  test('an order ID typed at the first message (12 characters) is looked up at once', async () => {
    await run(config(), [user(ORDER_ID.multiShipment), typing(), answer(`I found 3 shipments for ${ORDER_ID.multiShipment}:`, 3), bot('Can I help with anything else?')], webchat);
    expect(JSON.parse(upstreams.trackings.requests[0].body)).toEqual({ order_id: ORDER_ID.multiShipment });
  });

  test('a store order number asks for the store, then finds the order', async () => {
    await run(
      config(),
      [
        user('hello'),
        bot('What would you like to track?'),
        user('Store order number'),
        bot("Please type the order number from the store's confirmation email."),
        user(STORE.usStore.externalOrder),
        bot('Which store did you order from? Please type the store ID.'),
        user(STORE.usStore.storeId),
        typing(),
        answer(`I found 3 shipments for ${STORE.usStore.externalOrder}:`, 3),
        bot('Can I help with anything else?'),
      ],
      webchat,
    );
    expect(JSON.parse(upstreams.trackings.requests[0].body)).toEqual({ external_order: STORE.usStore.externalOrder, store_id: STORE.usStore.storeId });
  });

  test('a single-store deployment never asks for the store', async () => {
    await run(
      configFor(upstreams, { TRACKINGS_STORE_ID: STORE.ukStore.storeId }),
      [
        user('hello'),
        bot('What would you like to track?'),
        user('4'),
        bot("Please type the order number from the store's confirmation email."),
        user(STORE.ukStore.externalOrder),
        typing(),
        answer(`Here is the shipment for ${STORE.ukStore.externalOrder}:`, 1),
        bot('Can I help with anything else?'),
      ],
      webchat,
    );
  });

  test('a number that fits two kinds gets a single question', async () => {
    await run(
      config(),
      [
        user(TN.outForDelivery),
        bot(`What kind of number is ${TN.outForDelivery}?`),
        user('Tracking number'),
        typing(),
        answer(`Here is the shipment for ${TN.outForDelivery}:`, 1, 'FedEx'),
        bot('Can I help with anything else?'),
      ],
      webchat,
    );
  });

  test('several numbers in one message: the customer picks one', async () => {
    await run(
      config(),
      [
        user(`I have ${TN.inTransit} and ${TN.pending}`),
        bot('I see several numbers in your message. Which one should I look up?'),
        user(TN.pending),
        typing(),
        answer(`Here is the shipment for ${TN.pending}:`, 1, 'USPS'),
        bot('Can I help with anything else?'),
      ],
      webchat,
    );
  });

  test('a tracking number typed at the "anything else?" question is looked up at once', async () => {
    await run(
      config(),
      [
        user(TN.inTransit),
        typing(),
        answer(/^Here is the shipment/, 1),
        bot('Can I help with anything else?'),
        user(`and ${TN.pending}?`),
        typing(),
        answer(`Here is the shipment for ${TN.pending}:`, 1, 'USPS'),
        bot('Can I help with anything else?'),
      ],
      webchat,
    );
  });

  test('a number of no known format is kept, and the customer is asked what kind it is', async () => {
    await run(
      config(),
      [
        user(TN.delivered),
        bot(`What kind of number is ${TN.delivered}?`),
        user('Tracking number'),
        typing(),
        answer(`Here is the shipment for ${TN.delivered}:`, 1, 'Royal Mail'),
        bot('Can I help with anything else?'),
        user('2'),
        bot('Thanks, and have a great day!'),
      ],
      webchat,
    );
  });

  test('"2" at a choice picks the second option; it is not taken for an order number', async () => {
    await run(config(), [user('hi'), bot('What would you like to track?'), user('2'), bot('Please type the tracking number.')], webchat);
  });

  test.each([
    ['a French customer', { channelId: 'webchat', locale: 'fr-FR' }, 'bonjour', 'Que souhaitez-vous suivre ?', 'Veuillez saisir le numéro de suivi.', 'Veuillez choisir l’une des options, ou envoyez-moi simplement le numéro.'],
    ['an English customer', webchat, 'hi', 'What would you like to track?', 'Please type the tracking number.', 'Please pick one of the options, or just send me the number.'],
  ])('%s picks an option by its number, fullwidth digits too, and gets the options again for anything else', async (_who, channel, hello, question, askNumber, pickOne) => {
    await run(config(), [user(hello), bot(question), user('x'), bot(new RegExp(`^${pickOne}`)), user('２.'), bot(askNumber)], channel);
  });

  test('a tracking number typed at the "what to track?" question is taken as the answer', async () => {
    await run(
      config(),
      [user('hi'), bot('What would you like to track?'), user(`it's ${TN.pending}`), typing(), answer(`Here is the shipment for ${TN.pending}:`, 1), bot('Can I help with anything else?')],
      webchat,
    );
  });
});

describe('bad input gets a clear answer and no upstream call', () => {
  test('an order ID of the wrong length is explained, and asked for again', async () => {
    await run(
      config(),
      [
        user('hi'),
        bot('What would you like to track?'),
        user('Order ID'),
        bot('Please type your order ID. It has 12 letters or digits.'),
        user('AB12CD'),
        bot('An order ID has exactly 12 letters or digits, but that one has 6.'),
        bot('Please type your order ID. It has 12 letters or digits.'),
        user('AB12CD34EF5!'),
        bot('An order ID has only the letters A–Z and the digits 0–9.'),
        bot('Please type your order ID. It has 12 letters or digits.'),
        user(ORDER_ID.singleShipment),
        typing(),
        answer(`Here is the shipment for ${ORDER_ID.singleShipment}:`, 1),
        bot('Can I help with anything else?'),
      ],
      webchat,
    );
    expect(upstreams.trackings.requests).toHaveLength(1);
  });

  test('after three wrong answers the bot stops asking, politely', async () => {
    await run(
      config(),
      [
        user('hi'),
        bot('What would you like to track?'),
        user('Tracking number'),
        bot('Please type the tracking number.'),
        user('abc'),
        bot(/^That doesn't look like a tracking number/),
        bot('Please type the tracking number.'),
        user('x y'),
        bot(/^That doesn't look like a tracking number/),
        bot('Please type the tracking number.'),
        user('??'),
        bot("Let's leave it here for now. Send me a number whenever you like."),
        user('hi'),
        bot('What would you like to track?'),
      ],
      webchat,
    );
    expect(upstreams.trackings.requests).toHaveLength(0);
  });

  test('a choice that is no option is asked again', async () => {
    await run(config(), [user('hi'), bot('What would you like to track?'), user('pizza'), bot('Please pick one of the options, or just send me the number.')], webchat);
  });
});

describe('errors become conversation', () => {
  test('not found: say so, and ask for the number again', async () => {
    await run(
      config(),
      [
        user('hi'),
        bot('What would you like to track?'),
        user('Order number'),
        bot('Please type your order number.'),
        user(ORDER.unknown),
        typing(),
        bot(`I couldn't find anything for ${ORDER.unknown}. Please check the number and try again.`),
        bot('Please type your order number.'),
        user(ORDER.delivered),
        typing(),
        answer(`Here is the shipment for ${ORDER.delivered}:`, 1),
        bot('Can I help with anything else?'),
      ],
      webchat,
    );
  });

  test('the interface refuses the store: ask again for exactly the store', async () => {
    upstreams.trackings.inject({ kind: 'status', status: 400, body: { code: 'invalid_argument', message: 'unknown store', meta: { argument: 'store_id' } } });
    await run(
      config(),
      [
        user('hi'),
        bot('What would you like to track?'),
        user('Store order number'),
        bot(/^Please type the order number/),
        user('#1001'),
        bot('Which store did you order from? Please type the store ID.'),
        user('store-typo'),
        typing(),
        bot("The tracking service didn't accept the store store-typo. Please check it and type it again."),
        bot('Which store did you order from? Please type the store ID.'),
        user(STORE.usStore.storeId),
        typing(),
        answer('I found 3 shipments for #1001:', 3),
        bot('Can I help with anything else?'),
      ],
      webchat,
    );
  });

  test('the interface refuses the number: the same words as "not found", so guessing learns nothing, and the number is asked for again', async () => {
    const refused = { kind: 'status' as const, status: 400, body: { code: 'invalid_argument', message: 'bad', details: [{ type: 'google.rpc.BadRequest', debug: { fieldViolations: [{ field: 'tracking_number' }] } }] } };
    const sameWords = (tn: string) => [
      user(tn),
      typing(),
      bot(`I couldn't find anything for ${tn}. Please check the number and try again.`),
      bot('Please type the tracking number.'),
    ];
    upstreams.trackings.inject(refused);
    await run(config(), sameWords(TN.inTransit), webchat);
    await run(config(), sameWords(TN.unknown), webchat);
  });

  test.each([
    ['refused credentials', [{ kind: 'status' as const, status: 401 }]],
    ['retries exhausted', [{ kind: 'status' as const, status: 503 }, { kind: 'status' as const, status: 503 }]],
    ['connection resets', [{ kind: 'reset' as const }, { kind: 'reset' as const }]],
  ])('%s: a short apology, no technical detail, the detail in the log', async (_what, faults) => {
    upstreams.trackings.inject(...faults);
    const talk = await run(
      config(),
      [user(TN.inTransit), typing(), bot("Sorry, I can't reach the tracking service right now. Please try again in a few minutes."), user('hi'), bot('What would you like to track?')],
      webchat,
    );
    expect(talk.logs.join('\n')).toMatch(/"msg":"lookup failed"/);
  });
});

describe('help, cancel and start over work at any step', () => {
  test('help at a prompt explains, then asks the same question again', async () => {
    await run(
      config(),
      [user('hi'), bot('What would you like to track?'), user('Order ID'), bot(/^Please type your order ID/), user('help'), bot(/^I find your shipments/), bot(/^Please type your order ID/)],
      webchat,
    );
  });

  test('help after the dialog started over (a number of two kinds at a choice) explains and asks again', async () => {
    await run(
      config(),
      [
        user('hi'),
        bot('What would you like to track?'),
        user('772819465305'),
        bot('What kind of number is 772819465305?'),
        user('help'),
        bot(/^I find your shipments/),
        bot('What kind of number is 772819465305?'),
      ],
      webchat,
    );
  });

  test('help after "not found" asked for the number again explains and asks again', async () => {
    await run(
      config(),
      [
        user(TN.unknown),
        typing(),
        bot(`I couldn't find anything for ${TN.unknown}. Please check the number and try again.`),
        bot('Please type the tracking number.'),
        user('help'),
        bot(/^I find your shipments/),
        bot('Please type the tracking number.'),
      ],
      webchat,
    );
  });

  test('cancel stops the dialog; the next message starts fresh', async () => {
    await run(
      config(),
      [user('hi'), bot('What would you like to track?'), user('Order number'), bot('Please type your order number.'), user('Cancel'), bot("OK, I've stopped. Send me a number whenever you like."), user('hello'), bot('What would you like to track?')],
      webchat,
    );
    expect(upstreams.checkpoints.requests).toHaveLength(0);
  });

  test('start over begins again from the first question', async () => {
    await run(config(), [user('hi'), bot('What would you like to track?'), user('Order number'), bot('Please type your order number.'), user('start over'), bot('What would you like to track?')], webchat);
  });
});

describe('lookups sent as data (card submits, support widgets)', () => {
  test('a structured lookup is answered in that one turn, even mid-dialog', async () => {
    await run(
      config(),
      [
        user('hi'),
        bot('What would you like to track?'),
        user({ value: { input_type: 'external_order', identifier: STORE.plainNumber.externalOrder, store_id: STORE.plainNumber.storeId } }),
        typing(),
        answer(`Here is the shipment for ${STORE.plainNumber.externalOrder}:`, 1, 'DHL'),
        bot('Can I help with anything else?'),
      ],
      webchat,
    );
  });

  test('a structured order number goes to Interface A in the customer’s language', async () => {
    await run(config(), [user({ value: { input_type: 'order_number', identifier: ORDER.delivered } }), typing(), answer(/^Hier ist die Sendung/, 1, 'Zugestellt'), bot(/^Kann ich sonst/)], webchatDe);
    expect(upstreams.checkpoints.requests[0].query.lang).toBe('de');
  });

  test.each([
    ['an unknown input_type', { input_type: 'email', identifier: 'a@b.c' }],
    ['an order ID of the wrong shape', { input_type: 'order_id', identifier: 'short' }],
    ['a store_id with a tracking number', { input_type: 'tracking_number', identifier: TN.inTransit, store_id: 'x' }],
    ['an identifier that is not text', { input_type: 'tracking_number', identifier: 42 }],
  ])('%s gets a clear answer and no lookup', async (_what, value) => {
    await run(config(), [user({ value }), bot("Sorry, I couldn't read that request. Please send me the number instead.")], webchat);
    expect(upstreams.trackings.requests).toHaveLength(0);
  });

  test('a structured store order without store asks for the store', async () => {
    await run(config(), [user({ value: { input_type: 'external_order', identifier: '#1001' } }), bot('Which store did you order from? Please type the store ID.')], webchat);
  });
});

describe('channels', () => {
  test('in Teams, the @mention is removed before the bot reads the message', async () => {
    await run(
      config(),
      [
        user({
          text: '<at>Order Tracking</at> help',
          entities: [{ type: 'mention', mentioned: { id: 'bot', name: 'Order Tracking' }, text: '<at>Order Tracking</at>' }],
          recipient: { id: 'bot', name: 'Order Tracking' },
        }),
        bot(/^I find your shipments/),
      ],
      { channelId: 'msteams', locale: 'en-US' },
    );
  });

  test('on SMS the status comes as text with the carrier link', async () => {
    await run(config(), [user(TN.inTransit), typing(), textShowing(`Here is the shipment for ${TN.inTransit}:`, 'UPS', 'In transit', 'https://www.ups.com/'), bot(/^Can I help with anything else\?/)], { channelId: 'sms', locale: 'en-US' });
  });

  test('a deployment with only Interface A skips the question of what to track', async () => {
    await run(
      configFor(upstreams, { TRACKINGS_BASE_URL: '', TRACKINGS_API_KEY: '' }),
      [user('hi'), bot('Please type your order number.'), user(ORDER.delivered), typing(), answer(/^Here is the shipment/, 1), bot('Can I help with anything else?')],
      webchat,
    );
  });
});

describe('auf Deutsch', () => {
  test('eine Sendungsnummer in der ersten Nachricht', async () => {
    await run(
      config(),
      [
        user(`Wo ist mein Paket ${TN.inTransit}?`),
        typing(),
        answer(`Hier ist die Sendung zu ${TN.inTransit}:`, 1, 'UPS', 'Unterwegs'),
        bot('Kann ich sonst noch helfen?'),
        user('Nein, danke'),
        bot('Danke und einen schönen Tag noch!'),
      ],
      webchatDe,
    );
  });

  test('eine Bestellnummer Schritt für Schritt, mit deutschen Texten von Interface A', async () => {
    await run(
      config(),
      [
        user('Hallo'),
        bot('Was möchten Sie verfolgen?'),
        user('Bestellnummer'),
        bot('Bitte geben Sie Ihre Bestellnummer ein.'),
        user(ORDER.delivered),
        typing(),
        answer(`Hier ist die Sendung zu ${ORDER.delivered}:`, 1, 'DHL', 'Zugestellt'),
        bot('Kann ich sonst noch helfen?'),
      ],
      webchatDe,
    );
    expect(upstreams.checkpoints.requests[0].query.lang).toBe('de');
  });

  test('eine Auftrags-ID mit falscher Länge', async () => {
    await run(
      config(),
      [
        user('Hallo'),
        bot('Was möchten Sie verfolgen?'),
        user('Auftrags-ID'),
        bot('Bitte geben Sie Ihre Auftrags-ID ein. Sie hat 12 Buchstaben oder Ziffern.'),
        user('AB12'),
        bot('Eine Auftrags-ID hat genau 12 Buchstaben oder Ziffern, diese hat 4.'),
        bot('Bitte geben Sie Ihre Auftrags-ID ein. Sie hat 12 Buchstaben oder Ziffern.'),
        user(ORDER_ID.multiShipment),
        typing(),
        answer(`Ich habe 3 Sendungen zu ${ORDER_ID.multiShipment} gefunden:`, 3, 'Unterwegs'),
        bot('Kann ich sonst noch helfen?'),
      ],
      webchatDe,
    );
  });

  test('nicht gefunden, dann abbrechen', async () => {
    await run(
      config(),
      [
        user(TN.unknown),
        typing(),
        bot(`Zu ${TN.unknown} habe ich nichts gefunden. Bitte prüfen Sie die Nummer und versuchen Sie es noch einmal.`),
        bot('Bitte geben Sie die Sendungsnummer ein.'),
        user('abbrechen'),
        bot('Gut, ich habe abgebrochen. Schicken Sie mir jederzeit eine Nummer.'),
      ],
      webchatDe,
    );
  });

  test('der Dienst ist nicht erreichbar', async () => {
    upstreams.trackings.inject({ kind: 'status', status: 503 }, { kind: 'status', status: 503 });
    await run(config(), [user(TN.inTransit), typing(), bot('Entschuldigung, ich erreiche den Sendungsdienst gerade nicht. Bitte versuchen Sie es in ein paar Minuten noch einmal.')], webchatDe);
  });

  test('Hilfe mitten im Dialog', async () => {
    await run(config(), [user('Hallo'), bot('Was möchten Sie verfolgen?'), user('Hilfe'), bot(/^Ich finde Ihre Sendungen/), bot('Was möchten Sie verfolgen?')], webchatDe);
  });

  test('de-CH und fehlende Locale: Schweizer Deutsch spricht Deutsch, ohne Locale gilt DEFAULT_LOCALE', async () => {
    await run(config(), [user('Hallo'), bot('Was möchten Sie verfolgen?')], { channelId: 'webchat', locale: 'de-CH' });
    await run(configFor(upstreams, { DEFAULT_LOCALE: 'de-DE' }), [user('Hallo'), bot('Was möchten Sie verfolgen?')], { channelId: 'msteams' });
  });
});

describe('a re-sent message', () => {
  test('lands on another instance that shares the state, and is still answered once', async () => {
    const { MemoryStorage } = await import('botbuilder');
    const { createApp } = await import('../../src/app');
    const { silentLogger } = await import('../../src/tracking/logger');
    const { TurnContext, TestAdapter } = await import('botbuilder');
    const shared = new MemoryStorage();
    const [one, two] = [createApp(config(), silentLogger, { storage: shared }), createApp(config(), silentLogger, { storage: shared })];
    const adapter = new TestAdapter(async () => undefined, { channelId: 'webchat', locale: 'en-US' });
    const deliver = async (app: typeof one) => {
      const sent: unknown[] = [];
      const activity = { type: 'message', id: 'resend-7', text: 'hi', channelId: 'webchat', locale: 'en-US', conversation: { id: 'c-resend' }, from: { id: 'u' }, recipient: { id: 'bot' }, serviceUrl: 'http://127.0.0.1:9' };
      const context = new TurnContext(adapter, activity as never);
      context.onSendActivities(async (_c, activities) => {
        sent.push(...activities);
        return activities.map(() => ({ id: 'x' }));
      });
      await app.bot.run(context);
      return sent;
    };
    expect(await deliver(one)).toHaveLength(1);
    expect(await deliver(two)).toHaveLength(0);
  });
});

describe('several numbers, one of them of two kinds', () => {
  test('each button says which kind it means, and the chosen one is looked up as that kind', async () => {
    const talk = conversation(config(), webchat);
    const [question] = await talk.say(`${TN.inTransit} or ${TN.outForDelivery}`);
    // Long titles make botbuilder list the options as numbered lines rather than buttons.
    expect(question.text).toBe(
      `I see several numbers in your message. Which one should I look up?\n\n   1. ${TN.inTransit}\n   2. ${TN.outForDelivery} (tracking number)\n   3. ${TN.outForDelivery} (order ID)`,
    );
    const replies = await talk.say(`${TN.outForDelivery} (tracking number)`);
    expect(replies.map((r) => r.type)).toEqual(['typing', 'message', 'message']);
    expect(replies[1].text).toBe(`Here is the shipment for ${TN.outForDelivery}:`);
    expect(JSON.parse(upstreams.trackings.requests[0].body)).toEqual({ tracking_number: TN.outForDelivery });
  });
});
