/**
 * The name a signed-in customer is greeted by: the first word of the store's `name` claim, when it reads
 * as a name. The greeting is plain text on every channel, and Web Chat renders Markdown, so a word with
 * anything but letters, marks, an apostrophe, a hyphen or a dot ("<b>Ana</b>", "**Ana**", "[Ana](…)") is
 * not used at all rather than cleaned into something the customer never wrote; nor is one too long to be a name.
 */

/** Longer first words are not names people go by (the longest common ones are under 20 letters). */
export const MAX_FIRST_NAME = 24;

const NAME = /^\p{L}[\p{L}\p{M}'’.-]*$/u;

export function firstName(name: string | undefined): string | undefined {
  if (typeof name !== 'string') return undefined;
  // Only the start is read: a claim of any size costs nothing here.
  const [word] = name
    .slice(0, 4 * MAX_FIRST_NAME)
    .normalize('NFC')
    .trim()
    .split(/\s+/u);
  // "Ana," as the store may have written it: trailing punctuation is no part of the name.
  const bare = word?.replace(/[,;:]+$/u, '');
  if (!bare || Array.from(bare).length > MAX_FIRST_NAME || !NAME.test(bare)) return undefined;
  return bare;
}
