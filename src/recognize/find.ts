/**
 * Every shipment identifier in a piece of free text, in the order typed, before any deployment
 * settings apply: tracking numbers (one word, or up to 8 short words typed with spaces), order IDs,
 * and order numbers in the shop's own format when it has one (ORDER_NUMBER_PATTERN).
 */
import { ORDER_ID_PATTERN } from '../tracking/trackings/query';
import { matchCarrier } from './carriers';
import { noiseTokens } from './noise';
import { tokenize, type Token } from './tokens';
import { MAX_TRACKING_NUMBER } from './validate';

export interface Found {
  /** A tracking number uppercased and without spaces; an order ID or order number as typed. */
  identifier: string;
  /** Exactly what the customer typed, spaces included: what the bot quotes back. */
  typed: string;
  /** Whether it has the shape of each: both for a 12-digit number that passes FedEx's check digit. */
  tracking: boolean;
  orderId: boolean;
  /** It has the shop's order-number format; that settles it. */
  orderNumber?: boolean;
  /** Read into that format ("ord 1002" → "ORD-1002"): `identifier` and `typed` are the reading, which the bot quotes. */
  fixedUp?: boolean;
  /** Typed loosely, and it fits that format two ways: the customer is told what an order number looks like. */
  unclear?: boolean;
  carrier?: string;
}

/** The shop's own order-number format: whole words only, and no longer than an order number may be. */
export interface OrderNumberFormat {
  test: (word: string) => boolean;
  /** The ways a word typed loosely ("ord 1002", "ORD-10O2") fits the format: none, one, or (ambiguous) two. Called on its own. */
  read?: (typed: string) => string[];
  /** What an order number looks like, for a customer who typed one that fits two ways. */
  example?: string;
}

/** The shortest tracking number we recognize in a sentence (DHL Express; order IDs have 12); the longest is validate.ts's. */
const MIN_TRACKING = 10;
/** A piece of a spaced number: labels print groups of 2 to 5 characters. Longer words stand alone. */
const MAX_PIECE = 6;
const MAX_PIECES = 8;
/**
 * Shorter numbers typed in pieces (DHL Express 10–11, FedEx 12) are more often phone numbers, dates or
 * amounts ("030 1234567", "01 23 45 67 89"), and their check digits pass 1 in 7 and 1 in 10 at random.
 * So only the grouping their labels print counts: DHL "73 9205 1844", FedEx "7728 1946 5305".
 */
const MIN_SPACED = 13;
const LABEL_GROUPINGS = new Set(['2 4 4', '4 4 4']);
/** …unless it starts like a national phone number (trunk 0 and an area code): "0171 2345 6789". */
const PHONE_LIKE = /^0[1-9]/;
const ALNUM = /^[A-Za-z0-9]+$/;
const DIGIT = /\d/;
const LETTERS = /^\p{L}{1,6}$/u;
/** Longest word a loose reading is tried on: an order number (64) and a glued "Nr." or "n°". */
const MAX_READ = 70;

/** Words first..end-1 (end exclusive) glued; asked about only if no longer candidate took its words. */
interface Window {
  first: number;
  end: number;
  text: string;
  typedInPieces: boolean;
  /** Only a loose reading of the shop's format could make it a number. */
  read?: boolean;
}

export function findIdentifiers(text: string, orderNumbers?: OrderNumberFormat): Found[] {
  const tokens = tokenize(text);
  const noise = noiseTokens(tokens);
  // A word in the shop's own format is named by it: no carrier rule or spaced run is asked about it.
  const shopFormat = new Set(tokens.flatMap((token, i) => (orderNumbers?.test(token.text) ? [i] : [])));
  const usable = (i: number) => !noise[i] && !shopFormat.has(i) && ALNUM.test(tokens[i].text);
  const windows: Window[] = [...shopFormat].map((i) => ({
    first: i,
    end: i + 1,
    text: tokens[i].text,
    typedInPieces: false,
  }));
  const readable = (i: number) =>
    orderNumbers?.read !== undefined &&
    !noise[i] &&
    !shopFormat.has(i) &&
    DIGIT.test(tokens[i].text) &&
    tokens[i].text.length <= MAX_READ;
  for (let i = 0; i < tokens.length; i++) {
    if (readable(i) && !(usable(i) && tokens[i].text.length >= MIN_TRACKING))
      windows.push({ first: i, end: i + 1, text: tokens[i].text, typedInPieces: false, read: true });
    // "ord 1002": a prefix typed apart from its digits (the pair is refused at once unless the word is the format's
    // own start), when the digits alone are no order number.
    const pair =
      orderNumbers?.read && LETTERS.test(tokens[i].text) && tokens[i + 1]?.continues && readable(i + 1)
        ? `${tokens[i].text} ${tokens[i + 1].text}`
        : undefined;
    if (pair && orderNumbers!.read!(pair).length && !orderNumbers!.read!(tokens[i + 1].text).length)
      windows.push({ first: i, end: i + 2, text: pair, typedInPieces: false, read: true });
    if (!usable(i)) continue;
    if (tokens[i].text.length >= MIN_TRACKING)
      windows.push({ first: i, end: i + 1, text: tokens[i].text, typedInPieces: false });
    windows.push(...spacedRuns(tokens, i, usable));
  }
  const read = (word: string) => (orderNumbers?.read ? readOrderNumber(word, orderNumbers.read) : undefined);
  // The longest candidates win the words they cover: a whole spaced number beats a chance match inside
  // it. Longest first also means the (slow) carrier rules are never asked about a piece of a found number.
  windows.sort((a, b) => b.text.length - a.text.length || a.first - b.first);
  const taken = new Set<number>();
  const found: Array<{ first: number; identifier: Found }> = [];
  for (const window of windows) {
    if (overlaps(window, taken)) continue;
    const typed = text.slice(tokens[window.first].start, tokens[window.end - 1].end);
    // A tracking number or an order ID is never read as an order number: the check digits and the shape decide.
    const shape = shopFormat.has(window.first)
      ? shopOrderNumber(window.text)
      : window.typedInPieces
        ? spacedNumber(window.text)
        : window.read
          ? read(window.text)
          : (singleWord(window.text) ?? read(window.text));
    if (!shape) continue;
    for (let i = window.first; i < window.end; i++) taken.add(i);
    found.push({ first: window.first, identifier: { ...shape, typed: shape.fixedUp ? shape.identifier : typed } });
  }
  return found.sort((a, b) => a.first - b.first).map(({ identifier }) => identifier);
}

type Shape = Omit<Found, 'typed'>;

function shopOrderNumber(word: string): Shape {
  return { identifier: word, tracking: false, orderId: false, orderNumber: true };
}

/** One reading of the shop's format: that order number; two: unclear, the customer is told what one looks like. */
function readOrderNumber(typed: string, read: (typed: string) => string[]): Shape | undefined {
  const readings = read(typed);
  if (!readings.length) return undefined;
  const base = { tracking: false, orderId: false, orderNumber: true };
  return readings.length === 1
    ? { ...base, identifier: readings[0], fixedUp: true }
    : { ...base, identifier: typed, unclear: true };
}

/** One word: a tracking number, an order ID, or both. */
function singleWord(word: string): Shape | undefined {
  const match =
    word.length >= MIN_TRACKING && word.length <= MAX_TRACKING_NUMBER ? matchCarrier(word, false) : undefined;
  // At least one digit: "subscription" and "Verfolgungen" have twelve letters too.
  const orderId = ORDER_ID_PATTERN.test(word) && DIGIT.test(word);
  if (!match && !orderId) return undefined;
  // Both: keep the typed form; validating it for the kind the customer picks normalizes it.
  const identifier = match && !orderId ? match.trackingNumber : word;
  return { identifier, tracking: !!match, orderId, ...(match ? { carrier: match.carrier } : {}) };
}

function spacedNumber(joined: string): Shape | undefined {
  const match = matchCarrier(joined, true);
  return match && { identifier: match.trackingNumber, tracking: true, orderId: false, carrier: match.carrier };
}

/** Runs of 2 to 8 short words starting at `first` that may form a tracking number. */
function spacedRuns(tokens: readonly Token[], first: number, usable: (i: number) => boolean): Window[] {
  const runs: Window[] = [];
  let joined = '';
  const groups: number[] = [];
  for (let end = first; end < tokens.length && end - first < MAX_PIECES; end++) {
    const word = tokens[end].text;
    if (!usable(end) || word.length > MAX_PIECE || (end > first && !tokens[end].continues)) break;
    joined += word;
    groups.push(word.length);
    if (end === first || joined.length > MAX_TRACKING_NUMBER || !DIGIT.test(joined)) continue;
    if (joined.length < MIN_SPACED && (!LABEL_GROUPINGS.has(groups.join(' ')) || PHONE_LIKE.test(joined))) continue;
    runs.push({ first, end: end + 1, text: joined, typedInPieces: true });
  }
  return runs;
}

function overlaps(window: Window, taken: ReadonlySet<number>): boolean {
  for (let i = window.first; i < window.end; i++) if (taken.has(i)) return true;
  return false;
}
