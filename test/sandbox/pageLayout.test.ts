/**
 * The sandbox page as people open it: on a phone (390 × 844) the chat comes first, nearly full height,
 * with the demo list folded below it; on a desktop the list is beside the chat. Screenshots of the main
 * paths in English, French and Dutch, at both sizes, go to test-output/screenshots/ to be looked at.
 */
import type { Page } from 'playwright-core';
import { DEMO } from '../../sandbox/simulators';
import { chatIn, DESKTOP, PHONE, SCREENSHOTS, useSandboxBrowser } from '../support/sandboxBrowser';
import { browserTest as inBrowser } from '../support/chromium';

const browserTest = inBrowser();

jest.setTimeout(120_000);
const sandbox = useSandboxBrowser({ LOG_LEVEL: 'warn', ORDER_NUMBER_PATTERN: 'ORD-\\d{4}', LOOKUP_LIMIT: '0' });

const box = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!;
/** How wide the page's content is: more than the viewport means it scrolls sideways. */
const pageWidth = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth,
  );
const folded = async (page: Page) =>
  !(await page.locator('#demos').evaluate((details) => (details as unknown as { open: boolean }).open));
const sendBox = (page: Page) => chatIn(page).locator('[data-id="webchat-sendbox-input"]');
const suggested = (page: Page, title: string) =>
  chatIn(page).locator('.webchat__suggested-actions__button', {
    hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  });

async function open(size: typeof PHONE | typeof DESKTOP, locale: string): Promise<Page> {
  const page = await sandbox.browser.newPage({ ...size, locale, timezoneId: 'Europe/Amsterdam' });
  await page.goto(`${sandbox.app.url}/`);
  await page.selectOption('#language', locale);
  await sendBox(page).waitFor();
  return page;
}

browserTest('on a phone the chat comes first, wide and tall, the demos folded below it', async () => {
  const page = await open(PHONE, 'en-US');
  const chat = await box(page, '#webchat');
  const side = await box(page, 'aside');
  expect(chat.width).toBeGreaterThanOrEqual(360);
  expect(chat.height).toBeGreaterThanOrEqual(0.6 * 844);
  expect(side.y).toBeGreaterThanOrEqual(chat.y + chat.height);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  const input = await sendBox(page).boundingBox();
  expect(input!.y + input!.height).toBeLessThanOrEqual(844);
  expect(await folded(page)).toBe(true);
  await chatIn(page)
    .locator('.webchat__bubble', { hasText: 'Hi! I can tell you where your order is.' })
    .last()
    .waitFor();
  await page.screenshot({ path: `${SCREENSHOTS}/phone-01-start-en.png` });

  // Unfold the demos, tap one: the list folds and the answer is in view.
  await page.locator('#demos summary').tap();
  const demo = page.getByRole('button', { name: new RegExp(DEMO.checkpoints.inTransitMultiShipment) });
  expect((await demo.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  await demo.tap();
  const card = chatIn(page).locator('.ac-adaptiveCard').last();
  await card.waitFor();
  expect(await folded(page)).toBe(true);
  await expect(card.isVisible()).resolves.toBe(true);
  const cardBox = (await card.boundingBox())!;
  expect(cardBox.y).toBeLessThan(844);
  expect(cardBox.y + cardBox.height).toBeGreaterThan(0);
  await page.screenshot({ path: `${SCREENSHOTS}/phone-02-demo-tapped-en.png` });
  await page.close();
});

browserTest('on a desktop the demos are beside a wide chat', async () => {
  const page = await open(DESKTOP, 'en-US');
  const chat = await box(page, '#webchat');
  const side = await box(page, 'aside');
  expect(side.x + side.width).toBeLessThanOrEqual(chat.x);
  expect(chat.width).toBeGreaterThanOrEqual(700);
  expect(await folded(page)).toBe(false);
  await page.close();
});

const LANGUAGES: Array<[string, { hello: string; pick: string; found: RegExp; another: string }]> = [
  ['en-US', { hello: 'hi', pick: 'Order number', found: /I found 3 shipments/, another: 'Track another' }],
  [
    'fr-FR',
    { hello: 'bonjour', pick: 'Numéro de commande', found: /J’ai trouvé 3 envois/, another: 'Suivre un autre envoi' },
  ],
  ['nl-NL', { hello: 'hallo', pick: 'Bestelnummer', found: /Ik heb 3 zendingen gevonden/, another: 'Nog een volgen' }],
];

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('the main path on a %s', (size, viewport) => {
  browserTest.each(LANGUAGES)(
    '%s: hello, the kinds as buttons, an order number, three cards with what to do next',
    async (locale, words) => {
      const page = await open(viewport, locale);
      const lang = locale.slice(0, 2);
      await sendBox(page).fill(words.hello);
      await sendBox(page).press('Enter');
      // Every kind is a button, in the customer's language, never a numbered list (French and Dutch labels pass 20 characters).
      await suggested(page, words.pick).waitFor();
      expect(await chatIn(page).locator('.webchat__suggested-actions__button').count()).toBe(4);
      await page.screenshot({ path: `${SCREENSHOTS}/${size}-kinds-${lang}.png` });
      await suggested(page, words.pick).click();
      await sendBox(page).fill(DEMO.checkpoints.inTransitMultiShipment);
      await sendBox(page).press('Enter');
      await chatIn(page).locator('.webchat__bubble', { hasText: words.found }).last().waitFor();
      await suggested(page, words.another).waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/${size}-answer-${lang}.png` });
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.viewport.width);
      await page.close();
    },
  );
});
