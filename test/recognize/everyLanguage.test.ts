/** Issue #35: every intent is understood in every language, as customers type it (typos, no accents, words between). */
import { LANGUAGES, Translator, type Language } from '../../src/i18n';
import { phrasebook, questionTopic } from '../../src/recognize';
import { INTENTS, SAID, type Intent } from './phrases';

const translator = new Translator('en');
const book = (language: Language) => phrasebook(translator.localize(language).t, translator.english);

const walk = LANGUAGES.flatMap((language) =>
  (Object.keys(INTENTS) as Intent[]).flatMap((intent) => SAID[language][intent].map((said) => [language, intent, said, INTENTS[intent]] as const)),
);

test.each(walk)('%s, %s: %p → %p', (language, _intent, said, topic) => {
  expect(questionTopic(said, book(language))).toBe(topic);
});

test('every intent has phrasings in every language', () => {
  for (const language of LANGUAGES) for (const intent of Object.keys(INTENTS) as Intent[]) expect([language, intent, SAID[language][intent].length >= 2]).toEqual([language, intent, true]);
});
