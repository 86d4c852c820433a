/**
 * What an SMS costs, counted the way gateways count: all GSM-7, each character is one septet (two for
 * the extension table: € [ ] { } \ ^ ~ |), 160 in one segment or 153 in each part of a longer one;
 * a single character outside GSM-7 (an emoji, "…", "—") sends the whole text as UCS-2, 70 UTF-16 units
 * in one segment or 67 in each part. A two-unit character never straddles two parts.
 */
import { isGsm7, isGsm7Char, septets } from './gsm7';

/** What a gateway takes in one message (Twilio and most others); the phone joins its segments again. */
export const SMS_MAX_LENGTH = 1600;

export interface SmsCost {
  /** Unicode characters, as a person counts them. */
  characters: number;
  /** What the gateway counts against SMS_MAX_LENGTH: septets in GSM-7, UTF-16 units in UCS-2. */
  length: number;
  encoding: 'GSM-7' | 'UCS-2';
  segments: number;
}

export function smsCost(text: string): SmsCost {
  const chars = [...text];
  if (isGsm7(text)) return { characters: chars.length, encoding: 'GSM-7', ...segmented(chars.map(septets), 160, 153) };
  return {
    characters: chars.length,
    encoding: 'UCS-2',
    ...segmented(
      chars.map((char) => char.length),
      70,
      67,
    ),
  };
}

/** Fits in one SMS message of a gateway. One pass, no arrays: an answer is fitted several times over. */
export function fitsOneSms(text: string): boolean {
  let septetCount = 0;
  for (const char of text) {
    if (!isGsm7Char(char)) return text.length <= SMS_MAX_LENGTH; // UCS-2: UTF-16 units
    septetCount += septets(char);
  }
  return septetCount <= SMS_MAX_LENGTH;
}

/** Characters of these sizes packed into segments: one when all fit `single`, else parts of `part` each. */
function segmented(sizes: number[], single: number, part: number): { length: number; segments: number } {
  const length = sizes.reduce((sum, size) => sum + size, 0);
  if (length <= single) return { length, segments: 1 };
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) [segments, used] = [segments + 1, 0];
    used += size;
  }
  return { length, segments };
}
