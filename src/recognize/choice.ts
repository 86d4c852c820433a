/**
 * Which offered choice a message picks: by its number as shown ("2", "２.", "#2"), by its title, or by one
 * of its synonyms, on the whole message. Deliberately exact: a choice is never guessed from part of a
 * sentence, and the number is the position the customer saw, whatever the choices' values are.
 */
import { plainWords } from './words';

export interface OfferedChoice {
  title: string;
  /** Other words that pick it: "tracking", a store's id. */
  synonyms?: readonly string[];
}

/** Options are numbered from 1 on every channel that lists them; nobody is offered more than a handful. */
const OPTION_NUMBER = /^\s*(?:#|no\.?|nr\.?|n°|n\.)?\s*(\d{1,2})\s*[.)]?\s*$/i;

/** The index of the picked choice, or undefined. `numbers: false` when nothing numbered the choices for the customer. */
export function pickChoice(
  text: string | undefined,
  offered: readonly OfferedChoice[],
  options: { numbers?: boolean } = {},
): number | undefined {
  if (!text || !offered.length) return undefined;
  const number = OPTION_NUMBER.exec(text.normalize('NFKC'));
  if (number) {
    if (options.numbers === false) return undefined;
    const index = Number(number[1]) - 1;
    return index >= 0 && index < offered.length ? index : undefined;
  }
  const said = plainWords(text);
  if (!said) return undefined;
  const index = offered.findIndex((choice) => wordsOf(choice).has(said));
  return index >= 0 ? index : undefined;
}

/** The plain words of our own choices, which are frozen and shared (Understanding.choice): reduced once, not on every message. */
const kept = new WeakMap<OfferedChoice, ReadonlySet<string>>();

/** Everything that picks a choice, as plain words. */
function wordsOf(choice: OfferedChoice): ReadonlySet<string> {
  const frozen = Object.isFrozen(choice) && (!choice.synonyms || Object.isFrozen(choice.synonyms));
  let words = frozen ? kept.get(choice) : undefined;
  if (!words) {
    words = new Set([choice.title, ...(choice.synonyms ?? [])].map(plainWords));
    if (frozen) kept.set(choice, words);
  }
  return words;
}
