/**
 * "Notify me" on a store's site: on the demo shop (the sandbox as `npm start` runs it, the widget's one
 * tag), the customer asks for updates on the moving parcel, closes the chat and goes to the shop's
 * second page; the update arrives there behind the launcher, which shows a dot and says so, and the
 * message is in the chat once opened. Driven as notifyBrowser.test.ts drives updates: the parcel's clock
 * moved by the test, watches checked every second. Screenshots go to test-output/screenshots/widget/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO, MOVING_STEP_MS } from '../../sandbox/simulators';
import { browserTest } from '../support/chromium';
import { chatIn, DESKTOP, SCREENSHOTS, settled, useSandboxService } from '../support/sandboxBrowser';

const check = browserTest();
jest.setTimeout(90_000);

const MOVING = DEMO.checkpoints.moving;
/** The parcel's clock: ten minutes behind the real one, so every step it reveals is dated in the past. */
const PARCEL_START = Date.now() - 10 * MOVING_STEP_MS;
let parcelTime = PARCEL_START;
const service = useSandboxService(
  { LOG_LEVEL: 'warn', NOTIFY_INTERVAL_MS: '1000', LOOKUP_CACHE_TTL_MS: '1000' },
  { now: () => parcelTime, shop: true },
);
const SHOTS = `${SCREENSHOTS}/widget`;
beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

const launcher = (page: Page) => page.locator('button[data-part="launcher"]');
const badge = (page: Page) => page.locator('[data-part="badge"]');
const update = (page: Page) =>
  chatIn(page)
    .locator('.webchat__bubble:not(.webchat__bubble--from-user)')
    .filter({ hasText: `News on ${MOVING}: Dispatched.` });

check(
  'an update arrives while the customer browses the shop: a dot on the launcher, then the message in the chat',
  async () => {
    parcelTime = PARCEL_START;
    const page = await service.browser.newPage({ ...DESKTOP, locale: 'en-GB' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${service.shop!.url}/en/`);
    await launcher(page).click();
    const box = chatIn(page).locator('[data-id="webchat-sendbox-input"]');
    await box.fill(MOVING);
    await box.press('Enter');
    await chatIn(page).locator('.ac-adaptiveCard').first().waitFor();
    // Pressed with the keyboard: the chat is a frame of another site, whose elements' boxes playwright-core
    // cannot take on Node 20 ("Object not disposable"), so it cannot click them.
    await chatIn(page)
      .locator('.webchat__suggested-actions__button', { hasText: /^Notify me$/ })
      .press('Enter');
    await chatIn(page)
      .locator('.webchat__bubble')
      .filter({ hasText: `I’ll message you here when ${MOVING} moves` })
      .waitFor();

    // The customer closes the chat and goes on to the shop's second page.
    await page.locator('button[data-part="close"]').click();
    await page.getByRole('link', { name: 'My order' }).click();
    await page.waitForURL(`${service.shop!.url}/en/order`);
    await launcher(page).waitFor();
    await expect(badge(page).isVisible()).resolves.toBe(false);
    // The chat is loaded behind the launcher (the customer opened it before): the page is ready for news.
    await chatIn(page).locator('.ac-adaptiveCard').first().waitFor({ state: 'attached' });

    // The parcel is dispatched; the customer is reading the order page.
    parcelTime += MOVING_STEP_MS;
    await badge(page).waitFor({ state: 'visible', timeout: 15_000 });
    await expect(launcher(page).getAttribute('aria-label')).resolves.toBe(
      'Open chat: Where is my order? (New message)',
    );
    await page.screenshot({ path: `${SHOTS}/notify-en-desktop-1-dot.png` });

    await launcher(page).click();
    await update(page).last().waitFor();
    await expect(update(page).count()).resolves.toBe(1);
    // A visitor's order lookup is masked (ORDER_DETAILS=masked, the product's default), and so is every update of it.
    const updated = await chatIn(page).locator('.ac-adaptiveCard').last().innerText();
    expect(updated).toMatch(/^Dispatched\s[\s\S]*Sign in on our website to see the carrier/);
    expect(updated).not.toContain('DHL');
    // Opened, the dot is gone.
    await expect(badge(page).isVisible()).resolves.toBe(false);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/notify-en-desktop-2-opened.png` });
    expect(errors).toEqual([]);
    await page.close();
  },
);
