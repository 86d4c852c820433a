/**
 * How well a reader tells the language a customer wrote in, on short chat messages
 * (test/recognize/shortMessages.ts), and what one reading costs.
 *
 *   npx tsc -p tsconfig.bench.json && node dist/bench/languageTable.js [--mistakes] [--rounds 20]
 *
 * run alone, it measures the language identifiers of bench/languageDetectors.ts that are installed
 * (none is a dependency: `npm install --no-save franc-min eld tinyld ...` first). From code:
 *
 *   import { measureLanguage, languageReport } from '../bench/languageTable';
 *   console.log(languageReport(measureLanguage([{ name: 'words', detect: (text) => myReader(text) }])));
 *
 * and `firstThatTells(words, library)` measures a reader that asks the library only when the words tell nothing.
 */
import { LANGUAGES, type Language } from '../src/i18n';
import { SHORT_MESSAGES, type ShortMessage } from '../test/recognize/shortMessages';

import type { DetectLanguage, LanguageDetector } from './languageReader';

export type { DetectLanguage, LanguageDetector } from './languageReader';

/** On rows that have a language: named it, named another, named none. */
export interface Tally {
  rows: number;
  right: number;
  wrong: number;
  undecided: number;
}

export interface Mistake {
  text: string;
  expected: Language | undefined;
  got: Language | undefined;
}

export interface LanguageScore {
  name: string;
  /** Rows with a language, all six together. */
  overall: Tally;
  perLanguage: Record<Language, Tally>;
  /** Rows whose words tell no language ("ok", "1002", "Hallo"): how often the reader named one anyway. */
  neutral: { rows: number; claimed: number };
  /** Median time of one call, in microseconds, over every row and round. */
  medianMicros: number;
  mistakes: Mistake[];
}

export interface MeasureOptions {
  rows?: readonly ShortMessage[];
  /** Timed passes over the rows after one untimed warm-up pass. */
  rounds?: number;
}

const ours = new Set<string>(LANGUAGES);

/** The first reader's answer, else the next one's: the words the bot knows first, then a library, say. */
export function firstThatTells(...readers: DetectLanguage[]): DetectLanguage {
  return (text) => {
    for (const read of readers) {
      const language = read(text);
      if (language !== undefined) return language;
    }
    return undefined;
  };
}

export function measureLanguage(detectors: readonly LanguageDetector[], options: MeasureOptions = {}): LanguageScore[] {
  const rows = options.rows ?? SHORT_MESSAGES;
  const rounds = options.rounds ?? 20;
  return detectors.map(({ name, detect }) => {
    const read = (text: string): Language | undefined => {
      const got = detect(text);
      return got !== undefined && ours.has(got) ? got : undefined;
    };
    const score = emptyScore(name);
    for (const row of rows) {
      const got = read(row.text);
      if (got !== row.language) score.mistakes.push({ text: row.text, expected: row.language, got });
      if (row.language === undefined) {
        score.neutral.rows++;
        if (got !== undefined) score.neutral.claimed++;
        continue;
      }
      for (const tally of [score.overall, score.perLanguage[row.language]]) {
        tally.rows++;
        if (got === undefined) tally.undecided++;
        else if (got === row.language) tally.right++;
        else tally.wrong++;
      }
    }
    score.medianMicros = medianMicros(rows, rounds, read);
    return score;
  });
}

function emptyScore(name: string): LanguageScore {
  const tally = (): Tally => ({ rows: 0, right: 0, wrong: 0, undecided: 0 });
  const perLanguage = Object.fromEntries(LANGUAGES.map((language) => [language, tally()])) as Record<Language, Tally>;
  return { name, overall: tally(), perLanguage, neutral: { rows: 0, claimed: 0 }, medianMicros: 0, mistakes: [] };
}

function medianMicros(rows: readonly ShortMessage[], rounds: number, read: (text: string) => unknown): number {
  for (const row of rows) read(row.text);
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const row of rows) {
      const start = process.hrtime.bigint();
      read(row.text);
      times.push(Number(process.hrtime.bigint() - start) / 1_000);
    }
  }
  times.sort((a, b) => a - b);
  return times.length === 0 ? 0 : times[Math.floor(times.length / 2)];
}

const percent = (part: number, whole: number): string => (whole === 0 ? '–' : `${Math.round((100 * part) / whole)}%`);
const rightOf = (tally: Tally): string => percent(tally.right, tally.rows);

/** A Markdown table: one line per reader. `mistakes` adds each reader's misread rows after it. */
export function languageReport(scores: readonly LanguageScore[], { mistakes = false } = {}): string {
  const rows = scores[0] ? scores[0].overall.rows : 0;
  const neutralRows = scores[0] ? scores[0].neutral.rows : 0;
  const lines = [
    `Right / wrong / undecided on ${rows} messages with a language; "claims" = names a language on the ${neutralRows} that tell none.`,
    '',
    `| reader | right | wrong | undecided | ${LANGUAGES.join(' | ')} | claims | µs/call (median) |`,
    `| --- | --- | --- | --- | ${LANGUAGES.map(() => '---').join(' | ')} | --- | --- |`,
    ...scores.map(
      (s) =>
        `| ${s.name} | ${rightOf(s.overall)} | ${percent(s.overall.wrong, s.overall.rows)} | ${percent(s.overall.undecided, s.overall.rows)} | ` +
        `${LANGUAGES.map((language) => rightOf(s.perLanguage[language])).join(' | ')} | ` +
        `${percent(s.neutral.claimed, s.neutral.rows)} | ${s.medianMicros.toFixed(1)} |`,
    ),
  ];
  if (mistakes) {
    for (const s of scores) {
      lines.push('', `${s.name}, misread:`);
      for (const m of s.mistakes)
        lines.push(`  ${JSON.stringify(m.text)}: ${m.expected ?? '-'} read as ${m.got ?? '-'}`);
    }
  }
  return lines.join('\n');
}

if (require.main === module) {
  void (async () => {
    const { installedDetectors } = await import('./languageDetectors');
    const { detectors, missing } = await installedDetectors();
    const { Translator } = await import('../src/i18n');
    const { buildLexicon } = await import('../src/recognize/lexicon');
    const { languageWritten } = await import('../src/recognize/languageWritten');
    const { vocabulary } = buildLexicon(new Translator('en').languages);
    detectors.unshift({
      name: "the bot's words (languageWritten)",
      detect: (text) => languageWritten(text, vocabulary),
    });
    const rounds = process.argv.includes('--rounds')
      ? Number(process.argv[process.argv.indexOf('--rounds') + 1])
      : undefined;
    console.log(
      languageReport(measureLanguage(detectors, { rounds }), { mistakes: process.argv.includes('--mistakes') }),
    );
    if (missing.length > 0) console.log(`\nNot installed: ${missing.join(', ')}`);
  })();
}
