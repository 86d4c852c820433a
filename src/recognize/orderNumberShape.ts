/**
 * What the shop's pattern (ORDER_NUMBER_PATTERN) says its order numbers look like, parsed by `ret` (as
 * safe-regex2 does). An example, to tell a customer: "ORD-\d{4}" becomes "ORD-1234"; the example takes the first alternative, the fewest repetitions (none of an optional part), and for a
 * class of characters digits counting up from 1 or letters from A.
 */
import ret, { types, type Token, type SetToken } from 'ret';

const DIGITS = '1234567890';
const LETTERS = 'ABCDEFGHIJ';

export function exampleOf(source: string): string | undefined {
  let digit = 0;
  let letter = 0;
  const pick = (set: SetToken[]): string | undefined => {
    for (const item of set) {
      if (item.type === types.CHAR) return String.fromCharCode(item.value);
      if (item.type === types.RANGE) {
        const from = String.fromCharCode(item.from);
        if (/\d/.test(from)) return DIGITS[digit++ % DIGITS.length];
        if (/[a-z]/i.test(from)) return LETTERS[letter++ % LETTERS.length];
        return from;
      }
      if (item.type === types.SET && !item.not) return pick(item.set);
    }
    return undefined;
  };
  const write = (tokens: Token[]): string | undefined => {
    let text = '';
    for (const token of tokens) {
      const part = one(token);
      if (part === undefined) return undefined;
      text += part;
    }
    return text;
  };
  const one = (token: Token): string | undefined => {
    switch (token.type) {
      case types.CHAR:
        return String.fromCharCode(token.value);
      case types.SET:
        return token.not ? undefined : pick(token.set);
      case types.REPETITION: {
        let text = '';
        for (let i = 0; i < token.min; i++) {
          const part = one(token.value);
          if (part === undefined) return undefined;
          text += part;
        }
        return text;
      }
      case types.GROUP:
        return token.options ? write(token.options[0]) : write(token.stack ?? []);
      case types.POSITION:
        return '';
      default:
        return undefined;
    }
  };
  try {
    const root = ret(source);
    const example = root.options ? write(root.options[0]) : write(root.stack ?? []);
    return example ? example.toUpperCase() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The letters every order number starts with ("ORD" of "ORD-\d{4}"), or '' when the pattern has none:
 * only these, typed apart from the digits ("ord 1002"), are taken as part of the number.
 */
export function literalStartOf(source: string): string {
  try {
    const root = ret(source);
    let start = '';
    for (const token of root.options ? [] : (root.stack ?? [])) {
      if (token.type === types.POSITION && !start) continue;
      if (token.type !== types.CHAR || !/[a-z]/i.test(String.fromCharCode(token.value))) break;
      start += String.fromCharCode(token.value);
    }
    return start.toUpperCase();
  } catch {
    return '';
  }
}

/** How long an order number can be ("ORD-\d{4}": 8 to 8), to pass over words that no reading could fit. */
export function lengthsOf(source: string): { min: number; max: number } {
  const span = (tokens: Token[]): [number, number] =>
    tokens.map(one).reduce(([min, max], [a, b]) => [min + a, max + b], [0, 0]);
  const options = (choices: Token[][]): [number, number] =>
    choices.map(span).reduce(([min, max], [a, b]) => [Math.min(min, a), Math.max(max, b)], [Infinity, 0]);
  const one = (token: Token): [number, number] => {
    switch (token.type) {
      case types.POSITION:
        return [0, 0];
      case types.REPETITION: {
        const [min, max] = one(token.value);
        return [min * token.min, max * token.max];
      }
      case types.GROUP:
        return token.options ? options(token.options) : span(token.stack ?? []);
      case types.REFERENCE:
        return [0, Infinity];
      default:
        return [1, 1];
    }
  };
  try {
    const root = ret(source);
    const [min, max] = root.options ? options(root.options) : span(root.stack ?? []);
    return { min, max };
  } catch {
    return { min: 0, max: Infinity };
  }
}
