/**
 * The phrases of small talk and questions, from the translations: the customer's language plus English,
 * which people everywhere mix in ("ok", "thanks", "bye"). Built once per language.
 */
import type { Translate } from '../i18n';
import { SOCIAL_INTENTS, TOPICS, type Phrasebook } from './intents';

const books = new WeakMap<Translate, Phrasebook>();

export function phrasebook(t: Translate, english: Translate): Phrasebook {
  let book = books.get(t);
  if (!book) {
    const phrases = (key: string) => [...new Set([...split(t(key)), ...split(english(key))])];
    book = {
      social: byName(SOCIAL_INTENTS, (intent) => phrases(`understand.${intent}`)),
      fillers: phrases('understand.fillers'),
      topics: byName(TOPICS, (topic) => phrases(`understand.${topic}`)),
      questionWords: phrases('understand.question_words'),
    };
    books.set(t, book);
  }
  return book;
}

function split(list: string): string[] {
  return list
    .split('|')
    .map((phrase) => phrase.trim())
    .filter(Boolean);
}

function byName<K extends string, V>(names: readonly K[], value: (name: K) => V): Record<K, V> {
  const record = {} as Record<K, V>;
  for (const name of names) record[name] = value(name);
  return record;
}
