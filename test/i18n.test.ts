/** Every string exists in every language, with the same placeholders; language negotiation falls back sensibly. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, Translator } from '../src/i18n';

/** A language's locales file: strings under nested keys. */
interface Strings {
  [part: string]: Strings | string;
}
const readStrings = (language: string) =>
  JSON.parse(readFileSync(join('locales', language, 'translation.json'), 'utf8')) as Strings;
/** The value at a dotted key (`a.b.c`). */
const valueAt = (strings: Strings, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Strings)[part], strings);

const placeholders = (language: (typeof LANGUAGES)[number]) => {
  const strings = readStrings(language);
  const out: Record<string, string[]> = {};
  for (const key of Translator.keys(language)) {
    const value = valueAt(strings, key);
    out[key] =
      typeof value === 'string'
        ? [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()
        : ['<not a string>'];
  }
  return out;
};

describe('translations', () => {
  test('there is a folder for each supported language, and no other', () => {
    expect(readdirSync('locales').sort()).toEqual([...LANGUAGES].sort());
  });

  test.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the keys of en', (language) => {
    expect(Translator.keys(language).sort()).toEqual(Translator.keys('en').sort());
  });

  test.each(LANGUAGES)('%s: every string is non-empty text with the same placeholders as en', (language) => {
    const english = placeholders('en');
    const own = placeholders(language);
    for (const [key, names] of Object.entries(english)) expect({ key, names: own[key] }).toEqual({ key, names });
    for (const key of Translator.keys(language)) {
      const text = new Translator(language).localize(language).t(key, { count: 2 });
      expect({ key, empty: text.trim() === '' || text === key }).toEqual({ key, empty: false });
    }
  });

  test('German speaks to the customer as "Sie" in every line, as its welcome does (never "du")', () => {
    const strings = readStrings('de');
    // What customers type (synonyms, phrases, commands) may say "du"; what the bot says may not.
    const said = Translator.keys('de').filter((key) => !/_synonyms$|^understand\.|^commands\.|\.stop_words$/.test(key));
    const du = said
      .map((key) => ({ key, text: valueAt(strings, key) as string }))
      .filter(({ text }) => /\b(du|dich|dir|dein\w*|such|versuch|sag|frag)\b/i.test(text));
    expect(du).toEqual([]);
  });

  test('every key the code asks for exists in en', () => {
    const sources = ['dialogs', 'src'].flatMap((dir) =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile() && f.name.endsWith('.ts'))
        .map((f) => join(f.parentPath, f.name)),
    );
    const keys = new Set(Translator.keys('en').map((k) => k.replace(/_(one|other)$/, '')));
    const asked = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-z_]+(?:\.[a-z_]+)+|[a-z_]+)'/g)].map((m) => ({
        file,
        key: m[1],
      })),
    );
    expect(asked.length).toBeGreaterThan(20);
    expect(asked.filter(({ key }) => !keys.has(key))).toEqual([]);
  });
});

describe('choosing the language of a turn', () => {
  const translator = new Translator('en');
  test.each([
    ['de-DE', 'de', 'de-DE'],
    ['de-CH', 'de', 'de-CH'],
    ['fr_CA', 'fr', 'fr-CA'],
    ['nl', 'nl', 'nl'],
    ['pt-BR', 'en', 'en'],
    [undefined, 'en', 'en'],
    ['not a locale', 'en', 'en'],
  ])('%p speaks %s and formats dates as %s', (requested, language, locale) => {
    expect(translator.localize(requested)).toMatchObject({ language, locale });
  });

  test('the deployment default is used when the channel sends no locale', () => {
    expect(new Translator('de-DE').localize(undefined)).toMatchObject({ language: 'de', locale: 'de-DE' });
    expect(new Translator('es').localize('ja-JP')).toMatchObject({ language: 'es', locale: 'es' });
  });
});
