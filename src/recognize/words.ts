import { Memo } from '../runtime/memo';

/**
 * What a customer typed, reduced to the words that carry meaning, for matching against phrases:
 * compatibility forms folded ("２" → "2"), lowercase, accents dropped ("où" → "ou", so a phone's missing
 * accent still matches), apostrophes unified, punctuation gone. Emoji stay, they are words too ("👍").
 */
export function plainWords(text: string): string {
  return text.length > MEMO_MAX_LENGTH ? reduce(text) : memo.get(text, () => reduce(text));
}

/**
 * A turn reduces the same texts several times (the message, against each matcher; every choice's title and
 * synonyms, which are the same few dozen phrases per language): each is reduced once. Short texts only.
 */
const MEMO_MAX_LENGTH = 200;
const memo = new Memo<string>(2_000);

function reduce(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/[^\p{L}\p{N}\p{Extended_Pictographic}' ]+/gu, ' ')
    .replace(/(^| )'+|'+(?= |$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
