/**
 * An example order number built from the shop's pattern (ORDER_NUMBER_PATTERN), to tell a customer
 * what one looks like: "ORD-\d{4}" becomes "ORD-1234". The pattern is parsed by `ret` (as safe-regex2
 * does); the example takes the first alternative, the fewest repetitions (none of an optional part), and for a
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
