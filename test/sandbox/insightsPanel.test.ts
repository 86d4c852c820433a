/**
 * The sandbox page's Insights panel in Chromium: a newcomer chats, and the operator's figures move beside
 * the chat (lookups by result, numbers not found, answered without a person, handoffs), each a small chart
 * under DAY_PICTURE's title. On a phone it is folded below the chat and fits 390 px. Screenshots in English
 * and Dutch, desktop and phone, go to test-output/screenshots/insights/ to be looked at.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO } from '../../sandbox/simulators';
import { DAY_PICTURE } from '../../src/telemetry/dayPicture';
import { browserTest as inBrowser } from '../support/chromium';
import { chatIn, DESKTOP, PHONE, SCREENSHOTS, settled, useSandboxBrowser } from '../support/sandboxBrowser';

const browserTest = inBrowser();
jest.setTimeout(120_000);

const sandbox = useSandboxBrowser({ LOG_LEVEL: 'warn', ORDER_NUMBER_PATTERN: 'ORD-\\d{4}', HANDOFF: 'botframework' });
const SHOTS = `${SCREENSHOTS}/insights`;
beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
/** The panel's refresh, moved on in the browser rather than waited for. */
const REFRESH_MS = 3_000;

async function open(size: typeof PHONE | typeof DESKTOP, locale: string): Promise<Page> {
  const page = await sandbox.browser.newPage({ ...size, locale, timezoneId: 'Europe/Amsterdam' });
  await page.clock.install();
  await page.goto(`${sandbox.app.url}/`);
  await page.selectOption('#language', locale);
  await chatIn(page).locator('[data-id="webchat-sendbox-input"]').waitFor();
  return page;
}

async function say(page: Page, text: string, answer: string | RegExp): Promise<void> {
  const box = chatIn(page).locator('[data-id="webchat-sendbox-input"]');
  await box.fill(text);
  await box.press('Enter');
  await chatIn(page).locator('.webchat__bubble', { hasText: answer }).last().waitFor();
}

/** A figure's number as the panel shows it: its one value, or one series' in its legend. */
const shown = (page: Page, figure: string, series?: string) =>
  page.locator(
    series
      ? `#insights [data-figure="${figure}"] [data-series="${series}"] b`
      : `#insights [data-figure="${figure}"] h3 .now`,
  );

/** Moves the panel's refresh on until the figure shows `text`. */
async function until(page: Page, figure: string, series: string | undefined, text: string): Promise<void> {
  await page.clock.fastForward(REFRESH_MS);
  await shown(page, figure, series)
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor();
}

const pageWidth = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth,
  );

browserTest(
  'on a desktop the panel is open beside the chat: a found order, an unknown one and a request for a person move its figures',
  async () => {
    const page = await open(DESKTOP, 'en-US');
    expect(await page.locator('#insights').evaluate((details) => (details as unknown as { open: boolean }).open)).toBe(
      true,
    );
    // Every figure of the picture, under its title, in its order.
    await shown(page, 'lookups', 'found').filter({ hasText: /^0$/ }).waitFor();
    expect(await page.locator('#insights .figure h3 .title').allTextContents()).toEqual(
      DAY_PICTURE.map((figure) => figure.title),
    );
    expect(await shown(page, 'not_found').textContent()).toBe('–');

    await say(page, DEMO.checkpoints.delivered, `Here is the shipment for ${DEMO.checkpoints.delivered}:`);
    await say(page, DEMO.checkpoints.unknown, `find anything for ${DEMO.checkpoints.unknown}`);
    await until(page, 'lookups', 'not_found', '1');
    expect(await shown(page, 'lookups', 'found').textContent()).toBe('1');
    expect(await shown(page, 'not_found').textContent()).toBe('50 %');
    // The chart says it too, for a screen reader, and draws the results that happened (found, not found), not the zeros.
    expect(await page.locator('#insights [data-figure="lookups"] svg').getAttribute('aria-label')).toContain(
      'found: 1, from the cache: 0, not found: 1, refused: 0',
    );
    expect(
      await page
        .locator('#insights [data-figure="lookups"] svg circle')
        .evaluateAll((dots: Array<{ getAttribute(name: string): string | null }>) =>
          dots.map((dot) => dot.getAttribute('class')),
        ),
    ).toEqual(['s0', 's2']);

    await say(page, 'talk to a person', 'asking a colleague to take over');
    await until(page, 'handoffs', 'initiated', '1');
    expect(await shown(page, 'containment').textContent()).toBe('0 %');
    await page.locator('#insights').scrollIntoViewIfNeeded();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/desktop-en-after-handoff.png` });
    expect(await pageWidth(page)).toBeLessThanOrEqual(DESKTOP.viewport.width);
    await page.close();
  },
);

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('on a %s', (size, viewport) => {
  browserTest.each([
    ['en-US', `Here is the shipment for ${DEMO.trackings.trackingNumbers.inTransit}:`],
    ['nl-NL', `Hier is de zending voor ${DEMO.trackings.trackingNumbers.inTransit}:`],
  ])('%s: a lookup moves the lookups chart, and the panel fits the page', async (locale, answer) => {
    const page = await open(viewport, locale);
    const panel = page.locator('#insights');
    if (size === 'phone') {
      // Folded below the chat, as the demo list is; a tap opens it.
      expect(await panel.evaluate((details) => (details as unknown as { open: boolean }).open)).toBe(false);
      await page.locator('#insights summary').tap();
    }
    await shown(page, 'lookups', 'found').waitFor();
    const before = Number(await shown(page, 'lookups', 'found').textContent());
    await say(page, DEMO.trackings.trackingNumbers.inTransit, answer);
    await until(page, 'lookups', 'found', String(before + 1));
    const box = (await panel.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.viewport.width);
    expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.viewport.width);
    for (const chart of await page.locator('#insights svg').all())
      expect((await chart.boundingBox())!.width).toBeGreaterThanOrEqual(240);
    await panel.scrollIntoViewIfNeeded();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/${size}-${locale.slice(0, 2)}.png` });
    // The whole panel: on a phone the page scrolls; on a desktop the side column does, so a taller window shows all of it.
    if (size === 'phone') await panel.screenshot({ path: `${SHOTS}/${size}-${locale.slice(0, 2)}-panel.png` });
    else {
      await page.setViewportSize({ width: viewport.viewport.width, height: 2600 });
      await page.screenshot({ path: `${SHOTS}/${size}-${locale.slice(0, 2)}-panel.png` });
    }
    await page.close();
  });
});
