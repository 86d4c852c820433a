import { plainWords } from './words';

/** A store customers may name: its id and the name they see (TRACKINGS_STORES). */
export interface Store {
  id: string;
  /** What customers see and may type. */
  name: string;
}

/**
 * The store a message names by its name or id, as whole words in any case ("my order #1001 from example
 * store uk", "1002 store-us-1"); the longest that fits, so "Acme UK" wins over "Acme".
 */
export function storeNamedIn(text: string, stores: readonly Store[]): Store | undefined {
  const said = ` ${plainWords(text)} `;
  let named: Store | undefined;
  let longest = 0;
  for (const store of stores) {
    for (const words of [plainWords(store.name), plainWords(store.id)]) {
      if (words.length > longest && said.includes(` ${words} `)) {
        named = store;
        longest = words.length;
      }
    }
  }
  return named;
}
