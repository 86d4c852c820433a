/** Issue #35: every intent is understood in every language, as customers type it (typos, no accents, words between). */
import { LANGUAGES, type Language } from '../../src/i18n';
import { questionTopic } from '../../src/recognize';
import { lexicon } from '../support/reader';
import { INTENTS, SAID, type Intent } from './phrases';

/** Every language's phrases are understood together, whatever the client's locale: the language only names the row. */
const book = (_language: Language) => lexicon.book;

const walk = LANGUAGES.flatMap((language) =>
  (Object.keys(INTENTS) as Intent[]).flatMap((intent) =>
    SAID[language][intent].map((said) => [language, intent, said, INTENTS[intent]] as const),
  ),
);

test.each(walk)('%s, %s: %p → %p', (language, _intent, said, topic) => {
  expect(questionTopic(said, book(language))).toBe(topic);
});

test('every intent has phrasings in every language', () => {
  for (const language of LANGUAGES)
    for (const intent of Object.keys(INTENTS) as Intent[])
      expect([language, intent, SAID[language][intent].length >= 2]).toEqual([language, intent, true]);
});
