/**
 * Which of the bot's languages a message is written in, told from the words the bot knows in each: its
 * phrases of small talk, topics, commands and choices, and a short list of each language's everyday words
 * (`understand.language_words`). A word known in several languages counts for each a share; a message that
 * says nothing of its language ("ORD-1002", "ok", "👍") or is as much one as another ("Hallo") has none.
 * Measured against language identifiers on short customer messages: docs/languages.md.
 */
import type { Language, Translate } from '../i18n';
import { plainWords } from './words';

/** Each known word and the languages it is a word of. */
export type Vocabulary = ReadonlyMap<string, readonly Language[]>;

/** The keys whose words tell a language: everything customers type to the bot, in that language. */
const KEYS_OF_WORDS = /^(understand\.(?!language_names$)|commands\.|choice\.|notify\.stop_words$)/;

export function languageWords(
  languages: ReadonlyArray<readonly [Language, Translate]>,
  keys: (language: Language) => readonly string[],
): Vocabulary {
  const vocabulary = new Map<string, Language[]>();
  for (const [language, t] of languages) {
    const words = new Set<string>();
    for (const key of keys(language).filter((key) => KEYS_OF_WORDS.test(key)))
      for (const word of wordsOf(t(key).replace(/\*/g, ' '))) words.add(word);
    for (const word of words) {
      const known = vocabulary.get(word);
      if (known) known.push(language);
      else vocabulary.set(word, [language]);
    }
  }
  return vocabulary;
}

/**
 * English is everyone's second language: "ok", "hi", "thanks", "tracking" say little of who writes them,
 * so a customer is answered in English after an English word and a half at least ("where is": "is" is Dutch
 * too), and in another language after one word.
 */
const ENOUGH: Partial<Record<Language, number>> = { en: 1.5 };

/** The language a message is written in, or undefined when its words do not tell one. */
export function languageWritten(text: string, vocabulary: Vocabulary): Language | undefined {
  const scores = new Map<Language, number>();
  for (const word of wordsOf(text)) {
    const languages = vocabulary.get(word);
    if (!languages) continue;
    const share = 1 / languages.length;
    for (const language of languages) scores.set(language, (scores.get(language) ?? 0) + share);
  }
  let best: Language | undefined;
  let top = 0;
  let second = 0;
  for (const [language, score] of scores) {
    if (score > top) {
      second = top;
      top = score;
      best = language;
    } else if (score > second) second = score;
  }
  if (!best || top - second < 1 || top < (ENOUGH[best] ?? 1)) return undefined;
  return best;
}

/** Plain words, with elisions split ("l'ordine", "d'adresse", "hasn't" → "hasn", "t"), digits and one-letter words dropped. */
function wordsOf(text: string): string[] {
  return plainWords(text)
    .split(/[ ']+/)
    .filter((word) => word.length > 1 && !/\d/.test(word));
}
