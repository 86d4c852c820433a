import { upstreamLang } from '../../src/tracking/language';

describe('the two-letter lang sent upstream', () => {
  test.each([
    ['de-DE', 'de'],
    ['de_CH', 'de'],
    ['deu', 'de'],
    ['ger', 'de'],
    ['fra', 'fr'],
    ['nl', 'nl'],
    ['EN-us', 'en'],
    ['zh-Hant-TW', 'zh'],
    ['pt-BR', 'pt'],
  ])('%s → %s', (locale, lang) => expect(upstreamLang(locale)).toBe(lang));

  test.each([undefined, '', '  ', 'gsw', 'not a locale!', 'x'])('%p falls back to en', (locale) =>
    expect(upstreamLang(locale)).toBe('en'),
  );

  test('the fallback can be chosen', () => expect(upstreamLang(undefined, 'fr')).toBe('fr'));
});
