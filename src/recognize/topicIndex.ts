/**
 * The phrases of every topic, indexed by their first word, so a message is matched in one pass over its
 * words instead of against every phrase of every topic (six languages' phrases plus English's are a few
 * hundred). Built once per phrasebook (every language's phrases together: lexicon.ts); a message costs a map look-up or a few per word.
 */

/** One phrase, as plain words; a phrase ending in "*" matches any word its last word starts. */
export interface IndexedPhrase {
  words: readonly string[];
  prefix: boolean;
}

interface Entry {
  /** The topic's place in the order topics are checked: the lowest found wins. */
  rank: number;
  phrase: IndexedPhrase;
}

export interface TopicIndex {
  /** Phrases by their first word, matched exactly. */
  byFirstWord: Map<string, Entry[]>;
  /** Single-word phrases ending in "*": the lowest rank by the start they match. */
  byStart: Map<string, number>;
  /** The lengths of those starts, so a word is cut only where one could match. */
  startLengths: number[];
}

/** `ranked[i]`: the phrases of the topic checked i-th. */
export function indexTopics(ranked: ReadonlyArray<readonly IndexedPhrase[]>): TopicIndex {
  const byFirstWord = new Map<string, Entry[]>();
  const byStart = new Map<string, number>();
  ranked.forEach((phrases, rank) => {
    for (const phrase of phrases) {
      if (!phrase.words.length) continue;
      if (phrase.prefix && phrase.words.length === 1) {
        const start = phrase.words[0];
        byStart.set(start, Math.min(rank, byStart.get(start) ?? rank));
        continue;
      }
      const first = phrase.words[0];
      const entries = byFirstWord.get(first) ?? [];
      entries.push({ rank, phrase });
      byFirstWord.set(first, entries);
    }
  });
  const startLengths = [...new Set([...byStart.keys()].map((start) => start.length))].sort((a, b) => a - b);
  return { byFirstWord, byStart, startLengths };
}

/** The rank of the first topic whose phrase the words hold as consecutive words, or undefined. */
export function firstTopic(words: readonly string[], index: TopicIndex): number | undefined {
  let best = Infinity;
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    for (const { rank, phrase } of index.byFirstWord.get(word) ?? [])
      if (rank < best && holdsAt(words, i, phrase)) best = rank;
    for (const length of index.startLengths) {
      if (length > word.length) break;
      const rank = index.byStart.get(word.slice(0, length));
      if (rank !== undefined && rank < best) best = rank;
    }
  }
  return best === Infinity ? undefined : best;
}

function holdsAt(words: readonly string[], at: number, { words: phrase, prefix }: IndexedPhrase): boolean {
  if (at + phrase.length > words.length) return false;
  const last = phrase.length - 1;
  return phrase.every((part, k) => (k === last && prefix ? words[at + k].startsWith(part) : words[at + k] === part));
}
