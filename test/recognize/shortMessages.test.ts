/**
 * The table of short customer messages keeps what it promises to the language measurement
 * (bench/languageTable.ts): enough rows in every language, each under a browser that says another one.
 */
import { LANGUAGES } from '../../src/i18n';
import { SHORT_MESSAGES } from './shortMessages';

const rowsIn = (language: string | undefined) => SHORT_MESSAGES.filter((row) => row.language === language);

test.each(LANGUAGES)('has at least 40 messages written in %s', (language) => {
  expect(rowsIn(language).length).toBeGreaterThanOrEqual(40);
});

test('has at least 30 messages whose words tell no language ("ok", "1002", "Hallo")', () => {
  expect(rowsIn(undefined).length).toBeGreaterThanOrEqual(30);
});

test("every message's browser says a language other than the one it is written in", () => {
  const sameAsBrowser = SHORT_MESSAGES.filter(
    (row) => row.language !== undefined && row.browser.split('-')[0] === row.language,
  );
  expect(sameAsBrowser).toEqual([]);
});

test('the browsers rotate through every language', () => {
  expect(new Set(SHORT_MESSAGES.map((row) => row.browser.split('-')[0]))).toEqual(new Set(LANGUAGES));
});

test('no message is in the table twice (letter case apart: "OK" and "ok" are two ways to type)', () => {
  const texts = SHORT_MESSAGES.map((row) => row.text);
  expect(texts.filter((text, i) => texts.indexOf(text) !== i)).toEqual([]);
});
