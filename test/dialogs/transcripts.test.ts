/**
 * Conversations as a customer has them: what they type, what the bot answers, with the choices they
 * see. The bot, its dialogs, the lookup and the cards are real; the two interfaces are the simulators on
 * loopback. Channel-by-language coverage of every question is in channelMatrix.test.ts.
 */
import { DEMO } from '../../sandbox/simulators';
import { configFor } from '../support/app';
import { cardButtons, isChoicesCard } from '../support/seen';
import { answer, ask, bot, conversation, run, user, type Line } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const config = (env: NodeJS.ProcessEnv = {}) =>
  configFor(upstreams, { LOG_LEVEL: 'debug', UPSTREAM_MAX_ATTEMPTS: '2', ...env });
/** The shop's order-number format, as the sandbox sets it. */
const withPattern = (env: NodeJS.ProcessEnv = {}) => config({ ORDER_NUMBER_PATTERN: 'ORD-\\d{4}', ...env });
const webchat = { channelId: 'webchat', locale: 'en-US' };
const webchatDe = { channelId: 'webchat', locale: 'de-DE', localTimezone: 'Europe/Berlin' };

const TN = DEMO.trackings.trackingNumbers;
const ORDER = DEMO.checkpoints;
const ORDER_ID = DEMO.trackings.orderIds;
const STORE = DEMO.trackings.externalOrders;
const KINDS = ['Order number', 'Tracking number', 'Order ID', 'Store order number'];
/** What an answer offers next while a parcel is still on its way; once every parcel is delivered, returned or lost there is nothing to watch. */
const FOLLOW_UPS = ['Notify me', 'Track another', "That's all, thanks"];
const FINAL_FOLLOW_UPS = ['Track another', "That's all, thanks"];
const WHAT = 'What would you like to track?';
const HI_WHAT = `Hi! ${WHAT}`;
/** An answer: one message with the intro, the cards and what to do next. */
const found = (intro: string | RegExp, cards: number, ...showing: string[]): Line => ({
  bot: { intro, cards, showing, choices: FOLLOW_UPS },
});
/** An answer where every parcel is delivered, returned or lost: no "Notify me". */
const foundFinal = (intro: string | RegExp, cards: number, ...showing: string[]): Line => ({
  bot: { intro, cards, showing, choices: FINAL_FOLLOW_UPS },
});

describe('finding a shipment', () => {
  test('a tracking number in the first message is answered at once, in one message with what to do next', async () => {
    await run(
      config(),
      [
        user(`where is my parcel ${TN.inTransit}?`),
        found(`Here is the shipment for ${TN.inTransit}:`, 1, 'UPS', TN.inTransit, 'In transit'),
        user("That's all, thanks"),
        bot('Thanks, and have a great day!'),
      ],
      webchat,
    );
  });

  test('step by step: hello, the kind, the number (Interface A), three shipments as a carousel, then another', async () => {
    await run(
      config(),
      [
        user('hi'),
        ask(HI_WHAT, ...KINDS),
        user('Order number'),
        bot('Please type your order number.'),
        user(ORDER.inTransitMultiShipment),
        {
          bot: {
            intro: `I found 3 shipments for ${ORDER.inTransitMultiShipment}:`,
            cards: 3,
            layout: 'carousel',
            showing: ['UPS', 'DPD', 'PostNL'],
            choices: FOLLOW_UPS,
          },
        },
        user('Track another'),
        ask(WHAT, ...KINDS),
      ],
      webchat,
    );
    expect(upstreams.checkpoints.requests[0].query).toMatchObject({
      orderNo: ORDER.inTransitMultiShipment,
      lang: 'en',
    });
  });

  test('an order ID in the first message is answered at once', async () => {
    await run(
      config(),
      [user(ORDER_ID.multiShipment), found(`I found 3 shipments for ${ORDER_ID.multiShipment}:`, 3)],
      webchat,
    );
    expect(JSON.parse(upstreams.trackings.requests[0].body)).toEqual({ order_id: ORDER_ID.multiShipment });
  });

  test('the welcome offers the kinds of number, and a number picks one', async () => {
    const talk = conversation(config(), webchat);
    await talk.adapter.receiveActivity({
      type: 'conversationUpdate',
      membersAdded: [{ id: 'user-1', name: 'Customer' }],
      recipient: { id: 'bot', name: 'Bot' },
      locale: 'en-US',
    });
    const [welcome] = talk.adapter.activeQueue.splice(0);
    expect(welcome.text).toBe(
      'Hi! I can tell you where your order is. Send me your order number, tracking number or order ID.',
    );
    expect(welcome.suggestedActions?.actions.map((a) => a.title)).toEqual(KINDS);
    expect((await talk.say('2')).map((a) => a.text)).toEqual(['Please type the tracking number.']);
  });

  test('a number that proves itself both a tracking number (FedEx check digit) and an order ID is looked up as both, with no question', async () => {
    await run(
      config(),
      [user(TN.outForDelivery), found(`Here is the shipment for ${TN.outForDelivery}:`, 1, 'FedEx')],
      webchat,
    );
    expect(upstreams.trackings.requests.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { tracking_number: TN.outForDelivery },
    ]);
    // Unknown as a tracking number, it is tried as an order ID; unknown as both, it is one miss and one "not found".
    await run(
      config(),
      [
        user('100000000003'),
        bot("I couldn't find anything for 100000000003. Please check the number and type it again."),
      ],
      webchat,
    );
    expect(upstreams.trackings.requests.slice(1).map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { tracking_number: '100000000003' },
      { order_id: '100000000003' },
    ]);
  });

  test('a number typed after an answer is looked up at once', async () => {
    await run(
      config(),
      [
        user(TN.inTransit),
        found(/^Here is the shipment/, 1),
        user(`and ${TN.pending}?`),
        found(`Here is the shipment for ${TN.pending}:`, 1, 'USPS'),
      ],
      webchat,
    );
  });

  test('a Royal Mail number on the demo page (TT…GB) is recognized as typed', async () => {
    await run(
      config(),
      [user(`where is ${TN.delivered}`), foundFinal(`Here is the shipment for ${TN.delivered}:`, 1, 'Royal Mail')],
      webchat,
    );
  });

  test('a lone number of no known format gets the question which kind it is', async () => {
    await run(
      config(),
      [user('#1001'), ask('What kind of number is #1001?', 'Order number', 'Store order number')],
      webchat,
    );
  });
});

describe('several numbers in one message', () => {
  test('"1" looks up the first number, "2" the second (three numbers)', async () => {
    const three = `${TN.inTransit}, ${TN.pending} and ${TN.lost}`;
    const question = ask(
      'I see several numbers in your message. Which one should I look up?',
      TN.inTransit,
      TN.pending,
      TN.lost,
      'All of them',
    );
    await run(
      config(),
      [user(three), question, user('1'), found(`Here is the shipment for ${TN.inTransit}:`, 1, 'UPS')],
      webchat,
    );
    await run(
      config(),
      [user(three), question, user('2'), found(`Here is the shipment for ${TN.pending}:`, 1, 'USPS')],
      webchat,
    );
  });

  test('a number of two kinds among them is one choice, looked up as both kinds in turn', async () => {
    await run(
      config(),
      [
        user(`${TN.inTransit} or ${TN.outForDelivery}`),
        ask(/^I see several numbers/, TN.inTransit, TN.outForDelivery, 'All of them'),
        user('2'),
        found(`Here is the shipment for ${TN.outForDelivery}:`, 1),
      ],
      webchat,
    );
    expect(JSON.parse(upstreams.trackings.requests[0].body)).toEqual({ tracking_number: TN.outForDelivery });
  });

  test('"both" (or the last choice, "All of them") answers every number in one message, naming any that finds nothing', async () => {
    await run(
      config(),
      [
        user(`${TN.inTransit} and ${TN.pending}`),
        ask(/^I see several numbers/, TN.inTransit, TN.pending, 'All of them'),
        user('both'),
        found(`I found 2 shipments for ${TN.inTransit} and ${TN.pending}:`, 2, 'UPS', 'USPS'),
      ],
      webchat,
    );
    await run(
      config(),
      [
        user(`${TN.inTransit}, ${TN.unknown}`),
        ask(/^I see several numbers/, TN.inTransit, TN.unknown, 'All of them'),
        user('3'),
        found(`I couldn't find anything for ${TN.unknown}. Here is the shipment for ${TN.inTransit}:`, 1, 'UPS'),
      ],
      webchat,
    );
    await run(
      config(),
      [
        user(`${TN.inTransit} ${TN.pending}`),
        ask(/^In Ihrer Nachricht stehen mehrere Nummern/, TN.inTransit, TN.pending, 'Alle'),
        user('beide'),
        { bot: { intro: `Ich habe 2 Sendungen zu ${TN.inTransit} und ${TN.pending} gefunden:`, cards: 2 } },
      ],
      webchatDe,
    );
  });

  test('"both" when neither is known: said, and nothing asked', async () => {
    await run(
      config(),
      [
        user(`${TN.unknown} ${ORDER_ID.unknown}`),
        ask(/^I see several numbers/, TN.unknown, ORDER_ID.unknown, 'All of them'),
        user('all of them'),
        bot(
          `I couldn't find anything for ${TN.unknown} or ${ORDER_ID.unknown}. Please check the number and type it again.`,
        ),
      ],
      webchat,
    );
  });

  test('the number itself picks it', async () => {
    await run(
      config(),
      [
        user(`${TN.inTransit} ${TN.pending}`),
        ask(/^I see several numbers/, TN.inTransit, TN.pending, 'All of them'),
        user(TN.pending),
        found(`Here is the shipment for ${TN.pending}:`, 1),
      ],
      webchat,
    );
  });
});

describe("the shop's order-number format (ORDER_NUMBER_PATTERN)", () => {
  test('an order number in that format is answered at once, in a sentence too, with no question', async () => {
    await run(
      withPattern(),
      [user(ORDER.delivered), foundFinal(`Here is the shipment for ${ORDER.delivered}:`, 1, 'DHL')],
      webchat,
    );
    await run(
      withPattern(),
      [
        user(`where is my order ${ORDER.inTransitMultiShipment.toLowerCase()}?`),
        found(`I found 3 shipments for ${ORDER.inTransitMultiShipment.toLowerCase()}:`, 3),
      ],
      webchat,
    );
  });

  test('without it, the one number of a sentence is asked about once', async () => {
    await run(
      config(),
      [
        user(`where is my order ${ORDER.delivered}?`),
        ask(`What kind of number is ${ORDER.delivered}?`, 'Order number', 'Tracking number', 'Store order number'),
        user('1'),
        foundFinal(`Here is the shipment for ${ORDER.delivered}:`, 1),
      ],
      webchat,
    );
  });
});

describe('order numbers as people type them (ORDER_NUMBER_PATTERN ORD-\\d{4})', () => {
  test.each(['ord 1002', 'ORD1002', 'ORD-10O2', 'ord-1oo2', 'where is Nr.ORD-1002?', 'n°ORD1002 please'])(
    '"%s" is looked up as ORD-1002, and the answer names ORD-1002',
    async (said) => {
      await run(
        withPattern(),
        [user(said), found(`I found 3 shipments for ${ORDER.inTransitMultiShipment}:`, 3)],
        webchat,
      );
      expect(upstreams.checkpoints.requests.map((request) => request.query.orderNo)).toEqual([
        ORDER.inTransitMultiShipment,
      ]);
    },
  );

  test.each(['#ORD-1002', 'order:ORD-1002', 'My order is ORD-1002.'])(
    '"%s" still works: the punctuation around it is not part of it',
    async (said) => {
      await run(
        withPattern(),
        [user(said), found(`I found 3 shipments for ${ORDER.inTransitMultiShipment}:`, 3)],
        webchat,
      );
      expect(upstreams.checkpoints.requests.map((request) => request.query.orderNo)).toEqual([
        ORDER.inTransitMultiShipment,
      ]);
    },
  );

  test('two numbers in one message, one of them fixed up: both offered as the shop writes them', async () => {
    await run(
      withPattern(),
      [
        user('ORD-1001 or was it ord 1002?'),
        ask(/^I see several numbers/, ORDER.delivered, ORDER.inTransitMultiShipment, 'All of them'),
      ],
      webchat,
    );
  });

  test('a glued "n°" before a plain order number (ORDER_NUMBER_PATTERN \\d{4}) is not part of it', async () => {
    await run(
      config({ ORDER_NUMBER_PATTERN: '\\d{4}' }),
      [user('n°1002'), bot(/^I couldn't find anything for 1002\./)],
      webchat,
    );
    expect(upstreams.checkpoints.requests.map((request) => request.query.orderNo)).toEqual(['1002']);
  });

  test('a carrier tracking number and an order ID are never "fixed" into order numbers', async () => {
    await run(
      withPattern(),
      [user(TN.inTransit), found(`Here is the shipment for ${TN.inTransit}:`, 1, 'UPS')],
      webchat,
    );
    await run(
      withPattern(),
      [user(ORDER_ID.multiShipment), found(`I found 3 shipments for ${ORDER_ID.multiShipment}:`, 3)],
      webchat,
    );
    expect(upstreams.checkpoints.requests).toHaveLength(0);
  });

  test("where two readings fit, nothing is looked up: the bot says what an order number looks like, in the customer's language", async () => {
    const twoReadings = config({ ORDER_NUMBER_PATTERN: 'ORD-\\d{4}|ORD-[A-Z]{4}' });
    await run(
      twoReadings,
      [
        user('ORD-I0I0'),
        bot(
          'I can read ORD-I0I0 more than one way. An order number looks like this: ORD-1234. Please type your order number.',
        ),
      ],
      webchat,
    );
    await run(
      twoReadings,
      [
        user('ORD-I0I0'),
        bot(
          'Ich kann ORD-I0I0 auf mehr als eine Weise lesen. Eine Bestellnummer sieht so aus: ORD-1234. Bitte geben Sie Ihre Bestellnummer ein.',
        ),
      ],
      webchatDe,
    );
    expect(upstreams.checkpoints.requests).toHaveLength(0);
  });

  test.each(['fr-FR', 'es-ES', 'it-IT', 'nl-NL'])(
    'two readings, in %s: the typed number and the example, in that language',
    async (locale) => {
      const twoReadings = config({ ORDER_NUMBER_PATTERN: 'ORD-\\d{4}|ORD-[A-Z]{4}' });
      const said = {
        'fr-FR': /^Je peux lire ORD-I0I0 .*: ORD-1234\. Veuillez/,
        'es-ES': /^Puedo leer ORD-I0I0 .*: ORD-1234\. Escribe/,
        'it-IT': /^Posso leggere ORD-I0I0 .*: ORD-1234\. Scrivi/,
        'nl-NL': /^Ik kan ORD-I0I0 .*: ORD-1234\. Typ/,
      }[locale]!;
      await run(twoReadings, [user('ORD-I0I0'), bot(said)], { channelId: 'webchat', locale });
    },
  );

  test('a fixed-up number not found costs no miss: three of them, and the next lookup still runs', async () => {
    const notFound = (shown: string): Line[] => [
      user('cancel'),
      bot(/^OK/),
      user(shown.replace('-', ' ').toLowerCase()),
      bot(`I couldn't find anything for ${shown}. Please check the number and type it again.`),
    ];
    await run(
      withPattern(),
      [
        ...notFound('ORD-9991').slice(2),
        ...notFound('ORD-9992'),
        ...notFound('ORD-9993'),
        user('cancel'),
        bot(/^OK/),
        user(ORDER.delivered),
        foundFinal(`Here is the shipment for ${ORDER.delivered}:`, 1),
      ],
      webchat,
    );
    expect(upstreams.checkpoints.requests.map((request) => request.query.orderNo)).toEqual([
      'ORD-9991',
      'ORD-9992',
      'ORD-9993',
      ORDER.delivered,
    ]);
  });

  test('typed loosely at "type your order number", again after each "not found": read the same way, and no miss counts', async () => {
    const again = (typed: string, shown: string): Line[] => [
      user(typed),
      bot(`I couldn't find anything for ${shown}. Please check the number and type it again.`),
    ];
    await run(
      withPattern(),
      [
        user('Order number'),
        bot('Please type your order number.'),
        ...again('ORD9991', 'ORD-9991'),
        ...again('ord 9992', 'ORD-9992'),
        ...again('ORD-99O3', 'ORD-9903'),
        user('ord1OO1'),
        foundFinal(`Here is the shipment for ${ORDER.delivered}:`, 1),
      ],
      webchat,
    );
    expect(upstreams.checkpoints.requests.map((request) => request.query.orderNo)).toEqual([
      'ORD-9991',
      'ORD-9992',
      'ORD-9903',
      ORDER.delivered,
    ]);
  });
});

describe('a number typed at the wrong question', () => {
  test('a UPS number at "type your order number" is looked up as the tracking number it is', async () => {
    await run(
      config(),
      [
        user('hi'),
        ask(HI_WHAT, ...KINDS),
        user('Order number'),
        bot('Please type your order number.'),
        user(TN.inTransit),
        found(`Here is the shipment for ${TN.inTransit}:`, 1, 'UPS'),
      ],
      webchat,
    );
    expect(upstreams.checkpoints.requests).toHaveLength(0);
  });

  test('an order ID at "type your order number" gets one question; "not found" as an order number offers the other kinds and costs no miss', async () => {
    const asOrderNumber: Line[] = [
      user('Order number'),
      bot('Please type your order number.'),
      user(ORDER_ID.singleShipment),
      ask(`What kind of number is ${ORDER_ID.singleShipment}?`, 'Order number', 'Order ID'),
      user('Order number'),
      ask(
        `I couldn't find anything for ${ORDER_ID.singleShipment} as “Order number”. What kind of number is it?`,
        'Order ID',
        'Tracking number',
        'Store order number',
      ),
    ];
    // Three times over, and the right answer still gets through: no cool-down.
    await run(
      config(),
      [
        ...asOrderNumber,
        user('cancel'),
        bot(/^OK, I've stopped/),
        ...asOrderNumber,
        user('cancel'),
        bot(/^OK/),
        ...asOrderNumber,
        user('Order ID'),
        foundFinal(`Here is the shipment for ${ORDER_ID.singleShipment}:`, 1, 'Royal Mail'),
      ],
      webchat,
    );
  });

  test('another kind named at the question for a number switches to it', async () => {
    await run(
      config(),
      [
        user('Tracking number'),
        bot('Please type the tracking number.'),
        user('Order ID'),
        bot('Please type your order ID. It has 12 letters or digits.'),
        user(ORDER_ID.singleShipment),
        foundFinal(/^Here is/, 1),
      ],
      webchat,
    );
  });

  test('what was typed is quoted exactly: "ORD-1001" at the tracking-number question stays ORD-1001', async () => {
    await run(
      config(),
      [
        user('Tracking number'),
        bot('Please type the tracking number.'),
        user(ORDER.delivered),
        bot(`I couldn't find anything for ${ORDER.delivered}. Please check the number and type it again.`),
      ],
      webchat,
    );
    expect(JSON.parse(upstreams.trackings.requests[0].body)).toEqual({ tracking_number: 'ORD1001' });
  });

  test('a tracking number in groups is quoted as typed, looked up without the spaces', async () => {
    await run(
      config(),
      [user('1Z7X 3F94 0344 1562 00'), found('Here is the shipment for 1Z7X 3F94 0344 1562 00:', 1, 'UPS')],
      webchat,
    );
    expect(JSON.parse(upstreams.trackings.requests[0].body)).toEqual({ tracking_number: TN.inTransit });
  });
});

describe('what people say besides numbers', () => {
  test.each<[string, Line[]]>([
    ['hi', [ask(HI_WHAT, ...KINDS)]],
    ['thanks!', [bot("You're welcome! Send me a number whenever you like.")]],
    ['bye', [bot('Thanks, and have a great day!')]],
    ['ok', [bot('Glad to help. Send me another number whenever you like.')]],
    ['yes', [ask(WHAT, ...KINDS)]],
    ['no', [bot('Thanks, and have a great day!')]],
    // The answer's list: 1. Notify me, 2. Track another, 3. That's all.
    ['1', [bot(/^I'll message you here when 1Z7X3F940344156200 moves, until \w+ \d+, 2026\.$/)]],
    ['2', [ask(WHAT, ...KINDS)]],
    ['3', [bot('Thanks, and have a great day!')]],
    ['where is my order ORD-1001?', [foundFinal('Here is the shipment for ORD-1001:', 1)]],
    [
      'when will it arrive?',
      [
        bot(
          `I can show you the carrier's latest status, but the carrier doesn't give me a delivery date. The latest news for ${TN.inTransit} is in my answer above.`,
        ),
      ],
    ],
    // Right after an answer: customer service, with no request for a number (one was just sent).
    [
      'my parcel is lost, I want a refund',
      [
        bot(
          "I'm sorry about that. I can't arrange refunds, returns or replacements myself, but the shop's customer service can. You can reach them here: https://shop.example/help",
        ),
      ],
    ],
    [
      'can I change the delivery address?',
      [
        bot(
          "I can't change an order or its delivery: I can only show where it is. The shop's customer service can help with that. You can reach them here: https://shop.example/help",
        ),
      ],
    ],
    [
      'why is the sky blue?',
      [
        bot(
          "I'm not sure I can help with that: I can only show where your parcels are. For anything else, the shop's customer service can help. You can reach them here: https://shop.example/help",
        ),
      ],
    ],
  ])('after an answer, "%s"', async (said, reply) => {
    await run(
      withPattern({ SUPPORT_URL: 'https://shop.example/help' }),
      [user(TN.inTransit), found(/^Here is/, 1), user(said), ...reply],
      webchat,
    );
  });

  test.each<[string, Line[]]>([
    ['hi', [bot('Hi! Please type your order number.')]],
    ['thanks', [bot("You're welcome! Send me a number whenever you like.")]],
    ['ok bye', [bot('Thanks, and have a great day!')]],
    ['help', [bot(/^I find your shipments/), bot('Please type your order number.')]],
    [
      'when will it arrive?',
      [
        bot(
          "I can show you the carrier's latest status, but the carrier doesn't give me a delivery date.\n\nPlease type your order number.",
        ),
      ],
    ],
    // No question is asked after it: a person, not an order number, is what the customer wants now (handoff.test.ts).
    [
      'I want to talk to a human',
      [
        bot(
          "I can't put you through to a person here, but the shop's customer service can help. When you contact customer service, please give your order or tracking number.",
        ),
      ],
    ],
    ['refund', [bot(/^I'm sorry about that.*\n\nPlease type your order number\.$/s)]],
  ])('at "type your order number", "%s"', async (said, reply) => {
    await run(config(), [user('Order number'), bot('Please type your order number.'), user(said), ...reply], webchat);
    expect(upstreams.checkpoints.requests).toHaveLength(0);
  });

  test('on SMS, a reply with nothing to choose keeps the last list: "3" after "when will it arrive?" is still "That\'s all"', async () => {
    await run(
      config(),
      [
        user(TN.inTransit),
        { bot: { textShowing: [`Here is the shipment for ${TN.inTransit}:`], choices: FOLLOW_UPS } },
        user('when will it arrive?'),
        bot(/^I can show you the carrier's latest status/),
        user('thanks'),
        bot("You're welcome! Send me a number whenever you like."),
        user('3'),
        bot('Thanks, and have a great day!'),
      ],
      { channelId: 'sms', locale: 'en-US' },
    );
  });

  test('a lone "2" with no list before it is no order number: the first question, not "what kind of number is 2?"', async () => {
    await run(config(), [user('2'), ask(WHAT, ...KINDS)], { channelId: 'sms', locale: 'en-US' });
  });

  test('after cancel, "bye" is a goodbye', async () => {
    await run(
      config(),
      [
        user('Order ID'),
        bot(/^Please type your order ID/),
        user('cancel'),
        bot("OK, I've stopped. Send me a number whenever you like."),
        user('bye'),
        bot('Thanks, and have a great day!'),
      ],
      webchat,
    );
  });

  test('questions asked back cost no attempt: three of them, and the number still gets through', async () => {
    const why = [user('when will it arrive?'), bot(/delivery date\.\n\nPlease type the tracking number\.$/)];
    await run(
      config(),
      [
        user('Tracking number'),
        bot('Please type the tracking number.'),
        ...why,
        ...why,
        ...why,
        user(TN.inTransit),
        found(/^Here is/, 1),
      ],
      webchat,
    );
  });
});

describe('after an answer that found a problem, the question is about that parcel', () => {
  const HELP = 'https://shop.example/help';
  const withHelp = (env: NodeJS.ProcessEnv = {}) => config({ SUPPORT_URL: HELP, ...env });
  const LOST = `I'm sorry: the carrier cannot find your parcel (${TN.lost}). I can't arrange a replacement or a refund myself, but the shop's customer service will sort it out with you. You can reach them here: ${HELP}`;
  /** The answer's message, whatever it offers: the choices are not what these tests are about. */
  const shown = (identifier: string): Line => ({ bot: { intro: `Here is the shipment for ${identifier}:`, cards: 1 } });

  test.each(['I want a refund', 'where is my money?', 'I want a replacement'])(
    'a lost parcel, then "%s": a person is offered, no order number asked for',
    async (said) => {
      await run(
        withHelp({ HANDOFF: 'botframework' }),
        [user(TN.lost), shown(TN.lost), user(said), ask(LOST, 'Talk to a person')],
        webchat,
      );
    },
  );

  test('a lost parcel, then "I want a refund", where no person can come in: the help page', async () => {
    await run(withHelp(), [user(TN.lost), shown(TN.lost), user('I want a refund'), bot(LOST)], webchat);
  });

  test('a parcel on its way back, then "can I get a refund?": what happens once it is back', async () => {
    await run(
      withHelp(),
      [
        user(TN.returned),
        shown(TN.returned),
        user('can I get a refund?'),
        bot(
          `Your parcel (${TN.returned}) is on its way back to the shop. I can't arrange a refund or a new delivery myself, but once it arrives, the shop's customer service will get in touch with you about either. You can reach them here: ${HELP}`,
        ),
      ],
      webchat,
    );
  });

  test('a failed delivery, then "I want a refund": the shop\'s customer service, no order number asked for', async () => {
    await run(
      withHelp(),
      [
        user(TN.deliveryFailed),
        shown(TN.deliveryFailed),
        user('I want a refund'),
        bot(
          `I'm sorry about that. I can't arrange refunds, returns or replacements myself, but the shop's customer service can. You can reach them here: ${HELP}`,
        ),
      ],
      webchat,
    );
  });

  test('auf Deutsch: ein verlorenes Paket, dann „ich will mein Geld zurück“', async () => {
    await run(
      withHelp({ HANDOFF: 'botframework' }),
      [
        user(TN.lost),
        { bot: { intro: `Hier ist die Sendung zu ${TN.lost}:`, cards: 1 } },
        user('ich will mein Geld zurück'),
        ask(
          `Das tut mir leid: Der Versanddienst findet Ihr Paket (${TN.lost}) nicht. Ersatz oder eine Erstattung kann ich nicht selbst veranlassen, aber der Kundenservice des Shops kümmert sich gemeinsam mit Ihnen darum. Sie erreichen ihn hier: ${HELP}`,
          'Mit einem Menschen sprechen',
        ),
      ],
      webchatDe,
    );
  });

  test('the next answer, with nothing wrong, is what a question is about then: customer service, and no number asked for (one was just looked up)', async () => {
    await run(
      withHelp(),
      [
        user(TN.lost),
        shown(TN.lost),
        user(TN.delivered),
        shown(TN.delivered),
        user('I want a refund'),
        bot(
          `I'm sorry about that. I can't arrange refunds, returns or replacements myself, but the shop's customer service can. You can reach them here: ${HELP}`,
        ),
      ],
      webchat,
    );
  });
});

describe('the store of a store order', () => {
  test('without TRACKINGS_STORES the store is asked in plain words, and the typed name is used', async () => {
    await run(
      config(),
      [
        user('Store order number'),
        bot("Please type the order number from the store's confirmation email."),
        user(STORE.usStore.externalOrder),
        ask('Which store did you order from? Please type its name.'),
        user(STORE.usStore.storeId),
        found('I found 3 shipments for #1001:', 3),
      ],
      webchat,
    );
    expect(JSON.parse(upstreams.trackings.requests[0].body)).toEqual({
      external_order: '#1001',
      store_id: 'store-us-1',
    });
  });

  const stores = { TRACKINGS_STORES: 'store-us-1=Acme US, store-uk-1=Acme UK' };

  test('with TRACKINGS_STORES the names are the choices; a typed name or id in any case, or a number, picks one', async () => {
    const toStore: Line[] = [
      user('Store order number'),
      bot(/^Please type the order number/),
      user('#1001'),
      ask('Which store did you order from?', 'Acme US', 'Acme UK'),
    ];
    await run(config(stores), [...toStore, user('acme uk'), foundFinal('Here is the shipment for #1001:', 1)], webchat);
    await run(config(stores), [...toStore, user('STORE-US-1'), found('I found 3 shipments for #1001:', 3)], webchat);
    await run(config(stores), [...toStore, user('2'), foundFinal('Here is the shipment for #1001:', 1)], webchat);
    expect(upstreams.trackings.requests.map((r) => (JSON.parse(r.body) as { store_id?: string }).store_id)).toEqual([
      'store-uk-1',
      'store-us-1',
      'store-uk-1',
    ]);
  });

  test('more stores than fit as buttons: asked by name, and any of them is taken by name', async () => {
    const many = {
      TRACKINGS_STORES: Array.from({ length: 9 }, (_, i) => `store-${i}=Shop ${i}`)
        .concat('store-uk-1=Acme UK')
        .join(','),
    };
    await run(
      config(many),
      [
        user('Store order number'),
        bot(/^Please type/),
        user('#1001'),
        ask('Which store did you order from? Please type its name.'),
        user('acme uk'),
        foundFinal('Here is the shipment for #1001:', 1),
      ],
      webchat,
    );
  });

  test('a store that is not one of them is named, and the store is asked again', async () => {
    await run(
      config(stores),
      [
        user('Store order number'),
        bot(/^Please type/),
        user('#1001'),
        ask('Which store did you order from?', 'Acme US', 'Acme UK'),
        user('Acme DE'),
        ask("I don't know a store called “Acme DE”.\n\nWhich store did you order from?", 'Acme US', 'Acme UK'),
      ],
      webchat,
    );
    expect(upstreams.trackings.requests).toHaveLength(0);
  });

  test('a store the interface refuses is asked for again (the store, not the number), naming it', async () => {
    upstreams.trackings.inject({
      kind: 'status',
      status: 400,
      body: { code: 'invalid_argument', message: 'unknown store', meta: { argument: 'store_id' } },
    });
    await run(
      config(stores),
      [
        user('Store order number'),
        bot(/^Please type/),
        user('#1001'),
        ask('Which store did you order from?', 'Acme US', 'Acme UK'),
        user('Acme UK'),
        ask(
          "The tracking service didn't accept the store “Acme UK”. Which store did you order from?",
          'Acme US',
          'Acme UK',
        ),
        user('Acme US'),
        found('I found 3 shipments for #1001:', 3),
      ],
      webchat,
    );
  });

  test('an order not found at a store names the store and keeps it; "start over" picks another', async () => {
    await run(
      config(stores),
      [
        { user: { value: { input_type: 'external_order', identifier: '#1001', store_id: STORE.wrongStore.storeId } } },
        bot(
          `I couldn't find anything for #1001 at ${STORE.wrongStore.storeId}. Please check the number and type it again, or say “start over” to pick another store.`,
        ),
        user('1002'),
        bot(/^I couldn't find anything for 1002 at/),
      ],
      webchat,
    );
    expect(JSON.parse(upstreams.trackings.requests[1].body)).toEqual({
      external_order: '1002',
      store_id: STORE.wrongStore.storeId,
    });
  });

  test('a single-store deployment never asks for the store', async () => {
    await run(
      config({ TRACKINGS_STORE_ID: STORE.ukStore.storeId }),
      [
        user('Store order number'),
        bot(/^Please type the order number/),
        user(STORE.ukStore.externalOrder),
        foundFinal(`Here is the shipment for ${STORE.ukStore.externalOrder}:`, 1),
      ],
      webchat,
    );
  });
});

describe('bad input gets a clear answer and no upstream call', () => {
  test('an order ID of the wrong length is explained and asked for again, in one message', async () => {
    await run(
      config(),
      [
        user('Order ID'),
        bot('Please type your order ID. It has 12 letters or digits.'),
        user('AB12CD'),
        bot(
          'An order ID has exactly 12 letters or digits, but that one has 6.\n\nPlease type your order ID. It has 12 letters or digits.',
        ),
        user('AB12CD34EF5!'),
        bot(
          'An order ID has only the letters A–Z and the digits 0–9.\n\nPlease type your order ID. It has 12 letters or digits.',
        ),
        user(ORDER_ID.singleShipment),
        foundFinal(`Here is the shipment for ${ORDER_ID.singleShipment}:`, 1),
      ],
      webchat,
    );
    expect(upstreams.trackings.requests).toHaveLength(1);
  });

  test('after three answers that do not fit, the bot stops asking, politely', async () => {
    await run(
      config(),
      [
        user('Tracking number'),
        bot('Please type the tracking number.'),
        user('abc'),
        bot(/^That doesn't look like a tracking number.*\n\nPlease type the tracking number\.$/s),
        user('x y'),
        bot(/^That doesn't look like a tracking number/),
        user('12'),
        bot("Let's leave it here for now. Send me a number whenever you like."),
        user('hi'),
        ask(HI_WHAT, ...KINDS),
      ],
      webchat,
    );
    expect(upstreams.trackings.requests).toHaveLength(0);
  });

  test('a choice that is no option is asked again, with the options', async () => {
    await run(
      config(),
      [
        user('hi'),
        ask(HI_WHAT, ...KINDS),
        user('pizza'),
        ask(`Please pick one of the options, or just send me the number.\n\n${WHAT}`, ...KINDS),
      ],
      webchat,
    );
  });

  test('"2" at a choice picks the second option; fullwidth digits too', async () => {
    await run(
      config(),
      [user('hi'), ask(HI_WHAT, ...KINDS), user('２.'), bot('Please type the tracking number.')],
      webchat,
    );
  });
});

describe('errors become conversation', () => {
  test('not found: said, and the number asked for again in the same message', async () => {
    await run(
      config(),
      [
        user('Order number'),
        bot('Please type your order number.'),
        user(ORDER.unknown),
        bot(`I couldn't find anything for ${ORDER.unknown}. Please check the number and type it again.`),
        user(ORDER.delivered),
        foundFinal(`Here is the shipment for ${ORDER.delivered}:`, 1),
      ],
      webchat,
    );
  });

  test('a number the interface refuses gets the same words as "not found", so guessing learns nothing', async () => {
    const refused = {
      kind: 'status' as const,
      status: 400,
      body: {
        code: 'invalid_argument',
        message: 'bad',
        details: [{ type: 'google.rpc.BadRequest', debug: { fieldViolations: [{ field: 'tracking_number' }] } }],
      },
    };
    const sameWords = (tn: string) => [
      user(tn),
      bot(`I couldn't find anything for ${tn}. Please check the number and type it again.`),
    ];
    upstreams.trackings.inject(refused);
    await run(config(), sameWords(TN.inTransit), webchat);
    await run(config(), sameWords(TN.unknown), webchat);
  });

  test.each([
    ['refused credentials', [{ kind: 'status' as const, status: 401 }]],
    [
      'retries exhausted',
      [
        { kind: 'status' as const, status: 503 },
        { kind: 'status' as const, status: 503 },
      ],
    ],
    ['connection resets', [{ kind: 'reset' as const }, { kind: 'reset' as const }]],
  ])('%s: a short apology, no technical detail, the detail in the log', async (_what, faults) => {
    upstreams.trackings.inject(...faults);
    const talk = await run(
      config(),
      [
        user(TN.inTransit),
        bot("Sorry, I can't reach the tracking service right now. Please try again in a few minutes."),
        user('hi'),
        ask(HI_WHAT, ...KINDS),
      ],
      webchat,
    );
    expect(talk.logs.join('\n')).toMatch(/"msg":"lookup failed"/);
  });
});

describe('help, cancel and start over work at any step', () => {
  test('help at a question explains, then asks the same question again', async () => {
    await run(
      config(),
      [
        user('Order ID'),
        bot(/^Please type your order ID/),
        user('help'),
        bot(/^I find your shipments/),
        bot(/^Please type your order ID/),
      ],
      webchat,
    );
  });

  test('help at "what kind of number" explains and asks again', async () => {
    await run(
      config(),
      [
        user('#1001'),
        ask('What kind of number is #1001?', 'Order number', 'Store order number'),
        user('help'),
        bot(/^I find your shipments/),
        ask('What kind of number is #1001?', 'Order number', 'Store order number'),
      ],
      webchat,
    );
  });

  test('help with no question open offers the kinds of number', async () => {
    await run(config(), [user('help'), ask(/^I find your shipments/, ...KINDS)], webchat);
  });

  test('cancel stops the dialog; the next message starts fresh', async () => {
    await run(
      config(),
      [
        user('Order number'),
        bot('Please type your order number.'),
        user('Cancel'),
        bot("OK, I've stopped. Send me a number whenever you like."),
        user('hello'),
        ask(HI_WHAT, ...KINDS),
      ],
      webchat,
    );
    expect(upstreams.checkpoints.requests).toHaveLength(0);
  });

  test('start over begins again from the first question', async () => {
    await run(
      config(),
      [user('Order number'), bot('Please type your order number.'), user('start over'), ask(WHAT, ...KINDS)],
      webchat,
    );
  });
});

describe('lookups sent as data (card submits, support widgets)', () => {
  test('a structured lookup is answered in that one turn, even mid-dialog', async () => {
    await run(
      config(),
      [
        user('hi'),
        ask(HI_WHAT, ...KINDS),
        user({
          value: {
            input_type: 'external_order',
            identifier: STORE.plainNumber.externalOrder,
            store_id: STORE.plainNumber.storeId,
          },
        }),
        found(`Here is the shipment for ${STORE.plainNumber.externalOrder}:`, 1, 'DHL'),
      ],
      webchat,
    );
  });

  test('a structured order number goes to Interface A in the customer’s language', async () => {
    await run(
      config(),
      [
        user({ value: { input_type: 'order_number', identifier: ORDER.delivered } }),
        {
          bot: {
            intro: /^Hier ist die Sendung/,
            cards: 1,
            showing: ['Zugestellt'],
            choices: ['Weitere verfolgen', "Das war's, danke"],
          },
        },
      ],
      webchatDe,
    );
    expect(upstreams.checkpoints.requests[0].query.lang).toBe('de');
  });

  test.each([
    ['an unknown input_type', { input_type: 'email', identifier: 'a@b.c' }],
    ['an order ID of the wrong shape', { input_type: 'order_id', identifier: 'short' }],
    ['a store_id with a tracking number', { input_type: 'tracking_number', identifier: TN.inTransit, store_id: 'x' }],
    ['an identifier that is not text', { input_type: 'tracking_number', identifier: 42 }],
  ])('%s gets a clear answer and no lookup', async (_what, value) => {
    await run(
      config(),
      [user({ value }), bot("Sorry, I couldn't read that request. Please send me the number instead.")],
      webchat,
    );
    expect(upstreams.trackings.requests).toHaveLength(0);
  });

  test('a structured store order without store asks for the store', async () => {
    await run(
      config(),
      [
        user({ value: { input_type: 'external_order', identifier: '#1001' } }),
        bot('Which store did you order from? Please type its name.'),
      ],
      webchat,
    );
  });
});

describe('channels', () => {
  test('in Teams, the @mention is removed before the bot reads the message', async () => {
    const mention = {
      type: 'mention',
      mentioned: { id: 'bot', name: 'Order Tracking' },
      text: '<at>Order Tracking</at>',
    };
    await run(
      config(),
      [
        user({
          text: '<at>Order Tracking</at> help',
          entities: [mention],
          recipient: { id: 'bot', name: 'Order Tracking' },
        }),
        ask(/^I find your shipments/, ...KINDS),
      ],
      { channelId: 'msteams', locale: 'en-US' },
    );
  });

  /** A card's button as these tests read it: a Submit's title and the Teams action it posts, or a link. */
  interface CardButton {
    type: string;
    title?: string;
    data?: { msteams?: { type?: string; value?: string } };
  }

  /** The buttons of each card in a Teams answer, by title; the follow-ups are on a card of their own that shows no parcel. */
  const teamsAnswer = (replies: Array<Partial<import('botbuilder').Activity>>) =>
    replies.flatMap((reply) =>
      (reply.attachments ?? []).map((attachment) => {
        const card = attachment.content as Record<string, unknown>;
        return {
          parcel: !isChoicesCard(card),
          layout: reply.attachmentLayout,
          buttons: (cardButtons(card) as CardButton[]).map(
            (action) =>
              `${action.type === 'Action.Submit' ? `${action.title} → ${action.data?.msteams?.type} ${action.data?.msteams?.value}` : 'a link ↗'}`,
          ),
        };
      }),
    );

  test('in Teams, a carousel offers what to do next once, after its cards, and each parcel’s card keeps only its carrier link', async () => {
    const talk = conversation(withPattern(), { channelId: 'msteams', locale: 'en-US' });
    const replies = await talk.say(ORDER.inTransitMultiShipment);
    expect(replies.some((reply) => reply.suggestedActions)).toBe(false);
    expect(teamsAnswer(replies)).toEqual([
      { parcel: true, layout: 'carousel', buttons: ['a link ↗'] },
      { parcel: true, layout: 'carousel', buttons: ['a link ↗'] },
      // The delivered parcel's card: nothing to be notified about on it.
      { parcel: true, layout: 'carousel', buttons: ['a link ↗'] },
      { parcel: false, layout: undefined, buttons: FOLLOW_UPS.map((title) => `${title} → imBack ${title}`) },
    ]);
    expect((await talk.say('Track another')).map((a) => a.text)).toEqual([WHAT]);
  });

  test('in Teams, one parcel’s answer: its card with its link, and below it the choices on a card of their own', async () => {
    const talk = conversation(config(), { channelId: 'msteams', locale: 'en-US' });
    const replies = await talk.say(TN.inTransit);
    expect(replies).toHaveLength(1);
    expect(teamsAnswer(replies)).toEqual([
      { parcel: true, layout: 'list', buttons: ['a link ↗'] },
      { parcel: false, layout: 'list', buttons: FOLLOW_UPS.map((title) => `${title} → imBack ${title}`) },
    ]);
  });

  test('in Teams, "Notify me" is never offered for delivered parcels: neither one, nor a carousel of parcels all delivered or returned', async () => {
    const talk = conversation(withPattern(), { channelId: 'msteams', locale: 'en-US' });
    const delivered = teamsAnswer(await talk.say(ORDER.delivered));
    expect(delivered.flatMap((card) => card.buttons)).toEqual([
      'a link ↗',
      ...FINAL_FOLLOW_UPS.map((title) => `${title} → imBack ${title}`),
    ]);
    await talk.say(`${TN.delivered} ${TN.returned}`);
    const final = teamsAnswer(await talk.say('All of them'));
    expect(final.filter((card) => card.parcel)).toHaveLength(2);
    expect(final.flatMap((card) => card.buttons).filter((button) => button.includes('→'))).toEqual(
      FINAL_FOLLOW_UPS.map((title) => `${title} → imBack ${title}`),
    );
  });

  test('on SMS the status comes as text with the carrier link, and the choices as a numbered list a number answers', async () => {
    await run(
      config(),
      [
        user(TN.inTransit),
        {
          bot: {
            textShowing: [`Here is the shipment for ${TN.inTransit}:`, 'UPS', 'In transit', 'https://www.ups.com/'],
            choices: FOLLOW_UPS,
          },
        },
        user('2'),
        ask(WHAT, ...KINDS),
        user('2'),
        bot('Please type the tracking number.'),
      ],
      { channelId: 'sms', locale: 'en-US' },
    );
  });

  test('a deployment with only Interface A skips the question of what to track, and offers no kinds', async () => {
    await run(
      config({ TRACKINGS_BASE_URL: '', TRACKINGS_API_KEY: '' }),
      [
        user('hi'),
        ask('Hi! Please type your order number.'),
        user(ORDER.delivered),
        foundFinal(/^Here is the shipment/, 1),
      ],
      webchat,
    );
  });
});

describe('English words in another language’s chat', () => {
  test('"Store order number" typed into a Dutch chat picks that choice, and a customer who writes English is answered in English (#35)', async () => {
    const webchatNl = { channelId: 'webchat', locale: 'nl-NL' };
    await run(
      config(),
      [
        user('hoi'),
        ask('Hallo! Wat wil je volgen?', 'Bestelnummer', 'Trackingnummer', 'Order-ID', 'Bestelnummer van de winkel'),
        user('Store order number'),
        bot("Please type the order number from the store's confirmation email."),
      ],
      webchatNl,
    );
  });
});

describe('auf Deutsch', () => {
  const ARTEN = ['Bestellnummer', 'Sendungsnummer', 'Auftrags-ID', 'Shop-Bestellnummer'];
  test('eine Sendungsnummer in der ersten Nachricht, dann tschüss', async () => {
    await run(
      config(),
      [
        user(`Wo ist mein Paket ${TN.inTransit}?`),
        {
          bot: {
            intro: `Hier ist die Sendung zu ${TN.inTransit}:`,
            cards: 1,
            showing: ['UPS', 'Unterwegs'],
            choices: ['Benachrichtigen', 'Weitere verfolgen', "Das war's, danke"],
          },
        },
        user('Danke, tschüss'),
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
        ask('Hallo! Was möchten Sie verfolgen?', ...ARTEN),
        user('Bestellnummer'),
        bot('Bitte geben Sie Ihre Bestellnummer ein.'),
        user(ORDER.delivered),
        answer(`Hier ist die Sendung zu ${ORDER.delivered}:`, 1, 'DHL', 'Zugestellt'),
      ],
      webchatDe,
    );
    expect(upstreams.checkpoints.requests[0].query.lang).toBe('de');
  });

  test('eine Auftrags-ID mit falscher Länge', async () => {
    await run(
      config(),
      [
        user('Auftrags-ID'),
        bot('Bitte geben Sie Ihre Auftrags-ID ein. Sie hat 12 Buchstaben oder Ziffern.'),
        user('AB12'),
        bot(
          'Eine Auftrags-ID hat genau 12 Buchstaben oder Ziffern, diese hat 4.\n\nBitte geben Sie Ihre Auftrags-ID ein. Sie hat 12 Buchstaben oder Ziffern.',
        ),
        user(ORDER_ID.multiShipment),
        answer(`Ich habe 3 Sendungen zu ${ORDER_ID.multiShipment} gefunden:`, 3, 'Unterwegs'),
      ],
      webchatDe,
    );
  });

  test('nicht gefunden, dann abbrechen', async () => {
    await run(
      config(),
      [
        user(TN.unknown),
        bot(
          `Zu ${TN.unknown} habe ich nichts gefunden. Bitte prüfen Sie die Nummer und geben Sie sie noch einmal ein.`,
        ),
        user('abbrechen'),
        bot('Gut, ich habe abgebrochen. Schicken Sie mir jederzeit eine Nummer.'),
      ],
      webchatDe,
    );
  });

  test('der Dienst ist nicht erreichbar', async () => {
    upstreams.trackings.inject({ kind: 'status', status: 503 }, { kind: 'status', status: 503 });
    await run(
      config(),
      [
        user(TN.inTransit),
        bot(
          'Entschuldigung, ich erreiche den Sendungsdienst gerade nicht. Bitte versuchen Sie es in ein paar Minuten noch einmal.',
        ),
      ],
      webchatDe,
    );
  });

  test('Hilfe mitten im Dialog', async () => {
    await run(
      config(),
      [
        user('Hallo'),
        ask('Hallo! Was möchten Sie verfolgen?', ...ARTEN),
        user('Hilfe'),
        bot(/^Ich finde Ihre Sendungen/),
        ask('Was möchten Sie verfolgen?', ...ARTEN),
      ],
      webchatDe,
    );
  });

  test('de-CH und fehlende Locale: Schweizer Deutsch spricht Deutsch, ohne Locale gilt DEFAULT_LOCALE', async () => {
    await run(config(), [user('Grüezi'), ask('Hallo! Was möchten Sie verfolgen?', ...ARTEN)], {
      channelId: 'webchat',
      locale: 'de-CH',
    });
    await run(
      config({ DEFAULT_LOCALE: 'de-DE' }),
      [user('Hallo'), ask('Hallo! Was möchten Sie verfolgen?', ...ARTEN)],
      { channelId: 'msteams' },
    );
  });
});

describe('a re-sent message', () => {
  test('lands on another instance that shares the state, and is still answered once', async () => {
    const { MemoryStorage } = await import('botbuilder');
    const { createApp } = await import('../../src/app');
    const { silentLogger } = await import('../../src/runtime/logger');
    const { TurnContext, TestAdapter } = await import('botbuilder');
    const shared = new MemoryStorage();
    const [one, two] = [
      createApp(config(), silentLogger, { storage: shared }),
      createApp(config(), silentLogger, { storage: shared }),
    ];
    const adapter = new TestAdapter(() => Promise.resolve(), { channelId: 'webchat', locale: 'en-US' });
    const deliver = async (app: typeof one) => {
      const sent: unknown[] = [];
      const activity = {
        type: 'message',
        id: 'resend-7',
        text: 'hi',
        channelId: 'webchat',
        locale: 'en-US',
        conversation: { id: 'c-resend' },
        from: { id: 'u' },
        recipient: { id: 'bot' },
        serviceUrl: 'http://127.0.0.1:9',
      };
      const context = new TurnContext(adapter, activity as never);
      context.onSendActivities((_c, activities) => {
        sent.push(...activities);
        return Promise.resolve(activities.map(() => ({ id: 'x' })));
      });
      await app.bot.run(context);
      return sent;
    };
    expect(await deliver(one)).toHaveLength(1);
    expect(await deliver(two)).toHaveLength(0);
  });
});
