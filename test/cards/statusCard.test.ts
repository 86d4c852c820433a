import { renderShipments } from '../../src/cards';
import type { Reply } from '../../src/channels';
import { BUTTON_TITLE_BUDGET } from '../../src/cards/statusCard';
import { maskedShipment } from '../../src/customers/maskedShipments';
import { LANGUAGES } from '../../src/i18n';
import { STATUS_CATEGORIES, type Shipment } from '../../src/tracking/shipment';
import {
  bare,
  byCategory,
  context,
  de,
  delayed,
  en,
  englishUpstream,
  exceptionFlag,
  germanLabels,
  shipment,
} from './fixtures';
import { cardsOf, facts, ofType, texts, walk, type Json } from './helpers';

const card = (s: Shipment, ctx = en()): Json => {
  const cards = cardsOf(renderShipments([s], ctx));
  expect(cards).toHaveLength(1);
  return cards[0];
};
const statusBlock = (c: Json): Json => ofType(c, 'TextBlock').find((b) => b.size === 'large')!;

describe('the German card (labels from the interface, Europe/Berlin)', () => {
  const c = card(germanLabels, de('webchat', 'Europe/Berlin'));

  test('shows German words: the label, the details, the facts, the toggle', () => {
    expect(statusBlock(c).text).toBe('Zugestellt');
    expect(texts(c)).toContain('DHL: „Die Sendung wurde dem Empfänger persönlich übergeben.“');
    expect(Object.keys(facts(c))).toEqual(['Sendungsnummer', 'Bestellt am', 'Letzte Aktualisierung']);
    expect(ofType(c, 'Action.ToggleVisibility')[0].title).toBe('Ältere anzeigen (4)');
    expect(ofType(c, 'Action.OpenUrl')[0].title).toBe('Bei DHL verfolgen');
  });

  test('formats dates in de-DE in the given zone; a plain order date stays that date', () => {
    // 2026-11-18T23:30Z is already the 19th in Berlin.
    expect(facts(c)).toEqual({
      Sendungsnummer: '00340434161094042557',
      'Bestellt am': '12. Nov. 2026',
      'Letzte Aktualisierung': '19. Nov. 2026, 00:30',
    });
    expect(texts(c)).toContain('19. Nov. 2026, 00:30 · Berlin');
  });
});

describe('the English card (upstream in English, en-GB, UTC)', () => {
  const c = card(englishUpstream, en('webchat', 'UTC'));

  test('translates the category and keeps the upstream text as a subtle second line', () => {
    expect(statusBlock(c).text).toBe('In transit');
    const blocks = ofType(c, 'TextBlock');
    const first = blocks.findIndex((b) => b.separator === true);
    expect(blocks.slice(first, first + 3).map((b) => [b.text, b.isSubtle ?? false])).toEqual([
      ['In transit', false],
      ['UPS: “Arrived at facility”', true],
      ['18 Nov 2026, 23:30 · Berlin', true],
    ]);
    expect(Object.keys(facts(c))).toEqual(['Tracking number', 'Last update']);
    expect(JSON.stringify(c)).not.toMatch(/Zugestellt|Sendung|Unterwegs/);
  });

  test('the same shipment in German shows German category words, upstream text still below', () => {
    const german = card(englishUpstream, de());
    expect(statusBlock(german).text).toBe('Unterwegs');
    expect(texts(german)).toEqual(
      expect.arrayContaining(['Unterwegs', 'UPS: „Arrived at facility“', '19. Nov. 2026, 00:30 · Berlin']),
    );
  });
});

describe('dates and zones', () => {
  test('a plain YYYY-MM-DD order date is never shifted by the zone', () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Los_Angeles', 'Asia/Tokyo']) {
      expect(facts(card({ ...germanLabels, orderedAt: '2026-11-12' }, context('en-GB', zone))).Ordered).toBe(
        '12 Nov 2026',
      );
    }
  });

  test('an order instant is shown in the zone', () => {
    const s = { ...germanLabels, orderedAt: '2026-11-12T23:30:00.000Z' };
    expect(facts(card(s, context('en-GB', 'UTC'))).Ordered).toBe('12 Nov 2026');
    expect(facts(card(s, context('en-GB', 'Europe/Berlin'))).Ordered).toBe('13 Nov 2026');
  });

  test('an invalid zone falls back to UTC, an odd locale to something readable; nothing throws', () => {
    const utc = card(englishUpstream, context('en-GB', 'UTC'));
    expect(card(englishUpstream, context('en-GB', 'Mars/Olympus_Mons'))).toEqual(utc);
    expect(card(englishUpstream, { ...en(), timeZone: '' })).toEqual(utc);
    expect(() => card(englishUpstream, { ...en(), locale: 'not a locale!!' })).not.toThrow();
  });

  test('de-CH formats the Swiss way', () => {
    expect(facts(card(germanLabels, context('de-CH', 'Europe/Zurich')))['Letzte Aktualisierung']).toBe(
      '19. Nov. 2026, 00:30',
    );
  });
});

describe('status text', () => {
  test.each(STATUS_CATEGORIES)(
    '%s: large and bold, in the text colour (the hosts’ green, yellow and red fail 4.5:1 somewhere)',
    (category) => {
      for (const flags of [{}, { delayed: true }, { exception: true }]) {
        const c = card({ ...byCategory[category], exception: false, ...flags });
        expect(statusBlock(c)).toMatchObject({ weight: 'bolder', size: 'large' });
        expect(statusBlock(c).text).toBe(en().t(`status.${category}`));
        expect(walk(c).filter((o) => o.color !== undefined || o.style !== undefined)).toEqual([]);
      }
    },
  );

  test('the label is used only when the texts are localized', () => {
    const labelled = {
      ...byCategory.delivered,
      status: { category: 'delivered' as const, label: 'Delivered to neighbour' },
    };
    expect(statusBlock(card({ ...labelled, localizedTexts: false })).text).toBe('Delivered');
    expect(statusBlock(card({ ...labelled, localizedTexts: true })).text).toBe('Delivered to neighbour');
    expect(statusBlock(card({ ...byCategory.delivered, localizedTexts: true })).text).toBe('Delivered');
  });

  test('an unlisted category from an open upstream vocabulary reads as unknown', () => {
    expect(statusBlock(card(shipment('unknown', { status: { category: 'weird' as never } }))).text).toBe(
      'Status unknown',
    );
  });
});

describe('flags', () => {
  const flags = (c: Json) =>
    ofType(c, 'TextBlock').filter((b) => b.weight === 'bolder' && b.size === undefined && !b.isSubtle);

  test('delayed and needs attention: one bold line at full size, only when flagged, no coloured pill', () => {
    expect(flags(card(delayed))).toEqual([
      { type: 'TextBlock', text: 'Delayed', weight: 'bolder', wrap: true, spacing: 'small' },
    ]);
    expect(flags(card(exceptionFlag)).map((b) => b.text)).toEqual(['Needs attention']);
    expect(flags(card({ ...delayed, exception: true }, de())).map((b) => b.text)).toEqual([
      'Verspätet · Bitte beachten',
    ]);
    expect(flags(card(byCategory.delivered))).toEqual([]);
    expect(ofType(card({ ...delayed, exception: true }), 'ColumnSet')).toEqual([]);
  });
});

describe('facts', () => {
  test('each fact is one full-width TextBlock, "**label** value", so that nothing squeezes a label or a number into a column', () => {
    const c = card(germanLabels, de());
    expect(ofType(c, 'FactSet')).toEqual([]);
    expect(ofType(c, 'TextBlock').filter((b) => String(b.text).startsWith('**'))).toEqual([
      { type: 'TextBlock', text: '**Sendungsnummer** 00340434161094042557', wrap: true, spacing: 'medium' },
      { type: 'TextBlock', text: '**Bestellt am** 12\\.\u00a0Nov.\u00a02026', wrap: true, spacing: 'none' },
      {
        type: 'TextBlock',
        text: '**Letzte Aktualisierung** 19\\.\u00a0Nov.\u00a02026,\u00a000:30',
        wrap: true,
        spacing: 'none',
      },
    ]);
    // A short value keeps together; a long one may wrap between its words.
    const long = 'Paketzentrum Nord-Ost, Tor 12, Frankfurt am Main';
    expect(facts(card({ ...germanLabels, trackingNumber: long }, de())).Sendungsnummer).toBe(long);
    expect(JSON.stringify(card({ ...germanLabels, trackingNumber: long }, de()))).toContain(long);
  });
});

describe('events', () => {
  /** The carrier's words on the card: after its name, in quotes. */
  const scan = 'UPS: “scan ';
  const withEvents = (n: number) =>
    shipment('in_transit', {
      events: Array.from({ length: n }, (_, i) => ({
        at: new Date(Date.UTC(2026, 10, 18) - i * 3_600_000).toISOString(),
        category: 'in_transit' as const,
        carrierText: `scan ${i + 1}`,
      })),
    });

  test('three or fewer events: all visible, no hidden container, no toggle', () => {
    for (const n of [0, 1, 3]) {
      const c = card(withEvents(n));
      expect(ofType(c, 'Container')).toEqual([]);
      expect(ofType(c, 'Action.ToggleVisibility')).toEqual([]);
      expect(texts(c).filter((t) => t.startsWith(scan))).toHaveLength(n);
    }
  });

  test('more than three: the newest three visible, the older ones hidden behind a counted toggle', () => {
    const c = card(withEvents(4));
    const [hidden] = ofType(c, 'Container');
    expect(hidden.isVisible).toBe(false);
    expect(texts(hidden)).toEqual(['In transit', 'UPS: “scan 4”', '17 Nov 2026, 21:00']);
    expect(ofType(c, 'Action.ToggleVisibility')[0]).toMatchObject({
      title: 'Show earlier (1)',
      targetElements: [hidden.id, expect.stringMatching(/-show$/), expect.stringMatching(/-hide$/)],
    });
    const visible = (c.body as Json[]).filter((e) => e.type === 'TextBlock');
    expect(visible.map((b) => b.text).filter((t) => String(t).startsWith(scan))).toEqual([
      'UPS: “scan 1”',
      'UPS: “scan 2”',
      'UPS: “scan 3”',
    ]);
    expect(ofType(card(withEvents(9)), 'Action.ToggleVisibility')[0].title).toBe('Show earlier (6)');
  });

  test('events out of order are shown newest first', () => {
    const s = withEvents(3);
    const c = card({ ...s, events: [...s.events].reverse() });
    expect(texts(c).filter((t) => t.startsWith(scan))).toEqual(['UPS: “scan 1”', 'UPS: “scan 2”', 'UPS: “scan 3”']);
  });

  test('beyond 20 hidden events, the rest is counted and sent to the carrier’s website', () => {
    const c = card(withEvents(30));
    const [hidden] = ofType(c, 'Container');
    expect(texts(hidden).filter((t) => t.startsWith(scan))).toHaveLength(20);
    expect(texts(hidden).at(-1)).toBe('7 older updates are on the carrier’s website');
  });

  test('on a masked card, which names no carrier and links none, the rest is counted without sending anyone to the carrier', () => {
    // Standard words (Interface A's), which a masked card keeps: thirty events that each say something else.
    const standard = withEvents(30);
    const c = card(
      maskedShipment(
        {
          ...standard,
          localizedTexts: true,
          events: standard.events.map(({ carrierText, ...event }) => ({ ...event, text: carrierText })),
        },
        0,
      ),
    );
    const [hidden] = ofType(c, 'Container');
    expect(texts(hidden).at(-1)).toBe('7 older updates are not shown here');
    expect(JSON.stringify(c)).not.toContain('carrier’s website');
  });

  test('element ids are unique across a carousel, even for equal or odd shipment ids', () => {
    const odd = { ...germanLabels, id: 'a b/c' };
    const replies = renderShipments(
      [germanLabels, germanLabels, odd, { ...odd, id: 'a_b_c' }, { ...odd, id: '' }],
      de(),
    );
    expect(replies).toHaveLength(1);
    const ids = walk(replies[0].attachments)
      .map((o) => o.id)
      .filter(Boolean) as string[];
    // Each card's hidden events and its two toggle buttons.
    expect(ids).toHaveLength(15);
    expect(new Set(ids).size).toBe(15);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe('carrier, number and link', () => {
  test('OpenUrl only when there is a link; its title the carrier’s own label when it fits, else ours, short', () => {
    expect(card(bare).actions).toBeUndefined();
    expect(ofType(card(bare), 'Action.OpenUrl')).toEqual([]);
    expect(ofType(card(byCategory.delivered), 'Action.OpenUrl')).toEqual([
      {
        type: 'Action.OpenUrl',
        title: 'Track on UPS',
        url: 'https://www.ups.com/track?loc=en_GB&tracknum=1Z999AA10123456784',
      },
    ]);
    expect(ofType(card(byCategory.delivered, de()), 'Action.OpenUrl')[0].title).toBe('Bei UPS verfolgen');
    const nameless = { ...byCategory.delivered, carrier: { trackingUrl: 'https://track.example/1' } };
    expect(ofType(card(nameless), 'Action.OpenUrl')[0]).toMatchObject({
      title: 'Track shipment',
      url: 'https://track.example/1',
    });

    const labelled = (name: string, trackingUrlLabel?: string) =>
      String(
        ofType(
          card({
            ...byCategory.delivered,
            carrier: { name, trackingUrl: 'https://track.example/1', trackingUrlLabel },
          }),
          'Action.OpenUrl',
        )[0].title,
      );
    expect(labelled('UPS', 'Track your parcel')).toBe('Track your parcel');
    expect(labelled('UPS', 'x'.repeat(BUTTON_TITLE_BUDGET))).toBe('x'.repeat(BUTTON_TITLE_BUDGET));
    expect(labelled('UPS', 'Track your parcel on the UPS website')).toBe('Track on UPS');
    expect(labelled('Chronopost International Express', 'Track your parcel on the Chronopost website')).toBe(
      'Track shipment',
    );
    for (const language of LANGUAGES)
      expect(Array.from(context(language, 'UTC').t('card.track_on_carrier_site')).length).toBeLessThanOrEqual(
        BUTTON_TITLE_BUDGET,
      );
  });

  test('a non-http link never becomes a button', () => {
    expect(
      ofType(
        card({ ...byCategory.delivered, carrier: { name: 'X', trackingUrl: 'javascript:alert(1)' } }),
        'Action.OpenUrl',
      ),
    ).toEqual([]);
  });

  test('no carrier, number, dates or events: a short card that still says what it knows', () => {
    const c = card(bare);
    expect(texts(c)).toEqual([
      'Carrier unknown',
      'Order received',
      'The shop has your order and is getting it ready. It has not been handed to the carrier yet.',
    ]);
    expect(ofType(c, 'FactSet')).toEqual([]);
    expect(c.fallbackText).toBe('Carrier unknown: Order received');
    expect(card(bare, de()).fallbackText).toBe('Paketdienst unbekannt: Bestellung eingegangen');
  });

  test('fallbackText and speak: carrier, number and status on one line', () => {
    expect(card(germanLabels, de()).fallbackText).toBe('DHL, Sendungsnummer 00340434161094042557: Zugestellt');
    expect(card(englishUpstream).speak).toBe('UPS, tracking number 1Z999AA10123456784: In transit');
  });
});

describe('replies', () => {
  test('no shipments, no replies', () => {
    expect(renderShipments([], en())).toEqual([]);
    expect(renderShipments([], en('sms'))).toEqual([]);
  });

  test('one shipment is one card; several are a carousel; more than five are split evenly', () => {
    const layout = (replies: Reply[]) => replies.map((r) => [r.attachments?.length, r.attachmentLayout]);
    expect(layout(renderShipments([germanLabels], de()))).toEqual([[1, undefined]]);
    expect(layout(renderShipments([germanLabels, englishUpstream, bare], de()))).toEqual([[3, 'carousel']]);
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...englishUpstream, id: `s${i}` }));
    expect(layout(renderShipments(many(6), en()))).toEqual([
      [3, 'carousel'],
      [3, 'carousel'],
    ]);
    expect(layout(renderShipments(many(11), en())).map(([n]) => n)).toEqual([4, 4, 3]);
  });

  test('pure: the same input gives the same output and is not changed', () => {
    const input = structuredClone([germanLabels, englishUpstream]);
    const deepFreeze = (o: unknown): unknown =>
      o && typeof o === 'object' ? Object.freeze(Object.values(o).forEach(deepFreeze) ?? o) : o;
    deepFreeze(input);
    const first = renderShipments(input, de('msteams'));
    expect(renderShipments(input, de('msteams'))).toEqual(first);
    expect(input).toEqual([germanLabels, englishUpstream]);
  });
});

describe('no repetition', () => {
  test('status details that only repeat the status are not shown twice', () => {
    const shipment = {
      ...byCategory.in_transit,
      localizedTexts: false,
      status: { category: 'in_transit' as const, details: 'In transit.' },
    };
    const json = JSON.stringify(card(shipment));
    expect(json.match(/In transit/g)?.length).toBe(
      JSON.stringify(card({ ...shipment, status: { category: 'in_transit' as const } })).match(/In transit/g)?.length,
    );
  });
});
