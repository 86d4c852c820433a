/** The card strings exist, are translated and interpolate in all six languages. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, Translator } from '../../src/i18n';
import { translator } from './fixtures';

const cardKeys = (language: (typeof LANGUAGES)[number]) =>
  Translator.keys(language).filter((k) => k.startsWith('card.'));
const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
const raw = (language: string, key: string): string => {
  const json = JSON.parse(
    readFileSync(join(__dirname, '../../locales', language, 'translation.json'), 'utf8'),
  ) as Record<string, Record<string, string>>;
  return json.card[key.slice('card.'.length)];
};

test.each(LANGUAGES.filter((l) => l !== 'en'))(
  '%s has every card string, translated, with the same placeholders',
  (language) => {
    const keys = cardKeys('en');
    expect(keys.length).toBeGreaterThan(10);
    expect(cardKeys(language)).toEqual(keys);
    const same = keys.filter((k) => raw(language, k) === raw('en', k));
    // Only pure patterns such as "{{carrier}}: {{status}}" may look the same in two languages.
    for (const k of same) expect(raw('en', k).replace(/{{\w+}}/g, '')).toMatch(/^[\s:]*$/);
    for (const k of keys) expect(placeholders(raw(language, k))).toEqual(placeholders(raw('en', k)));
  },
);

test.each(LANGUAGES)('%s: plurals and interpolation through the real Translator', (language) => {
  const { t } = translator.localize(language);
  expect(t('card.show_earlier', { count: 1 })).toContain('(1)');
  expect(t('card.show_earlier', { count: 12 })).toContain('(12)');
  // A plural that changes the words: one update "is", twelve "are".
  const one = t('card.older_dropped', { count: 1 });
  const many = t('card.older_dropped', { count: 12 });
  expect(one.replace('1', '')).not.toBe(many.replace('12', ''));
  expect(t('card.older_dropped', { count: 7 })).toMatch(/^7 /);
  expect(t('card.track_on', { carrier: 'UPS' })).toContain('UPS');
  expect(t('card.text_link', { url: 'https://x.example' })).toContain('https://x.example');
  for (const key of [
    'card.carrier_unknown',
    'card.tracking_number',
    'card.last_update',
    'card.delayed',
    'card.needs_attention',
  ])
    expect(t(key)).not.toBe(key);
});
