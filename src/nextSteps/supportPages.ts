/**
 * The shop's help page in the customer's language: the one the operator set for that language
 * (SUPPORT_URL_DE, …), else the one for all (SUPPORT_URL), else none.
 */
import type { Choice } from '../channels';
import type { Translate } from '../i18n';
import { HELP_PAGE } from '../recognize/choiceValues';

export interface SupportPages {
  fallback?: string;
  byLanguage: Partial<Record<string, string>>;
}

/** The help page as a choice that opens it (a link button, or a line with the address on text channels). */
export function helpPageChoice(pages: SupportPages, language: string, t: Translate): Choice | undefined {
  const url = supportPageFor(pages, language);
  return url
    ? { value: HELP_PAGE, title: t('next_step.help_page'), url, line: t('next_step.help_page_line', { url }) }
    : undefined;
}

export function supportPageFor(pages: SupportPages, language: string): string | undefined {
  return pages.byLanguage[language] ?? pages.fallback;
}
