/**
 * What a customer typed, reduced to the words that carry meaning, for matching against phrases:
 * compatibility forms folded ("２" → "2"), lowercase, accents dropped ("où" → "ou", so a phone's missing
 * accent still matches), apostrophes unified, punctuation gone. Emoji stay, they are words too ("👍").
 */
export function plainWords(text: string): string {
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
