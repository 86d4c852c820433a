/**
 * Numbers that look like pieces of a tracking number but are something else. A phone number or an
 * IBAN typed in groups contains digit runs that pass a carrier's check digit by chance (1 in 10 for
 * the mod-10 formats), so their tokens are taken out before any run is tried.
 */
import type { Token } from './tokens';

/** "+49", "+4930", or an international prefix "0049" (not "00" alone, which starts SSCC numbers). */
const PHONE_START = /^(?:\+\d+|00[1-9]\d{0,2})$/;
const DIGITS = /^\d+$/;
/** The first group of an IBAN as printed: country code and check digits ("DE89"). */
const IBAN_START = /^[A-Za-z]{2}\d{2}$/;
const IBAN_GROUP = /^[A-Za-z0-9]{1,4}$/;
/** An IBAN has at most 34 characters: the first group and eight more. */
const IBAN_MAX_GROUPS = 8;

/** true at the index of every token that belongs to a phone number or a spaced IBAN. */
export function noiseTokens(tokens: readonly Token[]): boolean[] {
  const noise = tokens.map(() => false);
  for (let i = 0; i < tokens.length; i++) {
    const follows = (j: number) => j < tokens.length && tokens[j].continues;
    if (PHONE_START.test(tokens[i].text)) {
      let j = i + 1;
      while (follows(j) && DIGITS.test(tokens[j].text)) j++;
      noise.fill(true, i, j);
      i = j - 1;
    } else if (
      IBAN_START.test(tokens[i].text) &&
      follows(i + 1) &&
      tokens[i + 1].text.length === 4 &&
      IBAN_GROUP.test(tokens[i + 1].text)
    ) {
      let j = i + 1;
      while (follows(j) && j - i <= IBAN_MAX_GROUPS && IBAN_GROUP.test(tokens[j].text)) j++;
      noise.fill(true, i, j);
      i = j - 1;
    }
  }
  return noise;
}
