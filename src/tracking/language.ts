/**
 * The `lang` both upstreams understand: a two-letter ISO 639-1 code, read from any language tag by the
 * one reader (src/languageTag.ts), which maps three-letter codes (deu, ger) to two letters.
 */
import { parseLanguageTag } from '../languageTag';

export function upstreamLang(tag: string | undefined, fallback = 'en'): string {
  const language = parseLanguageTag(tag)?.language;
  return language && /^[a-z]{2}$/.test(language) ? language : fallback;
}
