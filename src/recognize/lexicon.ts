/**
 * Everything the bot knows of its six languages' words, built once from the translations: the phrases of
 * small talk and topics of every language together, the whole messages that ask one thing ("help", "Talk
 * to a person", "stop updates", "Nederlands"), and which language each known word belongs to. A message is
 * understood in all six whatever its client's locale, and its language is told from these same words.
 */
import { Translator, type Language, type Translate } from '../i18n';
import { BOT, MY_NOTIFICATIONS, NOTIFY, PERSON, STOP_WATCH, YOUR_ORDERS } from './choiceValues';
import { COMMANDS, type Command } from './commands';
import { SOCIAL_INTENTS, TOPICS, type Phrasebook } from './intents';
import { languageWords, type Vocabulary } from './languageWritten';
import { plainWords } from './words';

export type UpdatesAsked = 'start' | 'stop' | 'list';

/** What a message asks when it is one of the bot's whole phrases. */
interface WholePhrase {
  updates?: UpdatesAsked;
  /** "stop": it stops updates where they run, and is a cancel besides. */
  stop?: true;
  command?: Command;
  bot?: true;
  person?: true;
  orders?: true;
  /** "English", "Nederlands", "auf Deutsch": the language the customer picks. */
  language?: Language;
}

export interface Lexicon {
  /** The phrases of every language's small talk and topics together. */
  book: Phrasebook;
  /** Whole messages, as plain words (or as typed, for punctuation alone: "?"), and what each asks. */
  phrases: ReadonlyMap<string, WholePhrase>;
  vocabulary: Vocabulary;
  /** The words customers put before their order's number ("order", "bestelnummer", "pedido"), as plain words. */
  orderWords: ReadonlySet<string>;
}

export type Languages = ReadonlyArray<readonly [Language, Translate]>;

export function buildLexicon(languages: Languages): Lexicon {
  return {
    book: mergedBook(languages),
    phrases: wholePhrases(languages),
    vocabulary: languageWords(languages, (language) => Translator.keys(language)),
    orderWords: new Set(languages.flatMap(([, t]) => split(t('understand.order_words')).map(plainWords))),
  };
}

/** A whole message as the phrase map keys it: plain words, or, for punctuation alone, as typed ("?" asks for help). */
export function phraseKey(text: string): string {
  return plainWords(text) || text.trim();
}

function mergedBook(languages: Languages): Phrasebook {
  const phrases = (key: string) => [...new Set(languages.flatMap(([, t]) => split(t(key))))];
  return {
    social: byName(SOCIAL_INTENTS, (intent) => phrases(`understand.${intent}`)),
    fillers: phrases('understand.fillers'),
    topics: byName(TOPICS, (topic) => phrases(`understand.${topic}`)),
    questionWords: phrases('understand.question_words'),
  };
}

/**
 * In this order, the first meaning to claim a phrase keeps it, in every language: "notifications" lists
 * rather than starts, and "stop" stops updates before it cancels.
 */
function wholePhrases(languages: Languages): Map<string, WholePhrase> {
  const phrases = new Map<string, WholePhrase>();
  const claim = (words: readonly string[], meaning: WholePhrase) => {
    for (const key of words.map(phraseKey)) if (key && !phrases.has(key)) phrases.set(key, meaning);
  };
  // A short title (`_short`, on WhatsApp's small buttons) is pressed as often as the title is typed.
  const choiceWords = (t: Translate, value: string) => [
    t(`choice.${value}`),
    ...split(t(`choice.${value}_synonyms`)),
    ...[t(`choice.${value}_short`)].filter((short) => !short.startsWith('choice.')),
  ];
  for (const [value, updates] of [
    [STOP_WATCH, 'stop'],
    [MY_NOTIFICATIONS, 'list'],
    [NOTIFY, 'start'],
  ] as const) {
    for (const [, t] of languages) claim(choiceWords(t, value), { updates });
  }
  for (const [, t] of languages) claim(split(t('notify.stop_words')), { stop: true, command: 'cancel' });
  for (const command of COMMANDS) {
    for (const [, t] of languages) claim(split(t(`commands.${command}`)), { command });
  }
  for (const [, t] of languages) claim(choiceWords(t, BOT), { bot: true });
  for (const [, t] of languages) claim(choiceWords(t, PERSON), { person: true });
  for (const [, t] of languages) claim(choiceWords(t, YOUR_ORDERS), { orders: true });
  for (const [language, t] of languages) claim(split(t('understand.language_names')), { language });
  return phrases;
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
