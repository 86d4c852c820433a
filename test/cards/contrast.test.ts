/**
 * WCAG 2.2 AA: every text colour a status card uses has a contrast of at least 4.5:1 in Web Chat's default
 * theme and in Teams' light and dark themes, with their published host-config colours (hostThemes.ts).
 * The measured table goes to test-output/contrast.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { renderShipments } from '../../src/cards';
import { LANGUAGES } from '../../src/i18n';
import { STATUS_CATEGORIES, type Shipment } from '../../src/tracking/shipment';
import { AA_TEXT, colourUses, contrastRatio } from './contrast';
import { bare, bigOrder, context, englishUpstream, germanLabels, shipment } from './fixtures';
import { cardsOf } from './helpers';
import { THEMES } from './hostThemes';

/** Every status, with and without each flag, and the odd shapes: whatever colours the cards can choose. */
const flagged = STATUS_CATEGORIES.flatMap((category) =>
  [false, true].flatMap((delayed) =>
    [false, true].map((exception): Shipment =>
      shipment(category, { id: `${category}-${delayed}-${exception}`, delayed, exception }),
    ),
  ),
);
const shipments = [...flagged, germanLabels, englishUpstream, bare, ...bigOrder(3, 40)];
const cards = ['msteams', 'webchat'].flatMap((channel) =>
  LANGUAGES.flatMap((language) => cardsOf(renderShipments(shipments, context(language, 'Europe/Berlin', channel)))),
);

describe.each(THEMES.map((theme) => [theme.name, theme] as const))('%s', (_name, theme) => {
  const uses = colourUses(cards, theme);

  test('every text colour on the cards reaches 4.5:1', () => {
    expect(uses.length).toBeGreaterThan(1);
    expect(
      uses
        .filter((use) => use.ratio < AA_TEXT)
        .map((use) => `${use.what}: ${use.foreground} on ${use.background} is ${use.ratio.toFixed(2)}:1`),
    ).toEqual([]);
  });
});

test('the measure agrees with WCAG: black on white 21:1, Web Chat’s subtle grey on white 4.54:1, translucent text over its background', () => {
  expect(contrastRatio('#000000', 'White')).toBeCloseTo(21, 5);
  expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
  expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBeCloseTo(1, 5);
  // 75 % white over Teams' dark grey is a light grey, not white.
  expect(contrastRatio('#bfffffff', '#ff2d2c2c')).toBeLessThan(contrastRatio('#ffffff', '#2d2c2c'));
});

afterAll(() => {
  const rows = THEMES.flatMap((theme) =>
    colourUses(cards, theme).map(
      (u) => `| ${theme.name} | ${u.what} | ${u.foreground} | ${u.background} | ${u.ratio.toFixed(2)} |`,
    ),
  );
  mkdirSync('test-output', { recursive: true });
  writeFileSync(
    'test-output/contrast.md',
    ['| theme | text | colour | background | ratio |', '| --- | --- | --- | --- | --- |', ...rows, ''].join('\n'),
  );
});
