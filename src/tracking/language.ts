/**
 * The `lang` both upstreams understand: a two-letter ISO 639-1 code.
 * Intl's canonicalization already maps three-letter codes (deu, ger) to two letters.
 */
export function upstreamLang(locale: string | undefined, fallback = 'en'): string {
  const tag = locale?.trim().replace(/_/g, '-');
  if (!tag) return fallback;
  try {
    const language = new Intl.Locale(tag).language;
    return /^[a-z]{2}$/.test(language) ? language : fallback;
  } catch {
    return fallback;
  }
}
