/** Upstream text must never become Markdown: no links, no emphasis, no headings or lists. */
import { renderShipments } from '../../src/cards';
import { escapeMarkdown } from '../../src/cards/markdown';
import type { Shipment } from '../../src/tracking/shipment';
import { cardProblems } from './adaptiveCards';
import { cardsOf, facts, ofType, shown, walk } from './helpers';
import { de, en, germanLabels } from './fixtures';

const EVIL = '[click me](https://evil.example)';

/**
 * Whether CommonMark (and Teams' subset) could read a link in the text: an unescaped `[`, later an
 * unescaped `](`; or an autolink `<...>`; or something linkify finds (scheme://, www., name.tld, e-mail).
 */
function couldLink(markdown: string): boolean {
  const unescaped = (ch: string) => new RegExp(`(^|[^\\\\])(\\\\\\\\)*\\${ch}`);
  return (
    (unescaped('[').test(markdown) && unescaped(']').test(markdown)) ||
    unescaped('<').test(markdown) ||
    /[a-z]+:\/\//i.test(markdown) ||
    /\bwww\./i.test(markdown) ||
    /[\p{L}\p{N}-]\.(com|net|org|de|example|[a-z]{2})\b/iu.test(markdown)
  );
}

const everywhere = (text: string): Shipment => ({
  ...germanLabels,
  trackingNumber: text,
  carrier: { ...germanLabels.carrier, name: text },
  status: { category: 'delivered', label: text, details: text, carrierText: text },
  // Alternating categories, so that no two neighbours are one run told once.
  events: Array.from({ length: 5 }, (_, i) => ({
    at: `2026-11-1${i}T10:00:00Z`,
    category: i % 2 ? ('in_transit' as const) : ('delivered' as const),
    text,
    carrierText: text,
    location: text,
  })),
});

test(`an upstream text ${EVIL} is not a link anywhere on the card, and reads as typed`, () => {
  for (const localizedTexts of [true, false]) {
    const [card] = cardsOf(renderShipments([{ ...everywhere(EVIL), localizedTexts }], de('msteams')));
    expect(cardProblems(card)).toEqual([]);
    const markdown = [
      ...ofType(card, 'TextBlock').map((b) => String(b.text)),
      ...ofType(card, 'FactSet').flatMap((f) => (f.facts as { value: string }[]).map((x) => x.value)),
    ];
    const withEvil = markdown.filter((m) => shown(m) === EVIL);
    // carrier, label (localized; else our own explanation stands in for the upstream's), and each event's text (localized)
    expect(withEvil).toHaveLength(localizedTexts ? 7 : 1);
    // or (not localized) each event's upstream line, as the carrier's words
    expect(markdown.filter((m) => shown(m) === `${EVIL}: „${EVIL}“`)).toHaveLength(localizedTexts ? 0 : 5);
    // the tracking number, after its bold label
    expect(facts(card).Sendungsnummer).toBe(EVIL);
    expect(markdown.filter((m) => shown(m).endsWith(` · ${EVIL}`))).toHaveLength(5);
    for (const m of markdown) expect(couldLink(m)).toBe(false);
    expect(withEvil[0]).toBe('\\[click me\\](https:\u2060//evil.\u2060example)');
    // Plain text where nothing renders Markdown:
    expect(card.fallbackText).not.toMatch(/[[\]<>]/);
    expect(card.speak).not.toMatch(/[[\]<>&]/);
  }
});

test('the oracle itself sees the raw text as a link', () => {
  expect(couldLink(EVIL)).toBe(true);
  expect(couldLink('see www.evil.com')).toBe(true);
  expect(couldLink('<https://x.example>')).toBe(true);
});

test.each([
  ['*bold* and _italic_', '\\*bold\\* and \\_italic\\_'],
  ['**x** __y__ `code` ~~z~~', '\\*\\*x\\*\\* \\_\\_y\\_\\_ \\`code\\` \\~\\~z\\~\\~'],
  ['# Heading', '\\# Heading'],
  ['- item', '\\- item'],
  ['+ item', '\\+ item'],
  ['> quote', '\\> quote'],
  ['1. first', '1\\. first'],
  ['18. Nov. 2026, 09:30', '18\\. Nov. 2026, 09:30'],
  ['![img](https://x.example/a.png)', '!\\[img\\](https:\u2060//x.\u2060example/a.\u2060png)'],
  ['<b>html</b> &#91;', '\\<b>html\\</b> \\&#91;'],
  ['back\\slash', 'back\\\\slash'],
  ['write to a@evil.com or www.evil.com', 'write to a@\u2060evil.\u2060com or www.\u2060evil.\u2060com'],
])('escapes %j', (input, output) => {
  expect(escapeMarkdown(input)).toBe(output);
  expect(shown(output)).toBe(input);
});

test('ordinary text needs no escapes at all', () => {
  for (const s of [
    'Zugestellt an Nachbarn',
    '19.11.2026, 00:30 · Berlin',
    '1Z999AA10123456784',
    '-5 °C',
    '#12 Hub',
    'A & B',
    'In Zustellung (Tour 7)',
    '1.5 kg',
  ])
    expect(escapeMarkdown(s)).toBe(s);
});

test('newlines and control characters cannot start new Markdown blocks', () => {
  const [card] = cardsOf(renderShipments([everywhere('ok\n\n# Heading\n- item\u0000\u202e')], en()));
  for (const block of ofType(card, 'TextBlock'))
    // eslint-disable-next-line no-control-regex -- the NUL this card was given must not come out
    expect(String(block.text)).not.toMatch(/[\n\r\u0000\u202e]/);
  expect(walk(card).some((o) => o.text === 'ok # Heading - item')).toBe(true);
});
