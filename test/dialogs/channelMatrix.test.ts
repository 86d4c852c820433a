/**
 * Every question and every kind of answer, in every channel the bot serves and all six languages,
 * checked for what the customer sees: no internal key anywhere, the choices in the customer's language
 * and shown the way the channel shows them (Web Chat and Direct Line: suggested actions; Teams: card
 * buttons that send the choice's words; SMS and Telegram: a numbered list and nothing but text), and a
 * number picking exactly the item with that number at every question, "Notify me" and the stop of "My notifications" too. With a Bot Framework agent hub
 * (HANDOFF=botframework): the "Talk to a person" button, the words at the question for a number, and what
 * the customer reads at each of the hub's answers (the fallback with the help page and the case included).
 */
import type { Activity } from 'botbuilder';
import { DEMO } from '../../sandbox/simulators';
import { smsCost, toGsm7 } from '../../src/channels';
import { whatsAppMessagesOf, type OutgoingActivity } from '../../src/channels/whatsapp/outgoingMessages';
import { LANGUAGES, Translator, type Language } from '../../src/i18n';
import { LOOKUP_KINDS } from '../../src/tracking/lookup';
import { stopTitle } from '../../dialogs/notifications';
import { configFor } from '../support/app';
import { seen, visibleStrings, type Seen } from '../support/seen';
import { conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';
import type { Interactive } from '../channels/whatsapp/metaSide';

const upstreams = useSimulators();
const TN = DEMO.trackings.trackingNumbers;
const ORDER_ID = DEMO.trackings.orderIds;
const CHANNELS = ['webchat', 'directline', 'msteams', 'sms', 'telegram'] as const;
type Channel = (typeof CHANNELS)[number];
const STYLE: Record<Channel, Seen['style']> = {
  webchat: 'suggested_actions',
  directline: 'suggested_actions',
  msteams: 'card_buttons',
  sms: 'numbered_list',
  telegram: 'numbered_list',
};
const LOCALES: Record<Language, string> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
};
const translator = new Translator('en');

/** Words of ours that must never reach a customer: choice values and translation keys. */
const INTERNAL = new RegExp(
  [
    ...LOOKUP_KINDS.map((kind) => `\\b${kind}\\b`),
    '\\b(?:prompt|choice|errors|invalid|lookup|questions|handoff|social|card|status|name|understand|commands|notify)\\.[a-z_]+',
    '\\b(?:stop_watch|stop_all|my_notifications)\\b',
    '\\{\\{',
  ].join('|'),
);
/** A button whose title is one of the follow-up values rather than its words. */
const VALUES = new Set(['another', 'done', 'person', 'notify', '0', '1', '2', '3', '4']);

const matrix = CHANNELS.flatMap((channel) => LANGUAGES.map((language) => [channel, language] as const));

test.each(matrix)('%s in %s: every question and answer as its customer sees it', async (channel, language) => {
  const { t } = translator.localize(language);
  const kinds = LOOKUP_KINDS.map((kind) => t(`choice.${kind}`));
  const followUps = [t('choice.another'), t('choice.done')];
  // While a parcel is on its way the answer offers "Notify me" first; once all are delivered, returned or lost, not.
  const onItsWay = [t('choice.notify'), ...followUps];
  const config = configFor(upstreams, {
    TRACKINGS_STORES: 'store-us-1=Acme US, store-uk-1=Acme UK',
    LOOKUP_LIMIT: '0',
    LOG_LEVEL: 'warn',
    HANDOFF: 'botframework',
    SUPPORT_URL: 'https://shop.example/help',
  });
  const talk = conversation(config, { channelId: channel, locale: LOCALES[language], localTimezone: 'Europe/Paris' });
  const exchange: string[] = [];

  /** Sends, checks every reply for what no customer may see, and returns the messages as seen. */
  const say = async (said: string | Partial<Activity>): Promise<Seen[]> => {
    exchange.push(`user: ${typeof said === 'string' ? said : JSON.stringify(said)}`);
    if (typeof said !== 'string' && said.type === 'conversationUpdate') await talk.adapter.receiveActivity(said);
    const replies =
      typeof said === 'string' || said.type !== 'conversationUpdate'
        ? await talk.say(said)
        : talk.adapter.activeQueue.splice(0);
    const views = replies.filter((r) => r.type === 'message').map((reply) => check(reply));
    exchange.push(...views.map((v) => `bot: ${JSON.stringify(v.text)} {${v.choices.join(' | ')}}`));
    return views;
  };
  const check = (reply: Partial<Activity>): Seen => {
    const view = seen(reply);
    const where = `\n${exchange.join('\n')}\n${JSON.stringify(reply).slice(0, 2000)}`;
    for (const text of visibleStrings(reply))
      if (INTERNAL.test(text)) throw new Error(`an internal key is shown: ${JSON.stringify(text)}${where}`);
    if (view.choices.some((title) => VALUES.has(title)))
      throw new Error(`a button shows a value: ${view.choices.join(',')}${where}`);
    if (Buffer.byteLength(JSON.stringify(reply)) > 25 * 1024) throw new Error(`over 25 KB${where}`);
    if (channel === 'msteams') {
      // Teams shows no suggested actions on a message with attachments, and at most three otherwise: never use them.
      if (reply.suggestedActions) throw new Error(`suggested actions in Teams${where}`);
      for (const card of view.cards)
        if (Number(card.version) > 1.5) throw new Error(`Adaptive Card ${card.version} in Teams${where}`);
    }
    if (channel === 'sms' || channel === 'telegram') {
      if (reply.attachments?.length || reply.suggestedActions)
        throw new Error(`a text channel got attachments or buttons${where}`);
      if ((reply.text ?? '').length > 1600) throw new Error(`longer than one gateway message (1,600)${where}`);
    }
    if (view.choices.length && view.style !== STYLE[channel])
      throw new Error(`choices shown as ${view.style}, not ${STYLE[channel]}${where}`);
    return view;
  };
  // Everything the bot says by SMS is written in GSM-7 only (C’est → C'est), so that it costs 160-character segments.
  const asSent = (text: string) => (channel === 'sms' ? toGsm7(text) : text);
  /** One message with these words and exactly these choices. */
  const expectAsked = (views: Seen[], text: string, choices: string[] = []) => {
    expect({ exchange, said: views.map((v) => ({ text: v.text, choices: v.choices })) }).toEqual({
      exchange,
      said: [{ text: asSent(text), choices: choices.map(asSent) }],
    });
  };
  const expectAnswer = (views: Seen[], intro: string, choices: string[]) => {
    const last = views.at(-1)!;
    expect({ exchange, intro: views[0].text.split('\n')[0], choices: last.choices }).toEqual({
      exchange,
      intro: asSent(intro),
      choices: choices.map(asSent),
    });
    if (STYLE[channel] !== 'numbered_list') expect(views.flatMap((v) => v.cards).length).toBeGreaterThan(0);
  };
  const kindQuestion = t('prompt.kind');

  // The welcome offers the kinds of number; "3" picks the third.
  // On SMS the welcome is its short form: the shop pays for each segment (see the test below).
  expectAsked(
    await say({
      type: 'conversationUpdate',
      membersAdded: [{ id: 'user-1', name: 'Customer' }],
      recipient: { id: 'bot', name: 'Bot' },
      locale: LOCALES[language],
    }),
    t(channel === 'sms' ? 'sms.welcome' : 'welcome'),
    kinds,
  );
  expectAsked(await say('3'), t('prompt.identifier.order_id'));
  expectAsked(
    await say('AB12'),
    `${t('invalid.order_id_length', { length: 4 })}\n\n${t('prompt.identifier.order_id')}`,
  );
  expectAnswer(
    await say(ORDER_ID.singleShipment),
    t('lookup.found', { count: 1, identifier: ORDER_ID.singleShipment }),
    followUps,
  );

  // The delivered order's answer has no "Notify me": its "1" is "Track another"; at the kind question "2" is a tracking number.
  expectAsked(await say('1'), kindQuestion, kinds);
  expectAsked(await say('2'), t('prompt.identifier.tracking_number'));
  // Not found: the other kinds are offered for the same number ("2", an order ID it cannot be, asks for one).
  expectAsked(
    await say(TN.unknown),
    t('errors.not_found', { identifier: TN.unknown }),
    LOOKUP_KINDS.filter((kind) => kind !== 'tracking_number').map((kind) => t(`choice.${kind}`)),
  );
  expectAsked(await say('2'), t('prompt.identifier.order_id'));
  expectAsked(await say('cancel'), t('cancelled'));

  // Several numbers: "2" looks up the second.
  expectAsked(await say(`${TN.inTransit} ${TN.pending}`), t('prompt.several'), [
    TN.inTransit,
    TN.pending,
    t('choice.all'),
  ]);
  expectAnswer(await say('2'), t('lookup.found', { count: 1, identifier: TN.pending }), onItsWay);

  // "Notify me" is the answer's "1"; "My notifications" lists the watch with its stop, whose "1" stops it.
  const [started] = await say('1');
  expect({ exchange, started: started.text.includes(TN.pending), choices: started.choices }).toEqual({
    exchange,
    started: true,
    choices: [],
  });
  const [list] = await say(t('choice.my_notifications'));
  expect({ exchange, intro: list.text.split('\n')[0], choices: list.choices }).toEqual({
    exchange,
    intro: asSent(t('notify.list', { count: 1 })),
    choices: [asSent(stopTitle(t, TN.pending))],
  });
  expectAsked(await say('1'), t('notify.stopped', { identifiers: TN.pending }));

  // A lone number of no known format: "2" means the second kind offered, then the first store.
  expectAsked(await say('#1001'), t('prompt.ambiguous', { identifier: '#1001' }), [
    t('choice.order_number'),
    t('choice.external_order'),
  ]);
  expectAsked(await say('2'), t('prompt.store'), ['Acme US', 'Acme UK']);
  expectAnswer(await say('1'), t('lookup.found', { count: 3, identifier: '#1001' }), onItsWay);

  // A store order: the stores by name, "2" the second.
  expectAsked(await say('hi'), `${t('social.hello')} ${kindQuestion}`, kinds);
  expectAsked(await say('4'), t('prompt.identifier.external_order'));
  expectAsked(await say('#1001'), t('prompt.store'), ['Acme US', 'Acme UK']);
  expectAnswer(await say('2'), t('lookup.found', { count: 1, identifier: '#1001' }), followUps);

  // An order ID not found as an order number: the other kinds are offered, by number too.
  expectAsked(
    await say({ value: { input_type: 'order_number', identifier: ORDER_ID.multiShipment } }),
    t('errors.not_found_as', { identifier: ORDER_ID.multiShipment, kind: t('choice.order_number') }),
    [t('choice.order_id'), t('choice.tracking_number'), t('choice.external_order')],
  );
  expectAnswer(await say('1'), t('lookup.found', { count: 3, identifier: ORDER_ID.multiShipment }), onItsWay);

  // A question the bot can't act on, in the customer's language; help; goodbye.
  const when = t('understand.eta').split('|')[0];
  expectAsked(
    await say(`${when}?`),
    `${t('questions.eta')} ${t('questions.eta_last', { identifier: ORDER_ID.multiShipment })}`,
  );
  // A person: the button on help ("5" presses it), then the hub finds nobody free: the help page and the case.
  const person = t('choice.person');
  expectAsked(await say(t('commands.help').split('|')[0]), t('help'), [...kinds, person]);
  expectAsked(await say('5'), t('handoff.waiting'));
  const hub = (state: string) => say({ type: 'event', name: 'handoff.status', value: { state }, locale: undefined });
  const [fallback, ...more] = await hub('failed');
  expect({ exchange, more }).toEqual({ exchange, more: [] });
  expect(
    fallback.text.startsWith(
      asSent(
        `${t('handoff.failed')} ${t('handoff.support_url', { url: 'https://shop.example/help' })}\n\n${t('handoff.summary')}\n\n`,
      ),
    ),
  ).toBe(true);
  for (const identifier of [ORDER_ID.multiShipment, '#1001 (store-uk-1)', TN.pending])
    expect({ exchange, identifier, found: fallback.text.includes(identifier) }).toEqual({
      exchange,
      identifier,
      found: true,
    });
  // The button's words at the question for an order ID are no order ID; the hub takes the conversation, then gives it back.
  expectAsked(await say('hi'), `${t('social.hello')} ${kindQuestion}`, kinds);
  expectAsked(await say('3'), t('prompt.identifier.order_id'));
  expectAsked(await say(person), t('handoff.waiting'));
  expectAsked(await hub('accepted'), t('handoff.accepted'));
  expectAsked(await hub('completed'), t('handoff.completed'));
  expectAsked(await say(t('understand.goodbye').split('|')[0]), t('goodbye'));
});

test.each(LANGUAGES)(
  'SMS in %s: the greeting, when the conversation starts and at "hi", is one segment with the kinds of number to pick',
  async (language) => {
    const { t } = translator.localize(language);
    const config = configFor(upstreams, {
      TRACKINGS_STORES: 'store-us-1=Acme US, store-uk-1=Acme UK',
      LOG_LEVEL: 'warn',
    });
    const talk = conversation(config, { channelId: 'sms', locale: LOCALES[language] });
    await talk.adapter.receiveActivity({
      type: 'conversationUpdate',
      membersAdded: [{ id: 'user-1', name: 'Customer' }],
      recipient: { id: 'bot', name: 'Bot' },
      locale: LOCALES[language],
    });
    const welcome = talk.adapter.activeQueue.splice(0).filter((reply) => reply.type === 'message');
    const hello = (await talk.say(t('understand.greeting').split('|')[0])).filter((reply) => reply.type === 'message');
    const kinds = LOOKUP_KINDS.map((kind) => toGsm7(t(`choice.${kind}`)));
    for (const replies of [welcome, hello]) {
      const texts = replies.map((reply) => reply.text ?? '');
      expect({ texts, choices: replies.map((reply) => seen(reply).choices) }).toEqual({ texts, choices: [kinds] });
      expect({ texts, cost: smsCost(texts[0]) }).toEqual({
        texts,
        cost: expect.objectContaining({ encoding: 'GSM-7', segments: 1 }) as unknown,
      });
    }
  },
);

/**
 * WhatsApp, in all six languages: every reply as the Graph API bodies its adapter sends (outgoingMessages.ts),
 * held to WhatsApp's limits (text 4,096; an interactive body 1,024; reply buttons at most 3 of 20 characters; a
 * list at most 10 rows of 24, its button 20; a link label 20; titles unique), with no internal key anywhere,
 * each choice under its title in the customer's language or the shorter wording of it, and each pressed or
 * picked by those words. No "Notify me" and no "Talk to a person" (the channel table: noUpdates, hubsCannotJoin).
 */
test.each(LANGUAGES)(
  'whatsapp in %s: every question and answer as the phone shows it, within WhatsApp’s limits',
  async (language) => {
    const { t } = translator.localize(language);
    const words = {
      listButton: t('interactive.list_button'),
      more: t('interactive.anything_else'),
      page: t('interactive.help_page'),
    };
    const config = configFor(upstreams, {
      TRACKINGS_STORES: 'store-us-1=Acme US, store-uk-1=Acme UK',
      LOOKUP_LIMIT: '0',
      LOG_LEVEL: 'warn',
      HANDOFF: 'botframework',
      SUPPORT_URL: 'https://shop.example/help',
    });
    const talk = conversation(config, { channelId: 'whatsapp', locale: LOCALES[language] });
    const exchange: string[] = [];
    type Shown = { texts: string[]; choices: string[]; links: string[] };

    const say = async (said: string): Promise<Shown> => {
      exchange.push(`customer: ${said}`);
      const messages = (await talk.say(said))
        .filter((reply) => reply.type === 'message')
        .flatMap((reply) => whatsAppMessagesOf(reply as OutgoingActivity, words));
      const shown: Shown = { texts: [], choices: [], links: [] };
      for (const message of messages) {
        const where = `\n${exchange.join('\n')}\n${JSON.stringify(message)}`;
        const fail = (problem: string) => {
          throw new Error(`${problem}${where}`);
        };
        const long = (text: string, max: number) => [...text].length > max || text.length === 0;
        if (message.type === 'text') {
          if (long(message.text.body, 4096)) fail('a text over 4,096 characters');
          shown.texts.push(message.text.body);
        } else if (message.type === 'template') {
          fail('a template in a conversation (templates are for updates outside the 24-hour window)');
        } else {
          const interactive = message.interactive as unknown as Interactive;
          if (long(interactive.body!.text, 1024)) fail('an interactive body over 1,024 characters');
          shown.texts.push(interactive.body!.text);
          const titles: string[] =
            interactive.type === 'button'
              ? interactive.action.buttons!.map((b) => b.reply.title)
              : interactive.type === 'list'
                ? interactive.action.sections!.flatMap((s) => s.rows.map((r) => r.title))
                : [];
          if (interactive.type === 'button' && (titles.length > 3 || titles.some((title) => long(title, 20))))
            fail('reply buttons over WhatsApp’s limits');
          if (
            interactive.type === 'list' &&
            (titles.length > 10 || titles.some((title) => long(title, 24)) || long(interactive.action.button!, 20))
          )
            fail('a list over WhatsApp’s limits');
          if (new Set(titles).size < titles.length) fail('two choices under one title');
          if (interactive.type === 'cta_url') {
            if (long(interactive.action.parameters!.display_text, 20)) fail('a link label over 20 characters');
            shown.links.push(interactive.action.parameters!.display_text);
          }
          shown.choices.push(...titles);
        }
      }
      for (const text of [...shown.texts, ...shown.choices, ...shown.links])
        if (INTERNAL.test(text))
          throw new Error(`an internal key is shown: ${JSON.stringify(text)}\n${exchange.join('\n')}`);
      exchange.push(
        ...shown.texts.map((text) => `phone: ${JSON.stringify(text)}`),
        `phone choices: ${shown.choices.join(' | ')}`,
      );
      return shown;
    };
    /** The choice `value` as the phone shows it: its title, or the shorter wording where the title does not fit. */
    const titled = (value: string) => [t(`choice.${value}`), t(`choice.${value}_short`)];
    const expectChoices = (shown: Shown, values: string[]) => {
      expect({ exchange, count: shown.choices.length }).toEqual({ exchange, count: values.length });
      values.forEach((value, i) =>
        expect({ exchange, value, shown: titled(value).includes(shown.choices[i]) }).toEqual({
          exchange,
          value,
          shown: true,
        }),
      );
    };
    const expectText = (shown: Shown, text: string) =>
      expect({ exchange, text: shown.texts.join('\n\n') }).toEqual({ exchange, text });
    /** The choice `value` pressed, as the phone sends it back: the words on it. */
    const press = (shown: Shown, value: string) => say(shown.choices.find((title) => titled(value).includes(title))!);

    // "hi": the kinds of number (four: a list); the row for an order ID picked.
    let shown = await say(t('understand.greeting').split('|')[0]);
    expectText(shown, `${t('social.hello')} ${t('prompt.kind')}`);
    expectChoices(shown, [...LOOKUP_KINDS]);
    expectText(await press(shown, 'order_id'), t('prompt.identifier.order_id'));
    shown = await say(ORDER_ID.singleShipment);
    expect({ exchange, intro: shown.texts[0].split('\n')[0] }).toEqual({
      exchange,
      intro: t('lookup.found', { count: 1, identifier: ORDER_ID.singleShipment }),
    });
    expectChoices(shown, ['another', 'done']);
    // "Track another" pressed: the kinds again; a tracking number not found offers the other kinds.
    shown = await press(shown, 'another');
    expectChoices(shown, [...LOOKUP_KINDS]);
    expectText(await press(shown, 'tracking_number'), t('prompt.identifier.tracking_number'));
    shown = await say(TN.unknown);
    expectText(shown, t('errors.not_found', { identifier: TN.unknown }));
    expectChoices(
      shown,
      LOOKUP_KINDS.filter((kind) => kind !== 'tracking_number'),
    );
    expectText(await say(t('commands.cancel').split('|')[0]), t('cancelled'));

    // Several numbers: the second picked; its answer (on its way) offers "Notify me": updates reach the phone.
    shown = await say(`${TN.inTransit} ${TN.pending}`);
    expectText(shown, t('prompt.several'));
    expect({ exchange, choices: shown.choices }).toEqual({
      exchange,
      choices: [TN.inTransit, TN.pending, expect.stringMatching(new RegExp(`^(${titled('all').join('|')})$`))],
    });
    shown = await say(TN.pending);
    expect({ exchange, intro: shown.texts[0].split('\n')[0] }).toEqual({
      exchange,
      intro: t('lookup.found', { count: 1, identifier: TN.pending }),
    });
    expectChoices(shown, ['notify', 'another', 'done']);

    // A lone number of no known format: the store's order picked, then the store.
    shown = await say('#1001');
    expectText(shown, t('prompt.ambiguous', { identifier: '#1001' }));
    expectChoices(shown, ['order_number', 'external_order']);
    shown = await press(shown, 'external_order');
    expectText(shown, t('prompt.store'));
    expect({ exchange, choices: shown.choices }).toEqual({ exchange, choices: ['Acme US', 'Acme UK'] });
    shown = await say('Acme UK');
    expect({ exchange, intro: shown.texts[0].split('\n')[0] }).toEqual({
      exchange,
      intro: t('lookup.found', { count: 1, identifier: '#1001' }),
    });

    // Help: the kinds, and no person to talk to; asking for one: the help page and the case, no colleague promised.
    shown = await say(t('commands.help').split('|')[0]);
    expectText(shown, t('help'));
    expectChoices(shown, [...LOOKUP_KINDS]);
    shown = await say(t('choice.person'));
    expect({
      exchange,
      fallback: shown.texts[0].startsWith(
        `${t('questions.person')} ${t('questions.support_url', { url: 'https://shop.example/help' })}\n\n${t('handoff.summary')}\n\n`,
      ),
    }).toEqual({ exchange, fallback: true });
    for (const identifier of [ORDER_ID.singleShipment, TN.pending, '#1001'])
      expect({ exchange, identifier, inTheCase: shown.texts[0].includes(identifier) }).toEqual({
        exchange,
        identifier,
        inTheCase: true,
      });
    expect({ exchange, choices: shown.choices }).toEqual({ exchange, choices: [] });
    expectText(await say(t('understand.goodbye').split('|')[0]), t('goodbye'));
  },
);
