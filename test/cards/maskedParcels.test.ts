/**
 * A masked order of several parcels names no carrier or number, so two parcels in transit looked the same
 * in a carousel and in a text. Each is named by its place in the answer instead ("Parcel 2 of 3"), on every
 * kind of channel; a single masked parcel, and any parcel shown whole, keeps its own name.
 */
import { renderShipments } from '../../src/cards';
import { maskedShipments } from '../../src/customers/maskedShipments';
import { cardsOf, texts } from './helpers';
import { context, shipment } from './fixtures';

const THREE = [
  shipment('in_transit', { id: 'a' }),
  shipment('in_transit', { id: 'b', trackingNumber: '1Z999AA10123450002' }),
  shipment('delivered', { id: 'c' }),
];

const CASES = [
  { locale: 'en-GB', names: ['Parcel 1 of 3', 'Parcel 2 of 3', 'Parcel 3 of 3'] },
  { locale: 'nl-NL', names: ['Pakket 1 van 3', 'Pakket 2 van 3', 'Pakket 3 van 3'] },
  { locale: 'fr-FR', names: ['Colis 1 sur 3', 'Colis 2 sur 3', 'Colis 3 sur 3'] },
];

describe.each(CASES)('masked parcels of one order, in $locale', ({ locale, names }) => {
  test.each(['webchat', 'msteams'])('on %s, each card of the carousel opens with its name, in order', (channel) => {
    const cards = cardsOf(renderShipments(maskedShipments(THREE), context(locale, 'UTC', channel)));
    expect(cards.map((card) => texts(card)[0])).toEqual(names);
  });

  test.each(['telegram', 'sms'])('on %s, each parcel block is headed by its name, in order', (channel) => {
    const text = renderShipments(maskedShipments(THREE), context(locale, 'UTC', channel))
      .map((reply) => reply.text)
      .join('\n');
    const positions = names.map((name) => text.indexOf(name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});

test('a single masked parcel is not numbered, and whole parcels keep their carrier', () => {
  const single = cardsOf(renderShipments(maskedShipments([THREE[0]]), context('en-GB', 'UTC')));
  expect(texts(single[0]).join('\n')).not.toMatch(/Parcel \d/);
  const whole = cardsOf(renderShipments(THREE, context('en-GB', 'UTC')));
  expect(whole.map((card) => texts(card)[0])).toEqual(['UPS', 'UPS', 'UPS']);
});
