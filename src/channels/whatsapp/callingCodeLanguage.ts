/**
 * WhatsApp sends no locale. Until the customer's words tell their language (src/bot/turnReading.ts), the first guess
 * is their number's country calling code, where one of the bot's languages is clearly the country's. Where a country
 * has several (Switzerland, Belgium, Luxembourg, Canada within +1) there is no guess: the shop's DEFAULT_LOCALE.
 * The number itself goes no further than this lookup.
 */
const BY_CALLING_CODE: Readonly<Record<string, string>> = {
  // German
  '49': 'de',
  '43': 'de',
  '423': 'de',
  // French
  '33': 'fr',
  '377': 'fr',
  // Spanish: Spain and Latin America
  '34': 'es',
  '52': 'es',
  '53': 'es',
  '54': 'es',
  '56': 'es',
  '57': 'es',
  '51': 'es',
  '58': 'es',
  '502': 'es',
  '503': 'es',
  '504': 'es',
  '505': 'es',
  '506': 'es',
  '507': 'es',
  '591': 'es',
  '593': 'es',
  '595': 'es',
  '598': 'es',
  // Italian
  '39': 'it',
  '378': 'it',
  // Dutch
  '31': 'nl',
  '597': 'nl',
  // English
  '44': 'en',
  '353': 'en',
  '61': 'en',
  '64': 'en',
};

/** The language of the country the WhatsApp id (its number, digits) belongs to, when one is clearly its. */
export function callingCodeLanguage(waId: string): string | undefined {
  // Calling codes are prefix-free: at most one of the first three prefixes is a code.
  for (const length of [3, 2, 1]) {
    const language = BY_CALLING_CODE[waId.slice(0, length)];
    if (language) return language;
  }
  return undefined;
}
