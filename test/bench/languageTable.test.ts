/**
 * The language measurement counts what each reader says on the table of short messages: right, wrong,
 * undecided per language, and a language named where the words tell none. Never on timings.
 */
import { execFileSync } from 'node:child_process';
import { firstThatTells, languageReport, measureLanguage, type DetectLanguage } from '../../bench/languageTable';
import type { ShortMessage } from '../recognize/shortMessages';

const rows: ShortMessage[] = [
  { text: 'waar is mijn pakket', language: 'nl', intent: 'track', browser: 'de-DE' },
  { text: 'wo ist mein Paket', language: 'de', intent: 'track', browser: 'nl-NL' },
  { text: 'dov’è il mio pacco', language: 'it', intent: 'track', browser: 'es-ES' },
  { text: '1002', language: undefined, intent: 'number', browser: 'fr-FR' },
];
const KNOWN: Record<string, 'nl' | 'de'> = { waar: 'nl', wo: 'de' };
const firstWord: DetectLanguage = (text) => KNOWN[text.split(' ')[0]];
const alwaysItalian: DetectLanguage = () => 'it';

test('counts right, wrong and undecided per language, and languages claimed where the words tell none', () => {
  const [words, italian] = measureLanguage(
    [
      { name: 'first word', detect: firstWord },
      { name: 'always Italian', detect: alwaysItalian },
    ],
    { rows, rounds: 1 },
  );
  expect(words.overall).toEqual({ rows: 3, right: 2, wrong: 0, undecided: 1 });
  expect(words.perLanguage.it).toEqual({ rows: 1, right: 0, wrong: 0, undecided: 1 });
  expect(words.neutral).toEqual({ rows: 1, claimed: 0 });
  expect(italian.overall).toEqual({ rows: 3, right: 1, wrong: 2, undecided: 0 });
  expect(italian.perLanguage.nl).toEqual({ rows: 1, right: 0, wrong: 1, undecided: 0 });
  expect(italian.neutral).toEqual({ rows: 1, claimed: 1 });
  expect(italian.mistakes.map((m) => `${m.text}: ${m.got}`)).toEqual([
    'waar is mijn pakket: it',
    'wo ist mein Paket: it',
    '1002: it',
  ]);
});

test('a language that is not one of ours counts as undecided', () => {
  const [portuguese] = measureLanguage([{ name: 'pt', detect: () => 'pt' as never }], { rows, rounds: 1 });
  expect(portuguese.overall).toEqual({ rows: 3, right: 0, wrong: 0, undecided: 3 });
  expect(portuguese.neutral.claimed).toBe(0);
});

test('firstThatTells asks the next reader only when the first tells nothing', () => {
  const [both] = measureLanguage([{ name: 'words, then Italian', detect: firstThatTells(firstWord, alwaysItalian) }], {
    rows,
    rounds: 1,
  });
  expect(both.overall).toEqual({ rows: 3, right: 3, wrong: 0, undecided: 0 });
  expect(both.neutral.claimed).toBe(1);
});

test('the report has a line per reader with the share right per language', () => {
  const report = languageReport(measureLanguage([{ name: 'first word', detect: firstWord }], { rows, rounds: 1 }));
  const line = report
    .split('\n')
    .find((l) => l.startsWith('| first word |'))!
    .split('|')
    .map((cell) => cell.trim());
  // reader, right, wrong, undecided, en de fr es it nl, claims
  expect(line.slice(1, 12)).toEqual(['first word', '67%', '0%', '33%', '–', '100%', '–', '–', '0%', '100%', '0%']);
});

// dist/bench is built once for all tests by test/support/globalSetup.js.
test('run alone, it measures whichever identifiers are installed and names the others', () => {
  const report = execFileSync(process.execPath, ['dist/bench/languageTable.js', '--rounds', '1'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  expect(report).toMatch(/^Right \/ wrong \/ undecided on \d+ messages/);
  expect(report).toContain('| reader | right | wrong | undecided | en | de | fr | es | it | nl | claims |');
});
