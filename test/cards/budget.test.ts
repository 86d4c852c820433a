/** Every reply stays under 25 KB of serialized JSON, measured, whatever the upstream sends. */
import { MAX_ACTIVITY_BYTES, renderShipments } from '../../src/cards';
import type { Reply } from '../../src/channels';
import type { Shipment } from '../../src/tracking/shipment';
import { bigOrder, byCategory, de, en, englishUpstream, germanLabels } from './fixtures';
import { bytes, cardsOf, ofType, texts } from './helpers';

describe('an order of 20 shipments with 300 long events each', () => {
  const replies = renderShipments(bigOrder(20, 300), de('msteams'));

  test('becomes 4 carousels of 5 cards', () => {
    expect(replies.map((r) => [r.attachments?.length, r.attachmentLayout])).toEqual(Array(4).fill([5, 'carousel']));
  });

  test('each reply is under 25 KB, measured on the serialized JSON', () => {
    expect(MAX_ACTIVITY_BYTES).toBe(25 * 1024);
    for (const reply of replies) {
      expect(bytes(reply)).toBeLessThan(MAX_ACTIVITY_BYTES);
      expect(Buffer.byteLength(JSON.stringify(reply))).toBeLessThan(MAX_ACTIVITY_BYTES);
    }
  });

  test('the budget is used, not wasted: each reply is over 20 KB', () => {
    for (const reply of replies) expect(bytes(reply)).toBeGreaterThan(20 * 1024);
  });

  test('each card keeps the newest events, says how many older ones were dropped, and has fallbackText', () => {
    for (const card of cardsOf(replies)) {
      expect(String(card.fallbackText)).toMatch(/^DHL, Sendungsnummer \d+: Paket im Paketzentrum/);
      const all = texts(card);
      expect(
        all
          .filter((t) => /^\d+: /.test(t))
          .slice(0, 4)
          .map((t) => t.split(':')[0]),
      ).toEqual(['1', '2', '3', '4']);
      const [hidden] = ofType(card, 'Container');
      const kept = texts(hidden).filter((t) => /^\d+: /.test(t)).length;
      expect(kept).toBeGreaterThan(0);
      expect(texts(hidden).at(-1)).toBe(
        `${300 - 3 - kept} ältere Meldungen finden Sie auf der Website des Paketdienstes`,
      );
      expect(ofType(card, 'Action.ToggleVisibility')[0].title).toBe(`Ältere anzeigen (${kept})`);
    }
  });

  test('texts are capped at a sane length', () => {
    // An upstream text is cut at 300 characters; the carrier's words come after its name, in quotes.
    const said = Array.from('DHL: „“').length;
    for (const card of cardsOf(replies))
      for (const t of texts(card)) expect(Array.from(t).length).toBeLessThanOrEqual(300 + said);
  });
});

test('a hostile upstream (huge texts of emoji and Markdown characters) cannot push a reply over the budget', () => {
  const junk = '🚚*_[x](y)<b>&#91;\\'.repeat(5000);
  const hostile: Shipment = {
    ...germanLabels,
    trackingNumber: junk,
    carrier: { name: junk, trackingUrl: `https://e.example/${'a'.repeat(1900)}`, trackingUrlLabel: junk },
    status: { category: 'exception', label: junk, details: junk },
    events: Array.from({ length: 300 }, () => ({
      at: '2026-11-18T10:00:00Z',
      category: 'exception' as const,
      text: junk,
      location: junk,
      details: junk,
    })),
  };
  const order = Array.from({ length: 12 }, (_, i) => ({ ...hostile, id: `${junk}${i}` }));
  for (const channel of ['msteams', 'webchat', 'sms', 'telegram']) {
    const replies = renderShipments(order, en(channel));
    for (const reply of replies) expect(bytes(reply)).toBeLessThan(MAX_ACTIVITY_BYTES);
    expect(replies.length).toBeGreaterThan(0);
  }
});

test('the common case is compact: a 3-shipment carousel is well under the budget', () => {
  const [reply] = renderShipments([germanLabels, englishUpstream, byCategory.out_for_delivery], de('msteams'));
  expect(bytes(reply)).toBeLessThan(12 * 1024);
  const [single]: Reply[] = renderShipments([germanLabels], de('msteams'));
  expect(bytes(single)).toBeLessThan(5 * 1024);
});

describe('the intro line', () => {
  test('goes into the first reply only, and the budget counts it', async () => {
    const { renderShipments, MAX_ACTIVITY_BYTES } = await import('../../src/cards');
    const { bigOrder, en } = await import('./fixtures');
    const intro = 'I found 20 shipments for AB12CD34EF56:';
    const replies = renderShipments(bigOrder(), en(), { intro });
    expect(replies[0].text).toBe(intro);
    expect(replies.slice(1).every((r) => r.text === undefined)).toBe(true);
    for (const reply of replies) expect(Buffer.byteLength(JSON.stringify(reply))).toBeLessThan(MAX_ACTIVITY_BYTES);
  });
});
