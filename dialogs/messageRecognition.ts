/**
 * What a message offers as an identifier. Carrier formats and the order-ID shape are recognized
 * anywhere in the text; beyond that, a message that is one token with a digit in it is taken as a
 * number of a kind we could not tell, so the customer is asked which kind rather than to type it again.
 */
import { recognizeIdentifiers, validateIdentifier, type Recognition } from '../src/recognize';
import type { LookupKind } from '../src/tracking/lookup';

export function recognizeMessage(text: string, available: readonly LookupKind[]): Recognition {
  const recognized = recognizeIdentifiers(text, available);
  if (recognized.type !== 'none') return recognized;
  const token = text.trim().replace(/[?!.,;:]+$/, '');
  if (!/^\S+$/.test(token) || !/\d/.test(token)) return recognized;
  const fits = available.filter((kind) => validateIdentifier(kind, token).ok);
  if (fits.length === 1) {
    const valid = validateIdentifier(fits[0], token);
    return valid.ok ? { type: 'match', request: { kind: fits[0], identifier: valid.value } } : recognized;
  }
  return fits.length ? { type: 'ambiguous', identifier: token, kinds: fits } : recognized;
}
