/**
 * i18next with the strings of locales/<lng>/translation.json, and the choice of language for a turn.
 * The translation language is two letters (de); the full locale (de-CH) is kept for formatting dates.
 */
import i18next, { type i18n } from 'i18next';
import { LRUCache } from 'lru-cache';
import { parseLanguageTag, type LanguageTag } from './languageTag';
import de from '../locales/de/translation.json';
import en from '../locales/en/translation.json';
import es from '../locales/es/translation.json';
import fr from '../locales/fr/translation.json';
import it from '../locales/it/translation.json';
import nl from '../locales/nl/translation.json';

export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

const RESOURCES = { en, de, fr, es, it, nl } as const;

/** Our own signature, so that nothing outside this file depends on i18next's types. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface Localization {
  /** Language of the strings. */
  language: Language;
  /** Full BCP 47 locale for Intl formatting (de-CH keeps Swiss date formats). */
  locale: string;
  t: Translate;
}

/** Interpolated texts kept per language. */
const INTERPOLATED_KEPT = 5_000;

export class Translator {
  private readonly i18n: i18n;
  private readonly translators: Map<Language, Translate>;
  private readonly localizations = new LRUCache<string, Localization>({ max: 1_000 });

  constructor(private readonly defaultLocale = 'en') {
    this.i18n = i18next.createInstance();
    void this.i18n.init({
      resources: Object.fromEntries(Object.entries(RESOURCES).map(([lng, translation]) => [lng, { translation }])),
      supportedLngs: [...LANGUAGES],
      fallbackLng: 'en',
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    this.translators = new Map(LANGUAGES.map((language) => [language, this.memoized(language)]));
  }

  /**
   * One Translate per language; a string without options is the same every time, so it is looked up once.
   * It calls t with `lng` rather than through getFixedT: i18next 26's fixed t copies all of i18next's
   * options on every call, which made a translation 2 to 3 times dearer (about 45 µs against 15 µs).
   */
  private memoized(language: Language): Translate {
    const fixed = new Map<string, string>();
    // With options, i18next takes 20 to 40 µs (interpolation, plural rules); the same words come back often
    // ("Here is the shipment for …", each status line), so each text is kept, the most recent few thousand.
    const interpolated = new LRUCache<string, string>({ max: INTERPOLATED_KEPT });
    return (key, options) => {
      if (options) {
        const memo = `${key}\u0000${JSON.stringify(options)}`;
        let text = interpolated.get(memo);
        if (text === undefined) interpolated.set(memo, (text = this.i18n.t(key, { ...options, lng: language })));
        return text;
      }
      let text = fixed.get(key);
      if (text === undefined) {
        text = this.i18n.t(key, { lng: language });
        fixed.set(key, text);
      }
      return text;
    };
  }

  /** English strings: small talk is understood in English besides the customer's language. */
  get english(): Translate {
    return this.translators.get('en')!;
  }

  /** Every language the bot speaks, with its strings: a message is understood in all of them. */
  get languages(): ReadonlyArray<readonly [Language, Translate]> {
    return [...this.translators];
  }

  /** The language and locale for a channel's locale (de-CH, de_DE, deu, missing...), falling back to the default. */
  localize(requested: string | undefined): Localization {
    // Every turn asks this; parsing a locale takes several Intl.Locale constructions, and channels send few distinct ones.
    const key = requested ?? '';
    let localization = this.localizations.get(key);
    if (!localization) {
      localization = this.resolve(requested);
      this.localizations.set(key, localization);
    }
    return localization;
  }

  private resolve(requested: string | undefined): Localization {
    const asked = parseLanguageTag(requested);
    const fallback = parseLanguageTag(this.defaultLocale);
    // A locale of a language without translations is answered in the default's language and formats: one answer, one language.
    const tag = spoken(asked) ? asked : spoken(fallback) ? fallback : undefined;
    const language = (tag?.language ?? 'en') as Language;
    return { language, locale: tag?.locale ?? fallback?.locale ?? 'en', t: this.translators.get(language)! };
  }

  /** Every key path of a language's strings, for the completeness test. */
  static keys(language: Language): string[] {
    return flatten(RESOURCES[language]);
  }
}

/** Whether the bot has translations for the tag's language. */
function spoken(tag: LanguageTag | undefined): tag is LanguageTag {
  return tag !== undefined && (LANGUAGES as readonly string[]).includes(tag.language);
}

function flatten(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key));
}
