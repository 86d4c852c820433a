/**
 * An order number as people type it, read against the shop's format: case, spaces, a missing hyphen,
 * a glued "n°"/"Nr."/"#", O for 0 and I or l for 1. Every reading is tried; the caller uses one only
 * when exactly one fits. Bounded: a word of at most 64 characters, and at most 64 letter/digit swaps.
 */
const GLUED_PREFIX = /^(?:n[°º]|nr\.?|no\.|#)\s*/i;
const SEPARATORS = /[\s\-_.]+/g;
const ALNUM = /^[A-Z0-9]+$/;
const MAX_WORD = 64;
const MAX_VARIANTS = 64;
/** Each confusable character as a letter and as a digit. */
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', O: 'O', I: 'I', L: 'L' };
const AS_DIGIT: Record<string, string> = { O: '0', I: '1', L: '1', '0': '0', '1': '1' };
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
const isLetter = (char: string | undefined) => char !== undefined && char >= 'A' && char <= 'Z';

/** At most two readings that fit (two already mean ambiguous). */
/** What the shop's format says of its numbers, worked out once from the pattern (orderNumberShape.ts). */
export interface FormatShape {
  /** The letters it starts with; a word typed apart counts only when it is them ("ord 1002", not "at 1002"). */
  start: string;
  /** How long a number can be: a word no reading could fit is passed over before any is tried. */
  lengths: { min: number; max: number };
}

export function readingsOf(typed: string, fits: (word: string) => boolean, { start, lengths }: FormatShape): string[] {
  const apart = /\s/.test(typed.trim())
    ? typed.trim().split(/\s+/)[0].replace(GLUED_PREFIX, '').toUpperCase()
    : undefined;
  if (apart !== undefined && (!start || apart !== start)) return [];
  // Separators as one hyphen each: where the customer put them is where the format most likely has one.
  const spaced = typed.replace(GLUED_PREFIX, '').toUpperCase().replace(SEPARATORS, '-').replace(/^-|-$/g, '');
  if (!spaced || spaced.length > MAX_WORD || !ALNUM.test(spaced.replaceAll('-', '')) || !/\d/.test(typed)) return [];
  // Readings add at most the typed hyphens, or one.
  const letters = spaced.replaceAll('-', '').length;
  if (letters > lengths.max || letters + Math.max(1, spaced.length - letters) < lengths.min) return [];
  const found = new Set<string>();
  for (const variant of swaps(spaced)) {
    const joined = variant.replaceAll('-', '');
    for (const reading of [variant, joined, ...hyphenated(joined)]) {
      if (!fits(reading)) continue;
      found.add(reading);
      if (found.size === 2) return [...found];
    }
  }
  return [...found];
}

/** The word with each confusable character as typed, and read as a digit beside a digit or as a letter beside a letter. */
function swaps(word: string): string[] {
  let variants = [word];
  for (let i = 0; i < word.length; i++) {
    const char = word[i];
    if (!(char in AS_DIGIT)) continue;
    // A hyphen tells nothing about its neighbours: look past it.
    const before = word[i - 1] === '-' ? word[i - 2] : word[i - 1];
    const after = word[i + 1] === '-' ? word[i + 2] : word[i + 1];
    const other = isDigit(char)
      ? isLetter(before) || isLetter(after)
        ? AS_LETTER[char]
        : undefined
      : isDigit(before) || isDigit(after)
        ? AS_DIGIT[char]
        : undefined;
    if (other === undefined || other === char) continue;
    variants = variants.flatMap((variant) => [variant, variant.slice(0, i) + other + variant.slice(i + 1)]);
    if (variants.length > MAX_VARIANTS) return [word];
  }
  return variants;
}

/** A hyphen where letters meet digits ("ORD1002" → "ORD-1002"), one place at a time. */
function hyphenated(word: string): string[] {
  const readings: string[] = [];
  for (let i = 1; i < word.length; i++) {
    if ((isLetter(word[i - 1]) && isDigit(word[i])) || (isDigit(word[i - 1]) && isLetter(word[i])))
      readings.push(`${word.slice(0, i)}-${word.slice(i)}`);
  }
  return readings;
}
