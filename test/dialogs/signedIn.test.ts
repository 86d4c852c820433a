/**
 * What a signed-in customer notices (issue #25): the store's site signed them in, so the chat greets them
 * by their first name in their language and offers "Your orders", whose buttons look each order up as data
 * in the turn they are pressed. A visitor, and the same `dl_` id on Teams or SMS, is nobody in particular:
 * no name, no orders, and a short answer to "my orders". The bot, its dialogs and the lookup are real; the
 * two interfaces are the simulators on loopback.
 */
import type { Activity } from 'botbuilder';
import { DEMO } from '../../sandbox/simulators';
import type { OwnedOrder, SignedInCustomer } from '../../src/customers/customer';
import { configFor } from '../support/app';
import { visibleStrings } from '../support/seen';
import { ask, bot, conversation, run, user, type Line, type TranscriptOptions } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const STORES = 'store-us-1=Example Store US, store-uk-1=Example Store UK';
const config = (env: NodeJS.ProcessEnv = {}) =>
  configFor(upstreams, { LOG_LEVEL: 'trace', UPSTREAM_MAX_ATTEMPTS: '2', TRACKINGS_STORES: STORES, ...env });
const ORDER = DEMO.checkpoints;
const ORDER_ID = DEMO.trackings.orderIds;
const TN = DEMO.trackings.trackingNumbers;

/** Direct Line's id for Ana, bound by the token the store's page got. */
const ANA = 'dl_k3yedHashOfAnasCustomerId';
/** Newest first, as the store lists them. */
const ANAS_ORDERS: OwnedOrder[] = [
  { kind: 'order_number', identifier: ORDER.inTransitMultiShipment },
  { kind: 'external_order', identifier: '#1001', storeId: 'store-uk-1' },
  { kind: 'order_id', identifier: ORDER_ID.multiShipment },
];
/** The test clock's start (FakeClock) plus half an hour: the token's life. */
const EXPIRES = Date.parse('2026-11-22T12:30:00.000Z');
const ana = (claims: Partial<SignedInCustomer> = {}): SignedInCustomer => ({
  userId: ANA,
  name: 'Ana Lima',
  orders: ANAS_ORDERS,
  expiresAt: EXPIRES,
  ...claims,
});

/** Web Chat on the store's site, from Ana's bound id. */
/** `locale` null: the client names none. */
const signedIn = (claims: Partial<SignedInCustomer> = {}, locale: string | null = 'en-US'): TranscriptOptions => ({
  channelId: 'webchat',
  locale: locale ?? undefined,
  userId: ANA,
  signedIn: [ana(claims)],
});
const join = (locale?: string): Partial<Activity> => ({
  type: 'event',
  name: 'webchat/join',
  value: locale ? { locale } : {},
});
const membersAdded: Partial<Activity> = {
  type: 'conversationUpdate',
  membersAdded: [{ id: ANA, name: 'Customer' }],
  recipient: { id: 'bot', name: 'Bot' },
};

const KINDS = ['Order number', 'Tracking number', 'Order ID', 'Store order number'];
const KINDS_NL = ['Bestelnummer', 'Trackingnummer', 'Order-ID', 'Bestelnummer van de winkel'];
const WELCOME = 'I can tell you where your order is. Send me your order number, tracking number or order ID.';
const WHICH = 'Which order would you like to track?';
const ANAS_TITLES = [ORDER.inTransitMultiShipment, '#1001 (Example Store UK)', ORDER_ID.multiShipment];
const SEND_NUMBER = 'To see where your parcel is, send me its order or tracking number.';
const FOLLOW_UPS = ['Notify me', 'Track another', "That's all, thanks"];

/** The buttons as Web Chat gets them: what each shows, and what pressing it posts. */
const buttons = (activity: Partial<Activity>) =>
  activity.suggestedActions?.actions.map(({ type, title, value }) => ({ type, title, value: value as unknown }));
/** Pressing an order's button in Web Chat: its title as the words shown, its value the lookup. */
const press = (title: string, value: object): Partial<Activity> => ({ type: 'message', text: title, value });
const trackingsBodies = () => upstreams.trackings.requests.map((request) => JSON.parse(request.body) as unknown);

describe('the greeting by first name', () => {
  test('Web Chat joins: "Hi Ana!", and her orders offered before the kinds of number', async () => {
    await run(config(), [user(join('en-US')), ask(`Hi Ana! ${WELCOME}`, 'Your orders', ...KINDS)], signedIn());
  });

  test('members added (a client that sends no join event) greets her the same', async () => {
    await run(config(), [user(membersAdded), ask(`Hi Ana! ${WELCOME}`, 'Your orders', ...KINDS)], signedIn());
  });

  test('in Dutch, the page’s language', async () => {
    await run(
      config(),
      [
        user(join('nl-NL')),
        ask(
          'Hallo Ana! Ik vertel je waar je bestelling is. Stuur me je bestelnummer, trackingnummer of order-ID.',
          'Je bestellingen',
          ...KINDS_NL,
        ),
      ],
      signedIn({}, null),
    );
  });

  test('in the language of her claims when the activity names none, and in the activity’s when it does', async () => {
    await run(
      config(),
      [
        user(membersAdded),
        ask(
          /^Hallo Ana! Ich sage Ihnen, wo Ihre Bestellung ist\./,
          'Ihre Bestellungen',
          'Bestellnummer',
          'Sendungsnummer',
          'Auftrags-ID',
          'Shop-Bestellnummer',
        ),
      ],
      signedIn({ locale: 'de-DE' }, null),
    );
    await run(
      config(),
      [
        user(join('fr-FR')),
        ask(
          /^Bonjour Ana ! Je vous dis où en est votre commande\./,
          'Vos commandes',
          'Numéro de commande',
          'Numéro de suivi',
          'Identifiant de commande',
          'Numéro de commande boutique',
        ),
      ],
      signedIn({ locale: 'de-DE' }, null),
    );
  });

  test('signed in without a name: the usual greeting, with her orders', async () => {
    await run(
      config(),
      [user(join('en-US')), ask(`Hi! ${WELCOME}`, 'Your orders', ...KINDS)],
      signedIn({ name: undefined }),
    );
  });

  test.each([
    ['markup', '<img src=x onerror=alert(1)> Lima'],
    ['Markdown', '**Ana** [Lima](https://evil.example)'],
    ['a very long name', `${'Wolfeschlegelsteinhausenbergerdorff'.repeat(30)} Senior`],
  ])('a name with %s is never shown: the usual greeting, plain text', async (_case, name) => {
    const talk = await run(
      config(),
      [user(join('en-US')), ask(`Hi! ${WELCOME}`, 'Your orders', ...KINDS)],
      signedIn({ name }),
    );
    expect(talk.logs.join('\n')).not.toContain('Lima');
  });

  test('a name with accents and a hyphen is greeted as written', async () => {
    await run(
      config(),
      [
        user(join('es-ES')),
        ask(
          /^¡Hola, José-María! Te digo dónde está tu pedido\./,
          'Tus pedidos',
          'Número de pedido',
          'Número de seguimiento',
          'ID de pedido',
          'Número de pedido de la tienda',
        ),
      ],
      signedIn({ name: 'José-María García' }, null),
    );
  });

  test('a visitor on Web Chat, and a `dl_` id whose token has expired, get the usual greeting', async () => {
    await run(config(), [user(join('en-US')), ask(`Hi! ${WELCOME}`, ...KINDS)], {
      channelId: 'webchat',
      locale: 'en-US',
      userId: 'dl_someVisitorsOwnId1',
    });
    await run(config(), [user(join('en-US')), ask(`Hi! ${WELCOME}`, ...KINDS)], {
      ...signedIn({ expiresAt: Date.parse('2026-11-22T11:59:59.000Z') }),
    });
  });

  test('neither her name nor her id nor her orders go into a log line', async () => {
    const talk = await run(
      config(),
      [
        user(join('en-US')),
        ask(`Hi Ana! ${WELCOME}`, 'Your orders', ...KINDS),
        user('my orders'),
        ask(WHICH, ...ANAS_TITLES),
        user('1'),
        { bot: { intro: /^I found 3 shipments/, cards: 3, choices: FOLLOW_UPS } },
      ],
      signedIn(),
    );
    const logs = talk.logs.join('\n');
    expect(logs).toContain('"turn"');
    for (const secret of ['Ana', ANA, ORDER.inTransitMultiShipment, '#1001', ORDER_ID.multiShipment])
      expect({ secret, logged: logs.includes(secret) }).toEqual({ secret, logged: false });
  });
});

describe('"Your orders"', () => {
  test('the button offers her orders, newest first, as buttons that post each lookup as data', async () => {
    const talk = conversation(config(), signedIn());
    await talk.customers.keep(ana());
    await talk.say(join('en-US'));
    const [list] = await talk.say('Your orders');
    expect(list.text).toBe(WHICH);
    expect(buttons(list)).toEqual([
      {
        type: 'messageBack',
        title: ORDER.inTransitMultiShipment,
        value: { input_type: 'order_number', identifier: ORDER.inTransitMultiShipment },
      },
      {
        type: 'messageBack',
        title: '#1001 (Example Store UK)',
        value: { input_type: 'external_order', identifier: '#1001', store_id: 'store-uk-1' },
      },
      {
        type: 'messageBack',
        title: ORDER_ID.multiShipment,
        value: { input_type: 'order_id', identifier: ORDER_ID.multiShipment },
      },
    ]);
    // Web Chat shows the title as what she said.
    expect(list.suggestedActions?.actions.map((action) => (action as { displayText?: string }).displayText)).toEqual(
      ANAS_TITLES,
    );
  });

  test('pressing a store order’s button looks it up in that store in the same turn: no question which kind, nor which store', async () => {
    await run(
      config(),
      [
        user('my orders'),
        ask(WHICH, ...ANAS_TITLES),
        user(
          press('#1001 (Example Store UK)', {
            input_type: 'external_order',
            identifier: '#1001',
            store_id: 'store-uk-1',
          }),
        ),
        { bot: { intro: 'Here is the shipment for #1001:', cards: 1, showing: ['Royal Mail'] } },
      ],
      signedIn(),
    );
    expect(trackingsBodies()).toEqual([{ external_order: '#1001', store_id: 'store-uk-1' }]);
  });

  test('typed, in her words: "what did I order?", and "2" picks the second', async () => {
    await run(
      config(),
      [
        user('what did I order?'),
        ask(WHICH, ...ANAS_TITLES),
        user('2'),
        { bot: { intro: 'Here is the shipment for #1001:', cards: 1 } },
      ],
      signedIn(),
    );
    expect(trackingsBodies()).toEqual([{ external_order: '#1001', store_id: 'store-uk-1' }]);
  });

  test('at a question, "my orders" gives way to her orders', async () => {
    await run(
      config(),
      [
        user('Order ID'),
        bot('Please type your order ID. It has 12 letters or digits.'),
        user('my orders'),
        ask(WHICH, ...ANAS_TITLES),
        user('1'),
        { bot: { intro: /^I found 3 shipments for ORD-1002:/, cards: 3 } },
      ],
      signedIn(),
    );
  });

  test('a message with a number in it is about that number, not her list', async () => {
    await run(
      config(),
      [
        user(`what did I order in ${TN.inTransit}?`),
        { bot: { intro: `Here is the shipment for ${TN.inTransit}:`, cards: 1, choices: FOLLOW_UPS } },
      ],
      signedIn(),
    );
  });

  test('help offers them too', async () => {
    await run(config(), [user('help'), ask(/^I find your shipments/, 'Your orders', ...KINDS)], signedIn());
  });

  test('in Dutch: "mijn bestellingen", the list, and a button pressed', async () => {
    await run(
      config(),
      [
        user(join('nl-NL')),
        ask(/^Hallo Ana!/, 'Je bestellingen', ...KINDS_NL),
        user('mijn bestellingen'),
        ask('Welke bestelling wil je volgen?', ...ANAS_TITLES),
        user(press(ORDER_ID.multiShipment, { input_type: 'order_id', identifier: ORDER_ID.multiShipment })),
        { bot: { intro: `Ik heb 3 zendingen gevonden voor ${ORDER_ID.multiShipment}:`, cards: 3 } },
      ],
      signedIn({}, 'nl-NL'),
    );
    expect(trackingsBodies()).toEqual([{ order_id: ORDER_ID.multiShipment }]);
  });

  test.each([
    ['en-US', 'my orders'],
    ['de-DE', 'meine Bestellungen'],
    ['fr-FR', 'mes commandes'],
    ['es-ES', 'mis pedidos'],
    ['it-IT', 'i miei ordini'],
    ['nl-NL', 'mijn bestellingen'],
    ['de-DE', 'Was habe ich bestellt?'],
    ['fr-FR', 'Qu’est-ce que j’ai commandé ?'],
    ['es-ES', '¿Qué he pedido?'],
    ['it-IT', 'Cosa ho ordinato?'],
    ['nl-NL', 'Wat heb ik besteld?'],
    ['fr-FR', 'my orders'],
  ])('%s: %p shows her orders', async (locale, said) => {
    const [list] = await (async () => {
      const talk = conversation(config(), signedIn({}, locale));
      await talk.customers.keep(ana());
      return talk.say(said);
    })();
    expect(buttons(list)?.map(({ title }) => title)).toEqual(ANAS_TITLES);
  });

  test('with 7 orders: the newest 5 as buttons, and that any other can be typed (one of hers is known for hers)', async () => {
    const seven: OwnedOrder[] = [
      'ORD-1007',
      'ORD-1006',
      'ORD-1005',
      'ORD-1004',
      'ORD-1003',
      'ORD-1002',
      'ORD-1001',
    ].map((identifier) => ({ kind: 'order_number', identifier }));
    await run(
      config(),
      [
        user('my orders'),
        ask(
          'Here are your 5 newest orders. For any other, just type its number.',
          'ORD-1007',
          'ORD-1006',
          'ORD-1005',
          'ORD-1004',
          'ORD-1003',
        ),
        user('ORD-1001'),
        { bot: { intro: 'Here is the shipment for ORD-1001:', cards: 1 } },
      ],
      signedIn({ orders: seven }),
    );
    await run(
      config(),
      [
        user('mijn bestellingen'),
        ask(
          'Hier zijn je 5 nieuwste bestellingen. Voor een andere typ je gewoon het nummer.',
          'ORD-1007',
          'ORD-1006',
          'ORD-1005',
          'ORD-1004',
          'ORD-1003',
        ),
      ],
      signedIn({ orders: seven }, 'nl-NL'),
    );
  });

  test('with none in her claims: said, and a number asked for; the greeting offers no "Your orders"', async () => {
    await run(
      config(),
      [
        user(join('en-US')),
        ask(`Hi Ana! ${WELCOME}`, ...KINDS),
        user('my orders'),
        bot(`I don't see any orders in your account yet. ${SEND_NUMBER}`),
      ],
      signedIn({ orders: [] }),
    );
    await run(
      config(),
      [
        user('mes commandes'),
        bot(
          'Je ne vois encore aucune commande dans votre compte. Pour voir où en est votre colis, envoyez-moi son numéro de commande ou de suivi.',
        ),
      ],
      signedIn({ orders: [] }, 'fr-FR'),
    );
  });
});

describe('an order that is not hers, while she is signed in (ORDER_DETAILS=masked, the default)', () => {
  const masked = () => config({ ORDER_DETAILS: 'masked', ORDER_NUMBER_PATTERN: 'ORD-\\d{4}' });
  const NOT_HERS =
    "This order isn't in your account, so I can't show the carrier, the tracking number or where the parcel has been.";
  const SIGN_IN = 'Sign in on our website';

  test('its card says the order is not in her account: she is signed in, so "sign in" would be no way to see more', async () => {
    const talk = conversation(masked(), signedIn());
    await talk.customers.keep(ana());
    const shown = (await talk.say(ORDER.exception)).flatMap(visibleStrings).join('\n');
    expect(shown).toContain(NOT_HERS);
    expect(shown).not.toContain(SIGN_IN);
    // Masked as for anyone else: the carrier's button is not there.
    expect(shown).not.toMatch(/Track (on|your parcel|shipment)/);
  });

  test('her own order in the same conversation is whole and says neither', async () => {
    const talk = conversation(masked(), signedIn());
    await talk.customers.keep(ana());
    const shown = (await talk.say(ORDER.inTransitMultiShipment)).flatMap(visibleStrings).join('\n');
    expect(shown).not.toContain(NOT_HERS);
    expect(shown).not.toContain(SIGN_IN);
  });

  test('a visitor looking up the same order is still told that signing in shows the rest', async () => {
    const shown = (await conversation(masked(), { channelId: 'webchat', locale: 'en-US' }).say(ORDER.exception))
      .flatMap(visibleStrings)
      .join('\n');
    expect(shown).toContain(SIGN_IN);
    expect(shown).not.toContain(NOT_HERS);
  });

  test('in Dutch', async () => {
    const talk = conversation(masked(), signedIn({}, 'nl-NL'));
    await talk.customers.keep(ana());
    const shown = (await talk.say(ORDER.exception)).flatMap(visibleStrings).join('\n');
    expect(shown).toContain('Deze bestelling staat niet in je account');
    expect(shown).not.toContain('Log in op onze website');
  });
});

describe('anyone not signed in', () => {
  test('a visitor on Web Chat who types "my orders": they can sign in on the shop, or send a number', async () => {
    const visitor = { channelId: 'webchat', locale: 'en-US' };
    await run(
      config(),
      [user('my orders'), bot(`Sign in on the shop's website, and I'll show your orders here. ${SEND_NUMBER}`)],
      visitor,
    );
    await run(
      config(),
      [
        user('mes commandes'),
        bot(
          'Connectez-vous sur le site de la boutique, et je vous montrerai vos commandes ici. Pour voir où en est votre colis, envoyez-moi son numéro de commande ou de suivi.',
        ),
      ],
      { ...visitor, locale: 'fr-FR' },
    );
    // At a question, the same line, and the question again.
    await run(
      config(),
      [
        user('Order number'),
        bot('Please type your order number.'),
        user('my orders'),
        bot("Sign in on the shop's website, and I'll show your orders here. Please type your order number."),
      ],
      visitor,
    );
  });

  test('the "Your orders" button never reaches a visitor: its words are answered as "my orders"', async () => {
    await run(
      config(),
      [user('Your orders'), bot(`Sign in on the shop's website, and I'll show your orders here. ${SEND_NUMBER}`)],
      { channelId: 'webchat', locale: 'en-US' },
    );
  });

  test('Ana’s `dl_` id on Teams is whatever its sender typed: no name, no orders, and "my orders" answered for Teams', async () => {
    const teams = { channelId: 'msteams', locale: 'en-US', userId: ANA, signedIn: [ana()] };
    await run(
      config(),
      [
        user(membersAdded),
        ask(`Hi! ${WELCOME}`, ...KINDS),
        user('my orders'),
        bot(
          `I can show your orders only in the chat on the shop's website, once you're signed in there. ${SEND_NUMBER}`,
        ),
      ],
      teams,
    );
  });

  test('Ana’s `dl_` id on SMS: no name, no orders, and "my orders" answered in GSM-7, in her language', async () => {
    const sms = (locale: string) => ({ channelId: 'sms', locale, userId: ANA, signedIn: [ana()] });
    const talk = await run(
      config(),
      // The SMS welcome is its one-segment form.
      [
        user(membersAdded),
        ask("Hi! I'll tell you where your order is. Send me its number or pick a kind:", ...KINDS),
        user('my orders'),
        bot(
          `I can show your orders only in the chat on the shop's website, once you're signed in there. ${SEND_NUMBER}`,
        ),
      ],
      sms('en-US'),
    );
    await run(
      config(),
      [
        user('i miei ordini'),
        bot(
          "Posso mostrarti i tuoi ordini solo nella chat sul sito del negozio, dopo aver effettuato l'accesso. Per vedere dov'è il tuo pacco, mandami il suo numero d'ordine o di tracciamento.",
        ),
      ],
      sms('it-IT'),
    );
    expect(talk.logs.join('\n')).not.toContain('Ana');
  });

  test('on Teams and SMS her orders are never shown, whatever she types', async () => {
    for (const channelId of ['msteams', 'sms']) {
      const talk = conversation(config(), { channelId, locale: 'en-US', userId: ANA });
      await talk.customers.keep(ana());
      for (const said of [join('en-US'), membersAdded, 'help', 'my orders', 'Your orders', '1', '2']) {
        const shown = (await talk.say(said)).flatMap(visibleStrings).join('\n');
        expect({ channelId, said, shown }).toEqual({
          channelId,
          said,
          shown: expect.not.stringMatching(/Ana|ORD-1002|#1001|AB12CD34EF56|Your orders/) as unknown,
        });
      }
    }
  });
});

describe('a person and Notify me, for a signed-in customer', () => {
  const PRESS_ORDER = press(ORDER.inTransitMultiShipment, {
    input_type: 'order_number',
    identifier: ORDER.inTransitMultiShipment,
  });
  const FOUND: Line = {
    bot: { intro: `I found 3 shipments for ${ORDER.inTransitMultiShipment}:`, cards: 3, choices: FOLLOW_UPS },
  };
  const initiation = (activities: Partial<Activity>[]) =>
    activities.find((a) => a.type === 'event' && a.name === 'handoff.initiate');

  test('Notify me, from an order her button looked up, works as for anyone', async () => {
    await run(
      config(),
      [
        user('my orders'),
        ask(WHICH, ...ANAS_TITLES),
        user(PRESS_ORDER),
        FOUND,
        user('Notify me'),
        bot(/^I'll message you here when ORD-1002 moves, until /),
      ],
      signedIn(),
    );
  });

  test('HANDOFF=botframework: the case says she is signed in (and a visitor’s that they are not), never who she is', async () => {
    const env = { HANDOFF: 'botframework' };
    const talk = conversation(config(env), signedIn());
    await talk.customers.keep(ana());
    const [, listed] = [await talk.say('my orders'), await talk.say(PRESS_ORDER)];
    expect(listed[0].text).toBe(`I found 3 shipments for ${ORDER.inTransitMultiShipment}:`);
    const replies = await talk.say('Talk to a person');
    expect(replies.filter((a) => a.type === 'message').map((a) => a.text)).toEqual([
      "I'm asking a colleague to take over. Please stay in this chat: someone will reply here as soon as they're free.",
    ]);
    const value = initiation(replies)!.value as unknown;
    expect(value).toMatchObject({
      signedIn: true,
      locale: 'en-US',
      lookups: [{ kind: 'order_number', identifier: ORDER.inTransitMultiShipment }],
    });
    expect(JSON.stringify(value)).not.toMatch(/Ana|dl_/);

    const visitor = conversation(config(env), { channelId: 'webchat', locale: 'en-US' });
    await visitor.say(ORDER.inTransitMultiShipment);
    expect(initiation(await visitor.say('Talk to a person'))?.value).toMatchObject({ signedIn: false });
  });

  test('HANDOFF=omnichannel: the agent’s summary says first that she is signed in, in the agent’s words', async () => {
    const talk = await run(
      config({ HANDOFF: 'omnichannel' }),
      [
        user(PRESS_ORDER),
        FOUND,
        user('talk to a person'),
        {
          bot: [
            { text: /^I'm asking a colleague/ },
            {
              text: /^Signed in on the shop's website\.\n\nThe customer asked for a person \(language: en-US\)\. What they looked up:\n\nOrder number ORD-1002:\n- UPS/,
            },
          ],
        },
      ],
      signedIn(),
    );
    expect(talk.logs.join('\n')).not.toContain('Ana');
  });

  test('without a hub: the help page and her summary, as for anyone', async () => {
    await run(
      config({ SUPPORT_URL: 'https://shop.example/help' }),
      [
        user(PRESS_ORDER),
        FOUND,
        user('talk to a person'),
        bot(
          /^I can't put you through to a person here, but the shop's customer service can help\. You can reach them here: https:\/\/shop\.example\/help\n\nA summary you can copy or forward:\n\nOrder number ORD-1002:\n- UPS/,
        ),
      ],
      signedIn(),
    );
  });
});
