/**
 * Adaptive Card TextBlocks (and FactSet values) render a Markdown subset, and Web Chat renders them with
 * markdown-it, linkify on. Upstream text must show as typed, never as a link, emphasis, heading or list.
 * Input is one line (see sanitize.ts), so block syntax can only start at the very beginning.
 */

const WORD_JOINER = '\u2060';

/** Anything any of the replacements below would change: most texts have none, and are returned as they are. */
const NEEDS_ESCAPE = /[\\`*_~[\]<]|&#?[a-z0-9]+;|^[>#+-]|^\d{1,9}[.)]|:\/\/|@[\p{L}\p{N}]|\.\p{L}/iu;

export function escapeMarkdown(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return (
    text
      // Inline syntax anywhere: escapes, emphasis, code, strikethrough, links and images, autolinks and HTML.
      .replace(/[\\`*_~[\]<]/g, '\\$&')
      // Entities (`&#91;`) would turn into characters; an escaped ampersand stays an ampersand.
      .replace(/&(?=#?[a-z0-9]+;)/gi, '\\&')
      // Block syntax at the start: quote; heading and bullets need a space after the marker, and so does
      // an ordered list ("18. Nov. 2026" is a list item, "18.11.2026" is not).
      .replace(/^>/, '\\>')
      .replace(/^([#+-])(?=\s|$)/, '\\$1')
      .replace(/^(\d{1,9})([.)])(?=\s|$)/, '$1\\$2')
      // Bare links that linkify would still find: break "scheme://" and every "name.tld", invisibly.
      .replace(/:(?=\/\/)/g, `:${WORD_JOINER}`)
      .replace(/@(?=[\p{L}\p{N}])/gu, `@${WORD_JOINER}`)
      .replace(/\.(?=\p{L})/gu, `.${WORD_JOINER}`)
  );
}
