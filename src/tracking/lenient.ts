/**
 * Building blocks for lenient zod parsing of upstream answers: the seed does not say which fields are
 * always present, so a missing or mistyped field is dropped and a bad list entry is skipped,
 * rather than failing the whole answer.
 */
import { z } from 'zod';

export const optionalText = z.string().optional().catch(undefined);
export const optionalFlag = z.boolean().optional().catch(undefined);

/**
 * A list whose entries that do not parse as `item` are left out. Anything but an array fails: for the
 * list an answer is about (Interface B's `trackings`, Interface A's `header`), that is a broken answer,
 * which must not read as "nothing found".
 */
export function entriesOf<T extends z.ZodType>(item: T) {
  const keepParsed = z.transform((entries: unknown[]) =>
    entries.flatMap((raw) => {
      const parsed = item.safeParse(raw);
      return parsed.success ? [parsed.data] : [];
    }),
  );
  listEntries.set(keepParsed, item);
  return z.array(z.unknown()).pipe(keepParsed);
}

/**
 * What each lenient list's entries are, for the JSON Schema of an answer (the connector's document):
 * the step that keeps the entries that parse is a transform, which JSON Schema cannot say by itself.
 */
export const listEntries = new WeakMap<z.core.$ZodType, z.ZodType>();

/** The same, but anything but an array is an empty list: for lists inside an entry, so one bad field does not lose the entry. */
export function lenientList<T extends z.ZodType>(item: T) {
  return entriesOf(item).catch([]);
}
