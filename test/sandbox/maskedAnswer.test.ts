/**
 * A masked answer (ORDER_DETAILS=masked, the default) as a visitor sees it in the sandbox's Web Chat, in
 * English and Dutch, on a desktop and a phone: each card leads with the status, names no carrier, tracking
 * number or place and has no carrier button, and its last line says, whole and in view, how to see them.
 * Screenshots go to test-output/screenshots/masked/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO } from '../../sandbox/simulators';
import { Translator } from '../../src/i18n';
import { browserTest as inBrowser } from '../support/chromium';
import { chatIn, DESKTOP, PHONE, SCREENSHOTS, settled, useSandboxBrowser } from '../support/sandboxBrowser';

const browserTest = inBrowser();
jest.setTimeout(120_000);
const sandbox = useSandboxBrowser({
  ORDER_DETAILS: 'masked',
  LOG_LEVEL: 'warn',
  ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
  LOOKUP_LIMIT: '0',
});
const OUT = `${SCREENSHOTS}/masked`;
beforeAll(() => mkdirSync(OUT, { recursive: true }));
const translator = new Translator('en');
/** What ORD-1002's and ORD-1001's parcels must not show a visitor: carriers, numbers, places. */
const DETAILS =
  /UPS|DPD|PostNL|DHL|1ZV8R4236804512972|01485023741196|3SKAAN4718293|00340434161094048139|Venlo|Köln|Berlin|Utrecht|Hamburg|Carrier unknown|Vervoerder onbekend/;

async function open(size: typeof PHONE | typeof DESKTOP, locale: string): Promise<Page> {
  const page = await sandbox.browser.newPage({ ...size, locale, timezoneId: 'Europe/Amsterdam' });
  await page.goto(`${sandbox.app.url}/`);
  // The sandbox page embeds the widget, as a store does: the chat is in the widget's frame.
  await chatIn(page).locator('.webchat__bubble').first().waitFor();
  return page;
}

async function ask(page: Page, number: string): Promise<void> {
  const box = chatIn(page).locator('[data-id="webchat-sendbox-input"]');
  await box.fill(number);
  await box.press('Enter');
}

const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;
const LOCALES = [
  ['en', 'en-US'],
  ['nl', 'nl-NL'],
] as const;

describe.each(LOCALES)('in %s', (language, locale) => {
  const { t } = translator.localize(language);
  const signIn = t('card.sign_in_for_details');

  browserTest.each(SIZES)(
    'at %s size: a carousel of three masked parcels and a single masked card read whole, with the line on signing in',
    async (size, viewport) => {
      const page = await open(viewport, locale);
      await ask(page, DEMO.checkpoints.inTransitMultiShipment);
      const carousel = chatIn(page).locator('.webchat__carousel-layout').last();
      await carousel.locator('.ac-adaptiveCard').nth(2).waitFor();
      await settled(page);
      await page.screenshot({ path: `${OUT}/carousel-${language}-${size}.png` });
      await ask(page, DEMO.checkpoints.delivered);
      const single = chatIn(page).locator('.webchat__stacked-layout .ac-adaptiveCard').last();
      await single.getByText(signIn).waitFor();
      await single.getByText(signIn).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${OUT}/single-${language}-${size}.png` });

      const cards = [...(await carousel.locator('.ac-adaptiveCard').all()), single];
      for (const [index, card] of cards.entries()) {
        const all = (await card.innerText())
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean);
        expect(all.join('\n')).not.toMatch(DETAILS);
        // Alike as they may be, the carousel's parcels are told apart by their place in it; the single card needs no name.
        const named = index < 3;
        expect(named ? all[0] : undefined).toBe(
          named ? t('card.parcel_of', { index: index + 1, total: 3 }) : undefined,
        );
        const lines = named ? all.slice(1) : all;
        // The status leads; the line on signing in closes the card (no carrier's button after it, no empty label before it).
        expect(lines[0]).toMatch(
          language === 'en'
            ? /^(In transit|Out for delivery|Delivered)$/
            : /^(Onderweg|Wordt vandaag bezorgd|Bezorgd)$/,
        );
        expect(lines.at(-1)).toBe(signIn);
        expect(lines.some((line) => /^[^\s]+:$/.test(line))).toBe(false);
        // Its only buttons show and hide earlier events.
        const buttons = await card.locator('.ac-pushButton').allInnerTexts();
        expect(buttons.filter((title) => !/\(\d+\)$/.test(title) && title !== t('card.hide_earlier'))).toEqual([]);
      }
      // On the single card the line shows whole: not clipped by the card, and its words on screen.
      const line = single.getByText(signIn);
      const [lineBox, cardBox] = [(await line.boundingBox())!, (await single.boundingBox())!];
      expect(lineBox.x).toBeGreaterThanOrEqual(cardBox.x);
      expect(lineBox.x + lineBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      expect(
        await line.evaluate(
          (element: { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number }) =>
            element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight + 1,
        ),
      ).toBe(true);
      await page.close();
    },
  );
});
