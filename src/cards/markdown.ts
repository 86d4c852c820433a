/**
 * Adaptive Card TextBlocks (and FactSet values) render a Markdown subset, and Web Chat renders them with
 * markdown-it, linkify on. Upstream text must show as typed, never as a link, emphasis, heading or list.
 * Input is one line (see sanitize.ts), so block syntax can only start at the very beginning.
 */

const WORD_JOINER = '\u2060';

export function escapeMarkdown(text: string): string {
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
