/**
 * Issue #35: the customer is answered in the language they write in, whatever their browser or channel says,
 * and kept in it for the conversation: until they write in another, name one, or their client asks for another.
 * A bare number or "ok" says nothing about language and changes nothing. SMS sends no locale at all.
 */
import { Translator, type Language } from '../../src/i18n';
import { configFor } from '../support/app';
import { seen } from '../support/seen';
import { conversation, type Conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const translator = new Translator('en');
const config = () => configFor(upstreams, { LOG_LEVEL: 'warn', ORDER_NUMBER_PATTERN: 'ORD-\\d{4}' });
const t = (language: Language) => translator.localize(language).t;

/** A conversation whose client sends `locale` (none on SMS) unless a message says another (the test adapter's own would win). */
function chat(channelId: string, locale?: string): Conversation & { locale?: string } {
  return Object.assign(conversation(config(), { channelId }), { locale });
}

/** The bot's messages in reply, with the locale each is labelled in. */
async function say(
  talk: Conversation & { locale?: string },
  text: string,
  locale = talk.locale,
): Promise<Array<{ text: string; locale?: string }>> {
  const replies = await talk.say({ type: 'message', text, ...(locale && { locale }) });
  return replies
    .filter((reply) => reply.type === 'message')
    .map((reply) => ({ text: seen(reply).text, locale: reply.locale }));
}

const CLIENT: Record<Language, string> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
};

const written: Array<[string, string, Language]> = [
  ['en-US', 'waar blijft mijn pakket?', 'nl'],
  ['en-US', 'Hallo, wann kommt mein Paket?', 'de'],
  ['de-DE', 'hello, when will my parcel come?', 'en'],
  ['en-GB', 'où est mon colis ?', 'fr'],
  ['fr-FR', '¿dónde está mi paquete?', 'es'],
  ['es-ES', 'dove si trova il mio pacco?', 'it'],
  ['it-IT', 'mein Paket ist noch nicht angekommen', 'de'],
];

test.each(written)(
  'under a %s client, %p is understood and answered in its own language (%s)',
  async (locale, text, language) => {
    const replies = await say(chat('webchat', locale), text);
    // As a customer whose client speaks that language is answered.
    const atHome = await say(chat('webchat', CLIENT[language]), text);
    expect(replies.map((reply) => reply.text)).toEqual(atHome.map((reply) => reply.text));
    expect(replies.map((reply) => reply.locale)).toEqual(atHome.map(() => language));
    expect(atHome.map((reply) => reply.text).join(' ')).not.toContain(t(language)('questions.other'));
  },
);

test('the written language is kept: a number, "ok" and "thanks" change nothing; writing in another changes it', async () => {
  const talk = chat('webchat', 'en-US');
  expect((await say(talk, 'waar blijft mijn pakket?'))[0].locale).toBe('nl');
  const answer = await say(talk, 'ORD-1001');
  expect(answer.map((reply) => reply.locale)).toEqual(answer.map(() => 'nl'));
  expect(await say(talk, 'ok')).toEqual([{ text: t('nl')('social.ok'), locale: 'nl' }]);
  expect(await say(talk, 'thanks')).toEqual([{ text: t('nl')('social.thanks'), locale: 'nl' }]);
  expect(await say(talk, 'where is my parcel please?')).toEqual([{ text: t('en')('prompt.kind'), locale: 'en-US' }]);
});

test('naming a language picks it, and it is kept', async () => {
  const talk = chat('webchat', 'en-US');
  const picked = await say(talk, 'Nederlands');
  expect(picked[0]).toEqual({
    text: `${t('nl')('language.picked')} ${t('nl')('questions.send_number')}`,
    locale: 'nl',
  });
  expect((await say(talk, 'ORD-1001')).every((reply) => reply.locale === 'nl')).toBe(true);
  expect((await say(talk, 'auf Deutsch bitte'))[0].text).toContain(t('de')('language.picked'));
});

test("the customer's client asking for another language (a shop's language switch) wins over the kept one", async () => {
  const talk = chat('webchat', 'en-US');
  await say(talk, 'waar blijft mijn pakket?');
  expect(await say(talk, 'ok', 'fr-FR')).toEqual([{ text: t('fr')('prompt.kind'), locale: 'fr-FR' }]);
});

test('SMS sends no locale: a French text is answered in French, and the conversation stays French', async () => {
  const talk = chat('sms');
  expect(await say(talk, 'bonjour, où est mon colis ?')).toEqual([{ text: t('fr')('prompt.kind'), locale: 'fr' }]);
  expect((await say(talk, 'ORD-1001')).every((reply) => reply.locale === 'fr')).toBe(true);
});

test("a message whose words say nothing of its language is answered in the client's", async () => {
  for (const [locale, text] of [
    ['de-DE', 'ok'],
    ['nl-NL', 'Hallo'],
    ['fr-FR', '👍'],
    ['it-IT', 'thanks'],
  ] as const) {
    const talk = chat('webchat', locale);
    const replies = await say(talk, text);
    expect([text, replies.map((reply) => reply.locale)]).toEqual([text, replies.map(() => locale)]);
  }
});

test('a language named while a question is open: the question is asked again, in that language', async () => {
  const talk = chat('webchat', 'nl-NL');
  expect(await say(talk, 'Bestelnummer')).toEqual([
    { text: t('nl')('prompt.identifier.order_number'), locale: 'nl-NL' },
  ]);
  expect(await say(talk, 'English please')).toEqual([
    { text: `${t('en')('language.picked')} ${t('en')('prompt.identifier.order_number')}`, locale: 'en' },
  ]);
});
