/**
 * A carrier's tracking page in the customer's language, for the carriers whose link says which language
 * the page shows: Interface B hands every customer UPS's English page (`loc=en_US`). Any other link, or a
 * language the bot does not speak, stays as the interface gave it: a guess could lead to a page that is not there.
 */
import { parseLanguageTag } from '../languageTag';

/** Each of the bot's languages and its home region, for a customer whose locale names none (`nl` → nl_NL). */
const HOME_REGION: Readonly<Record<string, string>> = { en: 'US', de: 'DE', fr: 'FR', es: 'ES', it: 'IT', nl: 'NL' };

/** How each carrier's site takes the language (`nl_NL`), by the host of its tracking link. */
const CARRIER_SITES: ReadonlyArray<{ hosts: readonly string[]; setLanguage(url: URL, locale: string): void }> = [
  // UPS: https://www.ups.com/track?loc=nl_NL&tracknum=…
  { hosts: ['www.ups.com', 'ups.com'], setLanguage: (url, locale) => url.searchParams.set('loc', locale) },
  // DPD: https://tracking.dpd.de/status/nl_NL/parcel/…
  {
    hosts: ['tracking.dpd.de'],
    setLanguage: (url, locale) =>
      void (url.pathname = url.pathname.replace(/^\/status\/[a-z]{2}_[A-Z]{2}\//, `/status/${locale}/`)),
  },
];

/** `link` with the carrier's language parameter set to the customer's (`customerLocale`: `nl`, `nl-BE`). */
export function inCustomerLanguage(link: string | undefined, customerLocale: string): string | undefined {
  if (!link) return link;
  const tag = parseLanguageTag(customerLocale);
  const home = tag && HOME_REGION[tag.language];
  if (!tag || !home) return link;
  const url = new URL(link);
  const site = CARRIER_SITES.find((carrier) => carrier.hosts.includes(url.hostname));
  if (!site) return link;
  site.setLanguage(url, `${tag.language}_${new Intl.Locale(tag.locale).region ?? home}`);
  return url.toString();
}
