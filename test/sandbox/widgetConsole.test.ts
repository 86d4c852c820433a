/**
 * A store's page with the widget keeps the browser's console clean: opening the chat and a lookup log no
 * warning and no error, in the store's page or in the chat's frame. Web Chat used to warn on every load
 * that a user id "prefixed with dl_ is reserved and must be embedded into the Direct Line token": the frame
 * hid the token from Web Chat, so Web Chat could not see that the id was the token's own, and made up another.
 */
import type { ConsoleMessage } from 'playwright-core';
import { DEMO } from '../../sandbox/simulators';
import { browserTest as inBrowser } from '../support/chromium';
import { bubble, chat, launcher, send, settled, useDemoShop } from '../support/demoShop';
import { DESKTOP, SCREENSHOTS } from '../support/sandboxBrowser';

const browserTest = inBrowser();
jest.setTimeout(120_000);

const demo = useDemoShop(`${SCREENSHOTS}/widget-console`);

browserTest('the launcher, the chat and a lookup log no warning or error in the console', async () => {
  const context = await demo.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
  const page = await context.newPage();
  const logged: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning' || message.type() === 'error') logged.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => logged.push(`pageerror: ${error.message}`));
  try {
    await page.goto(`${demo.shop.url}/en/`);
    await launcher(page).click();
    await bubble(chat(page), 'Hi! I can tell you where your order is.').waitFor();
    await send(chat(page), DEMO.checkpoints.inTransitMultiShipment);
    await chat(page).locator('.ac-adaptiveCard').first().waitFor();
    await settled(page);
    // The customer's own message is theirs: Web Chat took the token's user, the one Direct Line stamps on it.
    await expect(
      chat(page)
        .locator('.webchat__bubble--from-user')
        .filter({ hasText: DEMO.checkpoints.inTransitMultiShipment })
        .count(),
    ).resolves.toBe(1);
    expect(logged).toEqual([]);
  } finally {
    await context.close();
  }
});
