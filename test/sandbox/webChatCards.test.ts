/**
 * Status cards in the sandbox's Web Chat, as a customer sees them: a single card's buttons look like a
 * carousel card's; showing and hiding earlier events logs nothing in the page's console; on a 390 px
 * phone the carousel keeps its intro in view and nothing covers the cards' text. Screenshots go to
 * test-output/screenshots/webchat/.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { DEMO } from '../../sandbox/simulators';
import { browserTest as inBrowser } from '../support/chromium';
import { chatIn, DESKTOP, PHONE, SCREENSHOTS, useSandboxBrowser } from '../support/sandboxBrowser';

const browserTest = inBrowser();
jest.setTimeout(120_000);
const sandbox = useSandboxBrowser({ LOG_LEVEL: 'warn', ORDER_NUMBER_PATTERN: 'ORD-\\d{4}', LOOKUP_LIMIT: '0' });
const OUT = `${SCREENSHOTS}/webchat`;
beforeAll(() => mkdirSync(OUT, { recursive: true }));

const sendBox = (page: Page) => chatIn(page).locator('[data-id="webchat-sendbox-input"]');
const single = (page: Page) => chatIn(page).locator('.webchat__stacked-layout .ac-adaptiveCard').last();
const carousel = (page: Page) => chatIn(page).locator('.webchat__carousel-layout').last();

async function open(size: typeof PHONE | typeof DESKTOP, console: string[] = []): Promise<Page> {
  const page = await sandbox.browser.newPage({ ...size, locale: 'en-US', timezoneId: 'Europe/Amsterdam' });
  page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => console.push(`pageerror: ${error.message}`));
  await page.goto(`${sandbox.app.url}/`);
  await chatIn(page)
    .locator('.webchat__bubble', { hasText: 'Hi! I can tell you where your order is.' })
    .last()
    .waitFor();
  return page;
}

async function type(page: Page, text: string): Promise<void> {
  await sendBox(page).fill(text);
  await sendBox(page).press('Enter');
}

/** The page's elements as the functions run in it below use them (the tests compile without the DOM's types). */
interface PageElement {
  getBoundingClientRect(): { top: number; left: number; right: number; width: number; height: number };
  scrollBy(options: { left: number }): void;
  scrollLeft: number;
  scrollWidth: number;
  className: string;
  innerText: string;
  contains(other: PageElement): boolean;
  querySelectorAll(selector: string): Iterable<PageElement>;
  ownerDocument: {
    documentElement: { clientWidth: number };
    elementFromPoint(x: number, y: number): PageElement | null;
  };
}

/** What makes a button look the way it does. */
const look = (button: Locator) =>
  button.evaluate((element: PageElement) => {
    const style = (
      globalThis as unknown as { getComputedStyle(element: PageElement): Record<string, string> }
    ).getComputedStyle(element);
    return {
      font: `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`,
      color: style.color,
      border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
      corners: style.borderTopLeftRadius,
      height: Math.round(element.getBoundingClientRect().height),
    };
  });

browserTest(
  'a single card’s buttons look like a carousel card’s: the page’s font, the accent colour, rounded corners',
  async () => {
    const page = await open(DESKTOP);
    await type(page, DEMO.trackings.trackingNumbers.inTransit);
    await single(page)
      .getByRole('button', { name: /^Show earlier/ })
      .waitFor();
    const alone = await look(single(page).getByRole('button', { name: /^Show earlier/ }));
    await page.screenshot({ path: `${OUT}/single-card-en.png` });
    await type(page, DEMO.checkpoints.inTransitMultiShipment);
    const inCarousel = await look(
      carousel(page)
        .locator('.ac-adaptiveCard')
        .first()
        .getByRole('button', { name: /^Show earlier/ }),
    );
    expect(alone).toEqual(inCarousel);
    expect(alone.corners).not.toBe('0px');
    expect(alone.font).toMatch(/Segoe UI/);
    await page.close();
  },
);

browserTest(
  'showing and hiding earlier events, on a single card and in a carousel, logs nothing in the console',
  async () => {
    const logged: string[] = [];
    const page = await open(DESKTOP, logged);
    await type(page, DEMO.trackings.trackingNumbers.inTransit);
    const card = single(page);
    await card.getByRole('button', { name: /^Show earlier/ }).click();
    await card.getByRole('button', { name: 'Hide earlier' }).click();
    await card.getByRole('button', { name: /^Show earlier/ }).waitFor();
    await type(page, DEMO.checkpoints.inTransitMultiShipment);
    const first = carousel(page).locator('.ac-adaptiveCard').first();
    await first.getByRole('button', { name: /^Show earlier/ }).click();
    await first.getByRole('button', { name: 'Hide earlier' }).waitFor();
    await page.screenshot({ path: `${OUT}/earlier-shown-en.png` });
    expect(logged.filter((line) => /unknown action|^error|^pageerror/.test(line))).toEqual([]);
    await page.close();
  },
);

browserTest(
  'on a 390 px phone, the carousel keeps its intro in view while the cards move, and nothing covers their text',
  async () => {
    const page = await open(PHONE);
    await type(page, DEMO.checkpoints.inTransitMultiShipment);
    const strip = carousel(page).locator('.react-film__filmstrip');
    await carousel(page).locator('.ac-adaptiveCard').nth(2).waitFor();
    const intro = carousel(page).locator('.webchat__bubble', {
      hasText: `I found 3 shipments for ${DEMO.checkpoints.inTransitMultiShipment}:`,
    });
    await page.screenshot({ path: `${OUT}/phone-carousel-1-en.png` });
    const seen: Array<{ step: string; intro: { left: number; right: number } | null; covered: string[] }> = [];
    for (const step of ['start', 'next', 'next', 'end']) {
      if (step === 'next') {
        // The Next arrow where there is one (a tap on it), else a swipe of one card.
        const next = carousel(page).locator('.react-film__flipper--right');
        if (await next.isVisible()) await next.click();
        else await strip.evaluate((element: PageElement) => element.scrollBy({ left: 260 }));
      }
      if (step === 'end') await strip.evaluate((element: PageElement) => (element.scrollLeft = element.scrollWidth));
      await page.waitForTimeout(700);
      const box = await intro.boundingBox();
      seen.push({
        step,
        intro: box && { left: Math.round(box.x), right: Math.round(box.x + box.width) },
        covered: await coveredText(carousel(page)),
      });
    }
    await page.screenshot({ path: `${OUT}/phone-carousel-2-end-en.png` });
    const offScreen = seen.filter(({ intro }) => !intro || intro.left < 0 || intro.right > 390);
    expect({
      offScreen,
      covered: seen.flatMap(({ step, covered }) => covered.map((what) => `${step}: ${what}`)),
    }).toEqual({ offScreen: [], covered: [] });
    await page.close();
  },
);

/** The words of the cards on screen that something else covers (what a tap there would hit is not the card). */
function coveredText(root: Locator): Promise<string[]> {
  return root.evaluate((element: PageElement) => {
    const doc = element.ownerDocument;
    const width = doc.documentElement.clientWidth;
    const covered: string[] = [];
    for (const block of Array.from(
      element.querySelectorAll('.ac-adaptiveCard .ac-textBlock, .ac-adaptiveCard .ac-pushButton'),
    )) {
      const rect = block.getBoundingClientRect();
      const y = rect.top + rect.height / 2;
      for (const x of [rect.left + 6, rect.right - 6]) {
        if (x < 0 || x > width || rect.width === 0) continue;
        const hit = doc.elementFromPoint(x, y);
        if (hit && !block.contains(hit) && !hit.contains(block))
          covered.push(`${block.innerText.trim().slice(0, 30)} under ${hit.className}`);
      }
    }
    return covered;
  });
}
