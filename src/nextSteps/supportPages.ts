/**
 * The shop's help page in the customer's language: the one the operator set for that language
 * (SUPPORT_URL_DE, …), else the one for all (SUPPORT_URL), else none.
 */
export interface SupportPages {
  fallback?: string;
  byLanguage: Partial<Record<string, string>>;
}

export const NO_SUPPORT_PAGES: SupportPages = { byLanguage: {} };

export function supportPageFor(pages: SupportPages, language: string): string | undefined {
  return pages.byLanguage[language] ?? pages.fallback;
}
