/**
 * Splits what a customer typed into tokens: words without the punctuation around them, and
 * whether each one may continue a number typed in pieces ("1Z 999 AA1 01 2345 6784").
 */

export interface Token {
  /** The word without leading/trailing punctuation ("(1Z999AA10123456784)," → "1Z999AA10123456784"). */
  text: string;
  /**
   * Only spaces lie between this token and the previous one, with no punctuation on either side, so
   * both may be pieces of one number. Punctuation or a line break ends such a run, which keeps
   * "1Z999AA10123456784, 7392051844" two numbers and a list on separate lines separate.
   */
  continues: boolean;
  /** Where the word starts and ends in the text: what the customer typed is quoted back as typed. */
  start: number;
  end: number;
}

/**
 * Pieces split at spaces and at punctuation that never sits inside an identifier but often right next
 * to one ("Nr:1Z…", "#AB12CD34EF56", "?tracknum=1Z…"). Dots, dashes, slashes and "@" stay inside
 * pieces, so dates, phone numbers with dashes, prices and e-mail addresses stay one piece (not ASCII
 * letters/digits only, hence never a candidate).
 */
const PIECE = /[^\s,;:!?#=&|()[\]{}<>"'`«»„“”‘’*]+/gu;
/** Leading punctuation; "+" stays because it marks a phone number ("+49"). */
const LEADING = /^[^\p{L}\p{N}+]+/u;
const TRAILING = /[^\p{L}\p{N}]+$/u;
/** Horizontal spaces only: a line break separates numbers. */
const SPACES = /^[ \t\u00a0\u2009\u202f]+$/;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let previousEnd = -1;
  let previousClean = false;
  for (const piece of text.matchAll(PIECE)) {
    const start = piece.index ?? 0;
    const lead = LEADING.exec(piece[0])?.[0].length ?? 0;
    const body = piece[0].slice(lead);
    const trail = TRAILING.exec(body)?.[0].length ?? 0;
    const word = body.slice(0, body.length - trail);
    if (word) {
      const continues = previousClean && lead === 0 && previousEnd >= 0 && SPACES.test(text.slice(previousEnd, start));
      tokens.push({ text: word, continues, start: start + lead, end: start + lead + word.length });
    }
    // A piece of punctuation only ("-", "€") breaks a run like any other punctuation.
    previousClean = word !== '' && trail === 0;
    previousEnd = start + piece[0].length;
  }
  return tokens;
}

/** The part of the text that is looked at: a bound on work, cut at a word boundary so no number is cut in two. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  if (/\s/.test(text[max])) return head;
  const lastSpace = head.search(/\s\S*$/);
  return lastSpace < 0 ? '' : head.slice(0, lastSpace);
}
