/**
 * A person, at any step (issue #14, section 2), as the customer has it: "talk to a person" in six
 * languages at any question, and what each HANDOFF brings. With a Bot Framework hub: the handoff.initiate
 * event with the case and the transcript, and every handoff.status. With Omnichannel: the escalation
 * message. Without a hub: the help page and a summary to forward. The transcript's bounds, its expiry and
 * HANDOFF_TRANSCRIPT=off; the customer's words in no log line. The wire itself: handoffWire.test.ts.
 */
import type { Activity } from 'botbuilder';
import { DEMO } from '../../sandbox/simulators';
import { TRANSCRIPT_LIMITS, type HandoffCase } from '../../src/handoff';
import { configFor } from '../support/app';
import { bot, conversation, run, user, type Conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const config = (env: NodeJS.ProcessEnv = {}) =>
  configFor(upstreams, { LOG_LEVEL: 'trace', UPSTREAM_MAX_ATTEMPTS: '2', ORDER_NUMBER_PATTERN: 'ORD-\\d{4}', ...env });
const botframework = (env: NodeJS.ProcessEnv = {}) =>
  config({ HANDOFF: 'botframework', SUPPORT_URL: 'https://shop.example/help', ...env });
const webchat = { channelId: 'webchat', locale: 'en-US' };
const TN = DEMO.trackings.trackingNumbers;
const ORDER = DEMO.checkpoints;

const WAITING =
  "I'm asking a colleague to take over. Please stay in this chat: someone will reply here as soon as they're free.";
const NO_PERSON_HERE = "I can't put you through to a person here, but the shop's customer service can help.";
const status = (state: string, extra: Partial<Activity> = {}): Partial<Activity> => ({
  type: 'event',
  name: 'handoff.status',
  value: { state },
  locale: undefined,
  ...extra,
});
const messages = (activities: Partial<Activity>[]) => activities.filter((a) => a.type === 'message').map((a) => a.text);
const initiation = (activities: Partial<Activity>[]) =>
  activities.find((a) => a.type === 'event' && a.name === 'handoff.initiate');
const transcriptOf = (event: Partial<Activity> | undefined) =>
  (
    event?.attachments?.[0]?.content as { activities: Array<{ text: string; from: { role: string } }> } | undefined
  )?.activities.map((a) => `${a.from.role}: ${a.text}`);

/** The customer's own words for a person, as people type them, and the button's words. */
const ASKING: Array<[string, string, string[]]> = [
  ['en', 'en-US', ['I want to talk to a human', 'can I speak to an agent?', 'Talk to a person']],
  [
    'de',
    'de-DE',
    ['Ich möchte mit einem Menschen sprechen', 'Kann ich jemanden sprechen?', 'Mit einem Menschen sprechen'],
  ],
  ['fr', 'fr-FR', ['Je voudrais parler à un conseiller', 'je peux parler à quelqu’un ?', 'Parler à une personne']],
  ['es', 'es-ES', ['Quiero hablar con una persona', '¿puedo hablar con un agente?', 'Hablar con una persona']],
  ['it', 'it-IT', ['Vorrei parlare con un operatore', 'posso parlare con qualcuno?', 'Parla con una persona']],
  ['nl', 'nl-NL', ['Ik wil een mens spreken', 'kan ik iemand spreken?', 'Met een medewerker praten']],
];
const WAITING_IN: Record<string, RegExp> = {
  en: /^I'm asking a colleague/,
  de: /^Ich hole jemanden/,
  fr: /^Je demande à un membre/,
  es: /^Le pido a alguien/,
  it: /^Chiedo a un collega/,
  nl: /^Ik vraag een collega/,
};
const NO_PERSON_IN: Record<string, RegExp> = {
  en: /^I can't put you through/,
  de: /^Mit einem Menschen kann ich Sie/,
  fr: /^Je ne peux pas vous mettre en relation/,
  es: /^No puedo pasarte/,
  it: /^Qui non posso metterti/,
  nl: /^Ik kan je hier niet doorverbinden/,
};

describe('"talk to a person" in six languages, at any step: never an identifier to validate', () => {
  test.each(ASKING)('%s: with no question open (HANDOFF unset: the help page)', async (language, locale, phrases) => {
    for (const phrase of phrases) {
      const talk = conversation(config(), { channelId: 'webchat', locale });
      expect({ phrase, said: messages(await talk.say(phrase)) }).toEqual({
        phrase,
        said: [expect.stringMatching(NO_PERSON_IN[language])],
      });
    }
  });

  test.each(ASKING)(
    '%s: at the question for an order ID, which expects a number (HANDOFF=botframework)',
    async (language, locale, phrases) => {
      for (const phrase of phrases) {
        const talk = conversation(botframework(), { channelId: 'webchat', locale });
        // "3" is the third kind in every language: the order ID, whose question expects 12 letters or digits.
        expect(messages(await talk.say('3'))).toHaveLength(1);
        const replies = await talk.say(phrase);
        expect({ phrase, said: messages(replies) }).toEqual({
          phrase,
          said: [expect.stringMatching(WAITING_IN[language])],
        });
        expect(initiation(replies)).toBeDefined();
      }
      expect(upstreams.trackings.requests).toHaveLength(0);
    },
  );

  test('English words in a German chat are answered in English, and the question is not asked again after it', async () => {
    const talk = conversation(config(), { channelId: 'webchat', locale: 'de-DE' });
    await talk.say('Bestellnummer');
    expect(messages(await talk.say('I want to talk to a human'))).toEqual([expect.stringMatching(NO_PERSON_IN.en)]);
    // No question is open any more: a number is looked up at once, in the language the customer wrote in last (#35).
    expect(messages(await talk.say(ORDER.delivered))).toEqual([
      expect.stringMatching(/^Here is the shipment for ORD-1001/),
    ]);
  });
});

describe('HANDOFF unset or none: the help page and a case summary to copy or forward', () => {
  test('after two lookups: the help page, then each number with its shipments and statuses', async () => {
    await run(
      config({ SUPPORT_URL: 'https://shop.example/help' }),
      [
        user(ORDER.inTransitMultiShipment),
        { bot: { cards: 3 } },
        user(TN.inTransit),
        { bot: { cards: 1 } },
        user('I want to talk to a human'),
        bot(
          [
            `${NO_PERSON_HERE} You can reach them here: https://shop.example/help`,
            'A summary you can copy or forward:',
            `Order number ${ORDER.inTransitMultiShipment}:\n- UPS, tracking number 1ZV8R4236804512972: In transit\n- DPD, tracking number 01485023741196: Out for delivery\n- PostNL, tracking number 3SKAAN4718293: Delivered`,
            `Tracking number ${TN.inTransit}:\n- UPS: In transit`,
          ].join('\n\n'),
        ),
      ],
      webchat,
    );
  });

  test('with nothing looked up and no help page: what to give customer service', async () => {
    await run(
      config(),
      [
        user('talk to a person'),
        bot(`${NO_PERSON_HERE} When you contact customer service, please give your order or tracking number.`),
      ],
      webchat,
    );
  });

  test('no "Talk to a person" button where nobody can come into the conversation', async () => {
    const talk = conversation(config(), webchat);
    const [help] = await talk.say('help');
    expect(help.suggestedActions?.actions.map((a) => a.title)).toEqual([
      'Order number',
      'Tracking number',
      'Order ID',
      'Store order number',
    ]);
  });

  test('on SMS, in Dutch: plain lines within one gateway message', async () => {
    const talk = conversation(config({ SUPPORT_URL: 'https://shop.example/help' }), {
      channelId: 'sms',
      locale: 'nl-NL',
    });
    await talk.say(ORDER.inTransitMultiShipment);
    const [answer] = await talk.say('Ik wil een medewerker spreken');
    expect(answer.attachments ?? []).toEqual([]);
    expect(answer.text).toBe(
      [
        'Ik kan je hier niet doorverbinden met een medewerker, maar de klantenservice van de winkel helpt je graag. Je bereikt ze hier: https://shop.example/help',
        // By SMS in GSM-7: ë as e.
        'Een samenvatting om te kopieren of door te sturen:',
        `Bestelnummer ${ORDER.inTransitMultiShipment}:\n- UPS, trackingnummer 1ZV8R4236804512972: Onderweg\n- DPD, trackingnummer 01485023741196: Wordt vandaag bezorgd\n- PostNL, trackingnummer 3SKAAN4718293: Bezorgd`,
      ].join('\n\n'),
    );
  });
});

describe('HANDOFF=botframework: the Bot Framework handoff protocol', () => {
  async function handedOver(
    env: NodeJS.ProcessEnv = {},
    options = webchat,
  ): Promise<{ talk: Conversation; event: Partial<Activity> }> {
    const talk = conversation(botframework(env), options);
    await talk.say(ORDER.inTransitMultiShipment);
    const replies = await talk.say('Talk to a person');
    expect(messages(replies)).toEqual([WAITING]);
    return { talk, event: initiation(replies)! };
  }

  test('handoff.initiate carries the case (each shipment: carrier, tracking number, status, last event) and the transcript', async () => {
    const { event } = await handedOver();
    expect(event).toMatchObject({ type: 'event', name: 'handoff.initiate' });
    const handoffCase = event.value as HandoffCase;
    expect(handoffCase).toMatchObject({
      language: 'en',
      locale: 'en-US',
      lookups: [{ kind: 'order_number', identifier: ORDER.inTransitMultiShipment }],
    });
    expect(
      handoffCase.lookups[0].shipments.map(({ carrier, trackingNumber, status, statusText }) => ({
        carrier,
        trackingNumber,
        status,
        statusText,
      })),
    ).toEqual([
      { carrier: 'UPS', trackingNumber: '1ZV8R4236804512972', status: 'in_transit', statusText: 'In transit' },
      { carrier: 'DPD', trackingNumber: '01485023741196', status: 'out_for_delivery', statusText: 'Out for delivery' },
      { carrier: 'PostNL', trackingNumber: '3SKAAN4718293', status: 'delivered', statusText: 'Delivered' },
    ]);
    expect(handoffCase.lookups[0].shipments[0].lastEvent).toEqual({
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      text: expect.any(String) as unknown,
      location: expect.any(String) as unknown,
    });
    expect(event.attachments).toEqual([
      { contentType: 'application/json', name: 'Transcript', content: { activities: expect.any(Array) as unknown } },
    ]);
    expect(transcriptOf(event)).toEqual([
      `user: ${ORDER.inTransitMultiShipment}`,
      expect.stringMatching(
        /^bot: I found 3 shipments for ORD-1002: UPS, tracking number 1ZV8R4236804512972: In transit; DPD, tracking number 01485023741196: Out for delivery; PostNL/,
      ),
      'user: Talk to a person',
    ]);
  });

  test('accepted: someone is coming; completed: the bot is back', async () => {
    const { talk } = await handedOver();
    expect(messages(await talk.say(status('accepted')))).toEqual([
      'A colleague has your case now and will reply here in a moment.',
    ]);
    expect(messages(await talk.say(status('completed')))).toEqual([
      "My colleague has finished with your case, and I'm back to help: send me a number whenever you'd like to track a parcel.",
    ]);
    // Over: another status changes nothing, and says nothing.
    expect(await talk.say(status('accepted'))).toEqual([]);
  });

  test('failed: the help page and the case summary, as without a hub', async () => {
    const { talk } = await handedOver();
    expect(
      messages(await talk.say(status('failed', { value: { state: 'failed', message: 'no agents online' } }))),
    ).toEqual([
      [
        "Sorry, nobody from the team is free right now. You can reach the shop's customer service here: https://shop.example/help",
        'A summary you can copy or forward:',
        `Order number ${ORDER.inTransitMultiShipment}:\n- UPS, tracking number 1ZV8R4236804512972: In transit\n- DPD, tracking number 01485023741196: Out for delivery\n- PostNL, tracking number 3SKAAN4718293: Delivered`,
      ].join('\n\n'),
    ]);
    // The state is logged; the hub's own message is not (it may quote the customer).
    expect(talk.logs.some((line) => line.includes('"state":"failed"'))).toBe(true);
    expect(talk.logs.join('\n')).not.toContain('no agents online');
  });

  test('failed without a help page: try again later; with nothing looked up, what to give customer service', async () => {
    const talk = conversation(botframework({ SUPPORT_URL: '' }), webchat);
    await talk.say('I want to talk to a human');
    expect(messages(await talk.say(status('failed')))).toEqual([
      'Sorry, nobody from the team is free right now. Please try again a little later. When you contact customer service, please give your order or tracking number.',
    ]);
  });

  test("the hub's answers reach the customer in the customer's language, whatever the event's locale", async () => {
    const talk = conversation(botframework(), { channelId: 'webchat', locale: 'de-DE' });
    expect(messages(await talk.say('Ich möchte mit einem Menschen sprechen'))).toEqual([
      expect.stringMatching(/^Ich hole jemanden/),
    ]);
    expect(messages(await talk.say(status('accepted', { locale: 'en-US' })))).toEqual([
      'Jemand aus unserem Team hat Ihr Anliegen übernommen und antwortet Ihnen hier gleich.',
    ]);
  });

  test('a status with no handoff under way, or one that cannot be read, is answered with nothing and refused never', async () => {
    const talk = conversation(botframework(), webchat);
    expect(await talk.say(status('accepted'))).toEqual([]);
    await talk.say('talk to a person');
    expect(await talk.say(status('accepted', { value: { state: 'maybe' } }))).toEqual([]);
    expect(await talk.say(status('accepted', { value: 'accepted' }))).toEqual([]);
    expect(talk.logs.filter((line) => line.includes('handoff status ignored'))).toHaveLength(3);
    expect(talk.logs.some((line) => line.includes('turn failed'))).toBe(false);
  });

  test('asked again while waiting: no second handoff; ten minutes later, a new one', async () => {
    const { talk } = await handedOver();
    const again = await talk.say('talk to a person');
    expect(messages(again)).toEqual([
      "I've already asked a colleague. Someone will reply here as soon as they're free.",
    ]);
    expect(initiation(again)).toBeUndefined();
    await talk.clock.sleep(10 * 60_000);
    expect(initiation(await talk.say('talk to a person'))).toBeDefined();
  });

  test('"Talk to a person" is a button on help and on what the bot cannot do itself, and "5" presses it on SMS', async () => {
    const talk = conversation(botframework(), webchat);
    const [help] = await talk.say('help');
    expect(help.suggestedActions?.actions.map((a) => a.title)).toEqual([
      'Order number',
      'Tracking number',
      'Order ID',
      'Store order number',
      'Talk to a person',
    ]);
    const [refund] = await talk.say('I want a refund');
    expect(refund.text).toMatch(/^I'm sorry about that/);
    expect(refund.suggestedActions?.actions.map((a) => a.title)).toEqual(['Talk to a person']);

    const sms = conversation(botframework(), { channelId: 'sms', locale: 'fr-FR' });
    const [aide] = await sms.say('aide');
    expect(aide.text).toMatch(
      /\n\n1\. Numéro de commande\n2\. Numéro de suivi\n3\. Identifiant de commande\n4\. Numéro de commande boutique\n5\. Parler à une personne$/,
    );
    const pressed = await sms.say('5');
    expect(messages(pressed)).toEqual([expect.stringMatching(/^Je demande à un membre de l['’]équipe/)]);
    expect(initiation(pressed)).toBeDefined();
  });
});

describe('HANDOFF=omnichannel: the escalation Omnichannel documents', () => {
  test('a message whose channelData.tags is {"type":"Escalate","context":{…}}, its text the summary for the agent', async () => {
    const talk = conversation(config({ HANDOFF: 'omnichannel' }), { channelId: 'omnichannel', locale: 'fr-FR' });
    await talk.say(TN.lost);
    const replies = await talk.say('Je voudrais parler à un conseiller');
    expect(replies.map((r) => r.type)).toEqual(['message', 'message']);
    const [waiting, escalation] = replies;
    expect(waiting.text).toMatch(/^Je demande à un membre de l['’]équipe/);
    expect(waiting.channelData).toBeUndefined();
    expect(JSON.parse((escalation.channelData as { tags: string }).tags)).toEqual({
      type: 'Escalate',
      context: {
        OrderTrackingLanguage: 'fr',
        OrderTrackingNumbers: TN.lost,
        OrderTrackingStatuses: 'lost',
        OrderTrackingProblems: 'lost',
      },
    });
    // Omnichannel's own channel is never a Direct Line one a store signs its customers in on.
    expect(escalation.text).toBe(
      `Pas de session ouverte sur le site de la boutique.\n\nLe client souhaite parler à une personne (langue : fr-FR). Ce qu’il a consulté :\n\nNuméro de suivi ${TN.lost} :\n- Royal Mail : Perdu pendant le transport`,
    );
    // Omnichannel shows the agent its own transcript: none is kept here.
    expect(talk.logs.some((line) => line.includes('"transcriptLines":0'))).toBe(true);
  });
});

describe('the transcript: bounded, a day long, dropped after a handoff, never logged, and HANDOFF_TRANSCRIPT=off', () => {
  test(`the last ${TRANSCRIPT_LIMITS.lines} texts, the customer's and the bot's`, async () => {
    const talk = conversation(botframework(), webchat);
    for (let i = 1; i <= 15; i++) await talk.say(i % 2 ? 'thanks' : 'ok');
    const lines = transcriptOf(initiation(await talk.say('talk to a person')))!;
    expect(lines).toHaveLength(TRANSCRIPT_LIMITS.lines);
    expect(lines.slice(-3)).toEqual([
      'user: thanks',
      "bot: You're welcome! Send me a number whenever you like.",
      'user: talk to a person',
    ]);
  });

  test(`each text cut to ${TRANSCRIPT_LIMITS.lineChars} characters, ${TRANSCRIPT_LIMITS.totalChars} in all: the oldest go first`, async () => {
    const talk = conversation(botframework(), webchat);
    for (let i = 1; i <= 15; i++) await talk.say(`why ${i}? ${'blah '.repeat(80)}`);
    const event = initiation(await talk.say('talk to a person'));
    const texts = (event!.attachments![0].content as { activities: Array<{ text: string }> }).activities.map(
      (a) => a.text,
    );
    expect(Math.max(...texts.map((text) => text.length))).toBe(TRANSCRIPT_LIMITS.lineChars);
    expect(texts.join('').length).toBeLessThanOrEqual(TRANSCRIPT_LIMITS.totalChars);
    expect(texts.at(-1)).toBe('talk to a person');
    // 16 characters of "talk to a person", then 380 for each question and its answer: 7 of them and an answer fit in 3,000.
    expect(texts.filter((text) => text.startsWith('why'))[0]).toMatch(/^why 9\? blah/);
  });

  test('a text is dropped a day after it was said (injected clock)', async () => {
    const talk = conversation(botframework(), webchat);
    await talk.say('why is the sky blue?');
    await talk.clock.sleep(23 * 60 * 60_000);
    await talk.say('why is the sea blue?');
    await talk.clock.sleep(2 * 60 * 60_000);
    const lines = transcriptOf(initiation(await talk.say('talk to a person')))!;
    expect(lines.filter((line) => line.startsWith('user:'))).toEqual([
      'user: why is the sea blue?',
      'user: talk to a person',
    ]);
  });

  test('dropped after a handoff: the next handoff carries only what was said since', async () => {
    const { talk } = await handedOver();
    await talk.say(status('completed'));
    await talk.clock.sleep(11 * 60_000);
    await talk.say('thanks');
    const lines = transcriptOf(initiation(await talk.say('talk to a person')));
    expect(lines).toEqual([
      "bot: My colleague has finished with your case, and I'm back to help: send me a number whenever you'd like to track a parcel.",
      'user: thanks',
      "bot: You're welcome! Send me a number whenever you like.",
      'user: talk to a person',
    ]);
  });

  test('HANDOFF_TRANSCRIPT=off: the handoff goes without one, and none is kept', async () => {
    const talk = conversation(botframework({ HANDOFF_TRANSCRIPT: 'off' }), webchat);
    await talk.say(TN.inTransit);
    const event = initiation(await talk.say('talk to a person'));
    expect(event?.attachments).toEqual([]);
    expect((event?.value as HandoffCase).lookups).toHaveLength(1);
  });

  test("the customer's words appear in no log line, whatever the level", async () => {
    const words = ['Zanzibar-Quux', 'my neighbour Mrs Pettigrew', TN.inTransit];
    const { talk } = await handedOver();
    await talk.say(status('completed'));
    await talk.clock.sleep(11 * 60_000);
    await talk.say(`my neighbour Mrs Pettigrew says Zanzibar-Quux took ${TN.inTransit}`);
    await talk.say(TN.inTransit);
    await talk.say('why did Zanzibar-Quux take it?');
    await talk.say('I want to talk to a human about Zanzibar-Quux');
    await talk.say(status('failed'));
    expect(talk.logs.length).toBeGreaterThan(10);
    for (const word of words)
      expect({ word, lines: talk.logs.filter((line) => line.includes(word)) }).toEqual({ word, lines: [] });
    expect(talk.logs.filter((line) => line.includes('"msg":"handoff requested"'))).toHaveLength(2);
  });

  async function handedOver(): Promise<{ talk: Conversation }> {
    const talk = conversation(botframework(), webchat);
    await talk.say(ORDER.inTransitMultiShipment);
    expect(initiation(await talk.say('talk to a person'))).toBeDefined();
    return { talk };
  }
});
