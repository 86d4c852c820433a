/**
 * Issue #35: the customer's own words, in six languages, through the real bot. "It hasn't arrived" asks where
 * the parcel is: the bot asks for the number (or looks up the one in the sentence), and talks about refunds only
 * when one is asked for. What the bot cannot do (cancel, change the address, refund, return, complaint, a
 * person) is answered with where to go instead in every language, never with "What would you like to track?".
 */
import { LANGUAGES, Translator, type Language } from '../../src/i18n';
import { configFor } from '../support/app';
import { DEMO } from '../../sandbox/simulators';
import { seen } from '../support/seen';
import { ask, bot, conversation, run, user, type Line } from '../support/transcript';
import { useSimulators } from '../support/upstreams';
import { CANT_DO, NOT_ARRIVED } from '../recognize/phrases';

const upstreams = useSimulators();
const translator = new Translator('en');
const LOCALES: Record<Language, string> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
};
const config = () => configFor(upstreams, { LOG_LEVEL: 'warn', ORDER_NUMBER_PATTERN: 'ORD-\\d{4}' });

/** Every message the bot sends in reply to a new conversation's first message: its words, and its cards when it has any. */
async function firstReply(language: Language, said: string): Promise<string[]> {
  const talk = conversation(config(), { channelId: 'webchat', locale: LOCALES[language] });
  const replies = await talk.say(said);
  return replies
    .filter((r) => r.type === 'message')
    .map(seen)
    .map(({ text, cards }) => (cards.length ? `${text} ${JSON.stringify(cards)}` : text));
}

const notArrived = LANGUAGES.flatMap((language) => NOT_ARRIVED[language].map((said) => [language, said] as const));

describe('"it hasn\'t arrived" asks where it is', () => {
  test.each(notArrived)('%s: %p → the question for the number, not the refund answer', async (language, said) => {
    const { t } = translator.localize(language);
    expect(await firstReply(language, said)).toEqual([t('prompt.kind')]);
  });

  const withNumber: Array<[Language, string]> = [
    ['en', "ORD-1001 hasn't arrived"],
    ['en', "my order ORD-1001 still hasn't arrived"],
    ['de', 'ORD-1001 ist noch nicht angekommen'],
    ['fr', "je n'ai pas recu ORD-1001"],
    ['es', 'mi pedido ORD-1001 no ha llegado todavía'],
    ['it', 'il mio ordine ORD-1001 non è ancora arrivato'],
    ['nl', 'bestelling ORD-1001 is nog steeds niet aangekomen'],
  ];
  test.each(withNumber)('%s: %p → that number looked up', async (language, said) => {
    const { t } = translator.localize(language);
    const replies = await firstReply(language, said);
    expect(replies.join('\n')).toContain('ORD-1001');
    expect(replies.join('\n')).not.toContain(t('questions.problem'));
  });

  const refunds: Array<[Language, string]> = [
    ['en', "I want a refund, it hasn't arrived"],
    ['de', 'Ich will mein Geld zurück, das Paket ist nie angekommen'],
    ['fr', "je veux être remboursé, je n'ai pas reçu mon colis"],
    ['es', 'quiero un reembolso, mi paquete no ha llegado'],
    ['it', 'voglio un rimborso, il pacco non è arrivato'],
    ['nl', 'ik wil mijn geld terug, mijn pakket is niet aangekomen'],
  ];
  test.each(refunds)('%s: %p → a refund asked for: the refund answer', async (language, said) => {
    const { t } = translator.localize(language);
    const replies = await firstReply(language, said);
    expect(replies).toHaveLength(1);
    expect(replies[0].startsWith(t('questions.problem'))).toBe(true);
  });
});

describe('after an answer, "it still hasn\'t arrived" is about that parcel: no number asked for, no refund answer', () => {
  const TN = DEMO.trackings.trackingNumbers;
  const shown = (identifier: string): Line => ({ bot: { intro: `Here is the shipment for ${identifier}:`, cards: 1 } });
  const en = translator.localize('en').t;
  const webchat = { channelId: 'webchat', locale: 'en-US' };

  test('a parcel on its way: its latest news is in the answer above', async () => {
    await run(
      config(),
      [
        user(TN.inTransit),
        shown(TN.inTransit),
        user("it still hasn't arrived"),
        bot(`${en('questions.eta')} ${en('questions.eta_last', { identifier: TN.inTransit })}`),
      ],
      webchat,
    );
  });

  test('a failed delivery: its latest news is in the answer above, not the refund answer', async () => {
    await run(
      config(),
      [
        user(TN.deliveryFailed),
        shown(TN.deliveryFailed),
        user("I haven't received it"),
        bot(`${en('questions.eta')} ${en('questions.eta_last', { identifier: TN.deliveryFailed })}`),
      ],
      webchat,
    );
  });

  test('a lost parcel: what the shop will do about it, and a person offered where one can come in', async () => {
    await run(
      config(),
      [
        user(TN.lost),
        shown(TN.lost),
        user('it never arrived'),
        bot(en('questions.problem_lost', { identifier: TN.lost })),
      ],
      webchat,
    );
    await run(
      configFor(upstreams, { HANDOFF: 'botframework' }),
      [
        user(TN.lost),
        shown(TN.lost),
        user('it never arrived'),
        ask(en('questions.problem_lost', { identifier: TN.lost }), en('choice.person')),
      ],
      webchat,
    );
  });

  test('a parcel on its way, where a person can come in: its latest news, no person offered for it', async () => {
    const talk = conversation(configFor(upstreams, { HANDOFF: 'botframework' }), webchat);
    await talk.say(TN.inTransit);
    const [reply, ...more] = (await talk.say('not arrived yet')).map(seen);
    expect([reply.text, more]).toEqual([
      `${en('questions.eta')} ${en('questions.eta_last', { identifier: TN.inTransit })}`,
      [],
    ]);
    expect(reply.choices).not.toContain(en('choice.person'));
  });

  test('another number in the sentence: that one, not the parcel shown before', async () => {
    await run(
      config(),
      [user(TN.inTransit), shown(TN.inTransit), user(`${TN.lost} hasn't arrived either`), shown(TN.lost)],
      webchat,
    );
    const talk = conversation(config(), webchat);
    await talk.say(TN.inTransit);
    const replies = (await talk.say('my order #1002 has not arrived')).map((reply) => seen(reply).text);
    expect(replies).toEqual([expect.stringContaining('#1002')]);
  });
});

const cantDo = LANGUAGES.flatMap((language) =>
  CANT_DO[language].flatMap(([intent, topic, phrases]) =>
    phrases.map((said) => [language, intent, topic, said] as const),
  ),
);

describe('what the bot cannot do, in every language', () => {
  test.each(cantDo)('%s, %s (%s): %p → where to go instead', async (language, _intent, topic, said) => {
    const { t } = translator.localize(language);
    const replies = await firstReply(language, said);
    expect(replies).toHaveLength(1);
    expect(replies[0]).not.toContain(t('prompt.kind'));
    expect(replies[0].startsWith(t(`questions.${topic}`))).toBe(true);
  });
});
