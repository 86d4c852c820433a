/**
 * What people say around the numbers: small talk ("hi", "thanks!", "ok bye") and questions the bot
 * cannot act on ("when will it arrive?", "I want a refund"). The phrases come from the translations of
 * all six languages together (lexicon.ts); matching is on plain words (words.ts).
 */
import { firstTopic, indexTopics, type IndexedPhrase, type TopicIndex } from './topicIndex';
import { plainWords } from './words';

export const SOCIAL_INTENTS = ['greeting', 'thanks', 'goodbye', 'yes', 'no', 'ok'] as const;
export type SocialIntent = (typeof SOCIAL_INTENTS)[number];

/**
 * In the order they are checked: "I want a person to refund me" is about a person first, "let me
 * know when it arrives" asks for updates, not for a date, and "when will my orders arrive?" for the
 * customer's orders (a signed-in customer is shown them), not for a date either. "It hasn't arrived"
 * asks where it is (the answer shows what happened to it), unless a refund is asked for too.
 */
export const TOPICS = ['person', 'notify', 'problem', 'change', 'orders', 'not_arrived', 'eta', 'track'] as const;
export type Topic = (typeof TOPICS)[number];

export interface Phrasebook {
  social: Record<SocialIntent, readonly string[]>;
  /** Words that may stand between small-talk phrases without changing them ("thanks so much", "hi there"). */
  fillers: readonly string[];
  /** A phrase ending in "*" matches any word that starts with it ("arriv*": arrive, arrives, arriving). */
  topics: Record<Topic, readonly string[]>;
  /** Words a question starts with ("why", "warum"), for questions about nothing the bot knows. */
  questionWords: readonly string[];
}

/** Small talk is short; a longer message says something more. */
const MAX_SOCIAL_WORDS = 8;
/**
 * When one message says several of these, the one acted on: "thanks, bye" is a goodbye, "no thanks" a no,
 * and a greeting only when nothing else was said ("ok ciao" is no hello).
 */
const PRECEDENCE: readonly SocialIntent[] = ['goodbye', 'no', 'thanks', 'yes', 'ok', 'greeting'];

/**
 * The message when it is small talk and nothing else, else undefined. "thanks a lot!" → thanks,
 * "ok bye" → goodbye, "hi, where is my parcel" → undefined (it says more than hello).
 */
export function socialIntent(text: string | undefined, book: Phrasebook): SocialIntent | undefined {
  const words = plainWords(text ?? '')
    .split(' ')
    .filter(Boolean);
  if (!words.length || words.length > MAX_SOCIAL_WORDS) return undefined;
  const said = new Set<SocialIntent>();
  const byFirstWord = socialPhrases(book);
  for (let i = 0; i < words.length;) {
    const found = byFirstWord
      .get(words[i])
      ?.find(({ words: phrase }) => phrase.every((word, k) => words[i + k] === word));
    if (!found) return undefined;
    if (found.intent) said.add(found.intent);
    i += found.words.length;
  }
  return PRECEDENCE.find((intent) => said.has(intent));
}

/**
 * The topic of a question the bot cannot act on, "question" for another question ("why…?"), or
 * undefined for anything else. Only for messages that held no identifier and picked no choice.
 */
export function questionTopic(text: string | undefined, book: Phrasebook): Topic | 'question' | undefined {
  const raw = text ?? '';
  const plain = plainWords(raw);
  const words = plain.split(' ').filter(Boolean);
  if (!words.length) return undefined;
  const { topics, questionWords } = prepare(book);
  const parts = topicWords(plain);
  const rank = firstTopic(parts, topics);
  if (rank !== undefined) return TOPICS[rank];
  const asks = /[?？¿]/.test(raw) || questionWords.has(words[0]);
  return asks && words.length >= 2 ? 'question' : undefined;
}

interface Phrase {
  words: string[];
  /** undefined for a filler. */
  intent?: SocialIntent;
}

interface Prepared {
  /**
   * By their first word (six languages' phrases are several hundred: a message looks up a few), each list
   * longest first, so "thank you very much" is one phrase, not "thank you" and two fillers.
   */
  social: Map<string, Phrase[]>;
  /** Every topic's phrases, ranked in the order of TOPICS. */
  topics: TopicIndex;
  questionWords: Set<string>;
}

/** A phrasebook's phrases split into words once: every message is matched against all of them. */
const prepared = new WeakMap<Phrasebook, Prepared>();

function prepare(book: Phrasebook): Prepared {
  let ready = prepared.get(book);
  if (!ready) {
    const sorted = [
      ...SOCIAL_INTENTS.flatMap((intent) => book.social[intent].map((phrase) => ({ words: split(phrase), intent }))),
      ...book.fillers.map((phrase) => ({ words: split(phrase) })),
    ]
      .filter((phrase) => phrase.words.length)
      .sort((a, b) => b.words.length - a.words.length);
    const social = new Map<string, Phrase[]>();
    for (const phrase of sorted) social.set(phrase.words[0], [...(social.get(phrase.words[0]) ?? []), phrase]);
    const topicPhrases = (phrases: readonly string[]): IndexedPhrase[] =>
      phrases.map((phrase) => ({
        words: topicWords(plainWords(phrase.replace(/\*\s*$/, ''))),
        prefix: phrase.trim().endsWith('*'),
      }));
    const topics = indexTopics(TOPICS.map((topic) => topicPhrases(book.topics[topic])));
    ready = { social, topics, questionWords: new Set(book.questionWords.map(plainWords)) };
    prepared.set(book, ready);
  }
  return ready;
}

function socialPhrases(book: Phrasebook): Map<string, Phrase[]> {
  return prepare(book).social;
}

function split(phrase: string): string[] {
  return plainWords(phrase).split(' ').filter(Boolean);
}

/**
 * Plain words with elisions and contractions split at the apostrophe, for topics: "d'adresse" holds
 * "adresse", "l'indirizzo" "indirizzo"; "hasn't" is "hasn t" in phrase and message alike.
 */
function topicWords(plain: string): string[] {
  return plain.split(/[ ']+/).filter(Boolean);
}
