/**
 * Shipment identifiers in what a customer types: the lookup to run, or the question to ask first.
 * Bot-independent: no botbuilder here, the dialogs turn a Recognition into prompts.
 */
import type { LookupKind, LookupRequest } from '../tracking/lookup';
import { findIdentifiers, type Found, type OrderNumberFormat } from './find';
import { clip } from './tokens';

export { validateIdentifier, type Validation } from './validate';

/** A lookup found in text, with the words the customer used for it (quoted back as typed). */
export interface Candidate {
  request: LookupRequest;
  typed: string;
}

export type Recognition =
  | { type: 'none' }
  /** Exactly one identifier, and exactly one kind fits. */
  | { type: 'match'; request: LookupRequest; typed: string; carrier?: string; storeName?: string; fixedUp?: boolean }
  /** One identifier that fits several kinds. `guessed`: only by being one word with a digit, no format proves it. */
  | { type: 'ambiguous'; identifier: string; typed: string; kinds: LookupKind[]; guessed?: boolean }
  /** Several different identifiers in one message: ask which one. */
  | { type: 'several'; candidates: Candidate[] }
  /** An order number typed loosely that fits the shop's format two ways: say what one looks like (`example`, when the format gives one). */
  | { type: 'unclear_order_number'; typed: string; example?: string };

/** Long messages are mostly pasted e-mails: the identifier the customer means comes early. Also bounds the work. */
const MAX_TEXT = 500;
const MAX_IDENTIFIERS = 5;

/**
 * Free text: a first message, or text typed at any prompt. Tracking numbers (by carrier formats and
 * check digits), order IDs (by shape) and, when the shop has a format for them, order numbers are
 * recognized. Otherwise an Interface A order number is free-form and an external order needs a store,
 * so guessing either from free text would read ordinary words as lookups.
 * `available`: the kinds this deployment can look up.
 */
export function recognizeIdentifiers(
  text: string,
  available: readonly LookupKind[],
  orderNumbers?: OrderNumberFormat,
): Recognition {
  const seen = new Set<string>();
  const fits: Array<{ found: Found; kinds: LookupKind[] }> = [];
  for (const found of findIdentifiers(clip(text, MAX_TEXT), orderNumbers)) {
    const kinds = kindsOf(found).filter((kind) => available.includes(kind));
    if (!kinds.length || seen.has(found.identifier)) continue;
    seen.add(found.identifier);
    fits.push({ found, kinds });
    if (fits.length === MAX_IDENTIFIERS) break;
  }
  if (!fits.length) return { type: 'none' };
  // A loose number that reads two ways is only worth a word when nothing clearer was typed.
  const clear = fits.filter(({ found }) => !found.unclear);
  if (!clear.length)
    return {
      type: 'unclear_order_number',
      typed: fits[0].found.typed,
      ...(orderNumbers?.example && { example: orderNumbers.example }),
    };
  fits.splice(0, fits.length, ...clear);
  if (fits.length > 1) {
    // A number of two kinds becomes one choice per kind: the customer picks the number and the kind at once.
    return {
      type: 'several',
      candidates: fits.flatMap(({ found, kinds }) =>
        kinds.map((kind) => ({ request: requestOf(found, kind), typed: found.typed })),
      ),
    };
  }
  const [{ found, kinds }] = fits;
  if (kinds.length > 1) return { type: 'ambiguous', identifier: found.identifier, typed: found.typed, kinds };
  const request = requestOf(found, kinds[0]);
  const match = { type: 'match' as const, request, typed: found.typed, ...(found.fixedUp && { fixedUp: true }) };
  return kinds[0] === 'tracking_number' && found.carrier ? { ...match, carrier: found.carrier } : match;
}

function kindsOf(found: Found): LookupKind[] {
  // The shop's own format settles it, whatever else the word could be.
  if (found.orderNumber) return ['order_number'];
  const kinds: LookupKind[] = [];
  if (found.tracking) kinds.push('tracking_number');
  if (found.orderId) kinds.push('order_id');
  return kinds;
}

/** Tracking numbers are looked up uppercase; order IDs as typed. */
function requestOf(found: Found, kind: LookupKind): LookupRequest {
  return { kind, identifier: kind === 'tracking_number' ? found.identifier.toUpperCase() : found.identifier };
}
