/**
 * The carrier's own words are shown as the carrier's: "We've got it, Swindon Mail Centre" is Royal Mail
 * speaking, not the shop, so it comes after the carrier's name and in quotes, in the customer's
 * language's quotes (plain ones by SMS), on the card, in a text and in an SMS. Our own words (the status,
 * what happens next) stay unquoted.
 */
import { renderShipments, type CardContext } from '../../src/cards';
import { maskedShipments } from '../../src/customers/maskedShipments';
import { STATUS_CATEGORIES, type Shipment } from '../../src/tracking/shipment';
import { context, germanLabels, shipment, translator } from './fixtures';
import { cardsOf, texts } from './helpers';

const royalMail: Shipment = shipment('in_transit', {
  id: 'rm',
  trackingNumber: 'LX582039171GB',
  carrier: { code: 'royal-mail', name: 'Royal Mail' },
  events: [
    {
      at: '2026-11-18T17:30:00.000Z',
      category: 'in_transit',
      code: 'IN_TRANSIT',
      carrierText: "We've got it, Swindon Mail Centre",
    },
    {
      at: '2026-11-17T14:10:00.000Z',
      category: 'pending',
      code: 'PENDING',
      carrierText: "We're expecting it: the sender has told us your item is on its way",
    },
  ],
});

const cardText = (parcel: Shipment, ctx: CardContext) => texts(cardsOf(renderShipments([parcel], ctx))[0]);
const plainText = (parcel: Shipment, ctx: CardContext) => renderShipments([parcel], ctx)[0].text!;

describe("an English-speaking carrier's events (Interface B)", () => {
  test('on a French card: after the carrier’s name, in French quotes, never alone', () => {
    const lines = cardText(royalMail, context('fr-FR', 'Europe/Paris'));
    expect(lines).toContain("Royal Mail : « We've got it, Swindon Mail Centre »");
    expect(lines).toContain("Royal Mail : « We're expecting it: the sender has told us your item is on its way »");
    expect(lines.filter((line) => /^We['’]/.test(line))).toEqual([]);
  });

  test('on an English card, in English quotes', () => {
    expect(cardText(royalMail, context('en-GB', 'UTC'))).toContain("Royal Mail: “We've got it, Swindon Mail Centre”");
  });

  test('in a German text, beside our words for the event', () => {
    expect(plainText(royalMail, context('de-DE', 'Europe/Berlin', 'telegram'))).toContain(
      "Unterwegs (Royal Mail: „We've got it, Swindon Mail Centre“)",
    );
  });

  test('in a German SMS, with plain quotes (GSM-7)', () => {
    const sms = plainText(royalMail, context('de-DE', 'Europe/Berlin', 'sms'));
    expect(sms).toContain('Royal Mail: "We\'ve got it, Swindon Mail Centre"');
  });

  test('a carrier without a name is "the carrier"', () => {
    const lines = cardText({ ...royalMail, carrier: {} }, context('nl-NL', 'Europe/Amsterdam'));
    expect(lines).toContain("Vervoerder: „We've got it, Swindon Mail Centre”");
  });
});

describe("a carrier's words in the customer's language (Interface A)", () => {
  test('what the status means and what each event says, as DHL’s', () => {
    const lines = cardText(germanLabels, context('de-DE', 'Europe/Berlin'));
    expect(lines).toContain('DHL: „Die Sendung wurde dem Empfänger persönlich übergeben.“');
    expect(lines).toContain('DHL: „Persönlich übergeben“');
    expect(lines).toContain('Zugestellt');
  });

  test('the order’s own first checkpoint is the shop’s, not the carrier’s', () => {
    const ordered: Shipment = {
      ...germanLabels,
      status: { category: 'pending', code: 'OrderProcessed', label: 'Bestellung bearbeitet' },
      events: [
        {
          at: '2026-11-13T09:00:00.000Z',
          category: 'pending',
          code: 'OrderProcessed',
          text: 'Bestellung bearbeitet',
          details: 'Wir haben Ihre Bestellung erhalten.',
          byShop: true,
        },
      ],
    };
    const lines = cardText(ordered, context('de-DE', 'Europe/Berlin'));
    expect(lines).toContain('Wir haben Ihre Bestellung erhalten.');
    expect(lines.join('\n')).not.toContain('DHL: „Wir');
  });
});

describe('to a visitor (masked), none of the carrier’s words: each event in our words, and its time', () => {
  const masked = () => maskedShipments([royalMail])[0];
  test.each([
    ['nl-NL', 'Europe/Amsterdam', ['Onderweg', 'Bestelling ontvangen'], 'Vervoerder'],
    ['fr-FR', 'Europe/Paris', ['En cours d’acheminement', 'Commande reçue'], 'Transporteur'],
  ])('in %s, on a card, in a text and in an SMS', (locale, zone, words, carrier) => {
    const lines = cardText(masked(), context(locale, zone));
    const text = plainText(masked(), context(locale, zone, 'telegram'));
    const sms = plainText(masked(), context(locale, zone, 'sms'));
    for (const shown of [lines.join('\n'), text, sms]) {
      expect(shown).not.toMatch(/Swindon|We['’]|Royal Mail/);
      expect(shown).not.toContain(`${carrier}:`);
    }
    // Status, then the two events: our word and the time of each.
    expect(lines.filter((line) => words.includes(line))).toEqual([words[0], words[0], words[1]]);
    expect(lines.filter((line) => /^\d{1,2} nov\.? 2026, \d\d:\d\d$/.test(line))).toHaveLength(2);
  });
});

/**
 * Interface A's localized texts stay for a visitor, since they are the interface's standard words. With the
 * carrier withheld they are nobody's quote: "Transporteur : « … »" would name a carrier the card says it hides.
 */
describe('to a visitor (masked), Interface A’s standard words are not put in the carrier’s mouth', () => {
  test.each([
    ['fr-FR', 'Europe/Paris', /Transporteur ?:/, 'Die Sendung wurde dem Empfänger persönlich übergeben.'],
    ['nl-NL', 'Europe/Amsterdam', /Vervoerder:/, 'Die Sendung wurde dem Empfänger persönlich übergeben.'],
    ['de-DE', 'Europe/Berlin', /DHL|Versanddienst: /, 'Die Sendung wurde dem Empfänger persönlich übergeben.'],
  ])('in %s, on a card, in a text and in an SMS', (locale, zone, label, words) => {
    const masked = maskedShipments([germanLabels])[0];
    const card = cardText(masked, context(locale, zone)).join('\n');
    for (const shown of [
      card,
      plainText(masked, context(locale, zone, 'telegram')),
      plainText(masked, context(locale, zone, 'sms')),
    ]) {
      expect(shown).not.toMatch(label);
    }
    // The words themselves are still there, unquoted.
    expect(card).toContain(words);
    // The owner's card still names whose words they are.
    expect(cardText(germanLabels, context('de-DE', 'Europe/Berlin'))).toContain(`DHL: „${words}“`);
  });
});

describe('our word for a category is also every past event’s, when the carrier’s are not shown', () => {
  const TODAY: Record<string, RegExp> = {
    en: /\btoday\b/i,
    de: /\bheute\b/i,
    fr: /aujourd/i,
    es: /\bhoy\b/i,
    it: /\boggi\b/i,
    nl: /\bvandaag\b/i,
  };
  test.each(Object.keys(TODAY))(
    'in %s it names no day: "out for delivery" on Tuesday is not "today" on Thursday',
    (language) => {
      const { t } = translator.localize(language);
      const words = STATUS_CATEGORIES.map((category) => t(`status.${category}`));
      expect(words.filter((word) => TODAY[language].test(word))).toEqual([]);
    },
  );
});
