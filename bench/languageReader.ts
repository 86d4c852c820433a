/** What the language measurement measures: a reader of the language a message is written in (bench/languageTable.ts). */
import type { Language } from '../src/i18n';

/** A language, or undefined when the reader cannot tell. Anything that is not one of ours counts as undefined. */
export type DetectLanguage = (text: string) => Language | undefined;

export interface LanguageDetector {
  name: string;
  detect: DetectLanguage;
}
