/**
 * The shop's own order-number format (ORDER_NUMBER_PATTERN), checked once at start. A word of a message
 * that matches it whole is an order number, looked up at once; one typed loosely is read into it
 * (orderNumberReading.ts). Because it runs on what customers type,
 * a pattern that could backtrack catastrophically is refused, and it only ever sees words of at most
 * 64 characters (an order number's limit), so even an unlucky pattern has a small input.
 */
import safeRegex from 'safe-regex2';
import type { OrderNumberFormat } from './find';
import { exampleOf, lengthsOf, literalStartOf } from './orderNumberShape';
import { readingsOf } from './orderNumberReading';

/** The longest word the pattern is tried on: as long as an order number may be (validate.ts). */
const MAX_ORDER_NUMBER_WORD = 64;
const MAX_SOURCE = 200;
/** What a customer says that must never be taken for an order number: words, answers to a choice. */
const ORDINARY = ['hello', 'thanks', 'yes', 'no', 'order', 'tracking', 'help', 'cancel', '1', '2', '5', '10', 'ok'];

export type CompiledPattern = { ok: true; format: OrderNumberFormat; source: string } | { ok: false; problem: string };

export function compileOrderNumberPattern(source: string): CompiledPattern {
  if (source.length > MAX_SOURCE) return { ok: false, problem: `must be at most ${MAX_SOURCE} characters` };
  let whole: RegExp;
  try {
    // Anchored: the pattern names a whole word. Case-insensitive: phones type "ord-1001" too.
    whole = new RegExp(`^(?:${source})$`, 'i');
  } catch {
    return { ok: false, problem: 'is not a valid regular expression' };
  }
  if (!safeRegex(whole))
    return {
      ok: false,
      problem:
        'could take exponential time on some input (nested repetition such as (a+)+); write it without a repetition inside a repetition',
    };
  const ordinary = ORDINARY.find((word) => whole.test(word));
  if (whole.test('') || ordinary !== undefined)
    return {
      ok: false,
      problem: `matches ordinary words such as "${ordinary ?? ''}"; it must match only your order numbers`,
    };
  const test = (word: string) => word.length <= MAX_ORDER_NUMBER_WORD && whole.test(word);
  const shape = { start: literalStartOf(source), lengths: lengthsOf(source) };
  return {
    ok: true,
    source,
    format: { test, read: (typed) => readingsOf(typed, test, shape), example: exampleOf(source) },
  };
}
