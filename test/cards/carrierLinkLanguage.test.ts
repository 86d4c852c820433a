/**
 * "Track on UPS" opens the carrier's page in the customer's language where the carrier's link says the
 * language: Interface B hands every customer UPS's English page (`loc=en_US`), and a Dutch customer should
 * land on UPS's Dutch one. Carriers whose links name no language are left as the interface gave them.
 */
import { renderShipments } from '../../src/cards';
import { LANGUAGES } from '../../src/i18n';
import { context, shipment } from './fixtures';
import { cardsOf, ofType } from './helpers';

const ENGLISH_UPS = 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784';

/** The link on the card a customer of this locale is shown. */
function linkFor(trackingUrl: string, locale: string): string {
  const parcel = shipment('in_transit', { carrier: { code: 'ups', name: 'UPS', trackingUrl } });
  const [card] = cardsOf(renderShipments([parcel], context(locale, 'Europe/Amsterdam')));
  return String(ofType(card, 'Action.OpenUrl')[0].url);
}
const param = (url: string, name: string) => new URL(url).searchParams.get(name);

describe('UPS: loc=<language>_<REGION>', () => {
  test.each([
    ['en', 'en_US'],
    ['de', 'de_DE'],
    ['fr', 'fr_FR'],
    ['es', 'es_ES'],
    ['it', 'it_IT'],
    ['nl', 'nl_NL'],
  ])('a customer speaking %s gets loc=%s', (locale, loc) => {
    const url = linkFor(ENGLISH_UPS, locale);
    expect(param(url, 'loc')).toBe(loc);
    expect(param(url, 'tracknum')).toBe('1Z999AA10123456784');
  });

  test.each([
    ['nl-BE', 'nl_BE'],
    ['fr-CH', 'fr_CH'],
    ['de-AT', 'de_AT'],
    ['en-GB', 'en_GB'],
  ])("the customer's own region where their locale names one: %s gets loc=%s", (locale, loc) => {
    expect(param(linkFor(ENGLISH_UPS, locale), 'loc')).toBe(loc);
  });

  test("a link without a language gets the customer's; the rest of the link stays", () => {
    const url = linkFor('https://www.ups.com/track?tracknum=1Z999AA10123456784&requester=ST', 'nl');
    expect(param(url, 'loc')).toBe('nl_NL');
    expect(param(url, 'requester')).toBe('ST');
  });

  test('a language the bot does not speak keeps the link as the interface gave it', () => {
    expect(linkFor(ENGLISH_UPS, 'pt-BR')).toBe(ENGLISH_UPS);
  });
});

describe('DPD: /status/<language>_<REGION>/parcel/…', () => {
  test.each(LANGUAGES.map((language) => [language]))('%s', (language) => {
    const url = linkFor('https://tracking.dpd.de/status/de_DE/parcel/01234567890123', language);
    expect(new URL(url).pathname).toBe(
      `/status/${language}_${{ en: 'US', de: 'DE', fr: 'FR', es: 'ES', it: 'IT', nl: 'NL' }[language]}/parcel/01234567890123`,
    );
  });
});

test.each([
  'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557',
  'https://carrier.example/track?loc=en_US&n=1',
  'https://www.ups.com.evil.example/track?loc=en_US',
])('a carrier whose link names no language we know how to set keeps its link: %s', (url) => {
  expect(linkFor(url, 'nl')).toBe(url);
});
