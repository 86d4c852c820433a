/**
 * The one reader of a language tag, whoever sent it (a channel's locale, a client's join event, a signed-in
 * customer's claims, a flow caller's `lang`): de_CH, de-ch and deu alike. The translations, the upstreams'
 * `lang` and the date formats all start from what it reads. Remembered, because each read builds Intl
 * objects, and bounded, because a client can send a new string with every message.
 */
import { LRUCache } from 'lru-cache';

export interface LanguageTag {
  /** Canonical BCP 47, for Intl formatting: `de-CH`. */
  locale: string;
  /** The language alone, ISO 639 (two letters where there are two): `de`; Intl maps `deu` and `ger` to it. */
  language: string;
}

const read = new LRUCache<string, LanguageTag | false>({ max: 512 });

export function parseLanguageTag(value: string | undefined | null): LanguageTag | undefined {
  const tag = value?.trim().replace(/_/g, '-');
  if (!tag) return undefined;
  let known = read.get(tag);
  if (known === undefined) {
    known = readTag(tag);
    read.set(tag, known);
  }
  return known || undefined;
}

function readTag(tag: string): LanguageTag | false {
  try {
    const locale = new Intl.Locale(tag);
    return { locale: locale.toString(), language: locale.language };
  } catch {
    return false;
  }
}
