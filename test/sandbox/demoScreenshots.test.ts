/**
 * Every demo on the sandbox page, clicked in Web Chat in headless Chromium, on a desktop and on a phone
 * (390 px), in English, French and Dutch. Each answer's cards are opened (older updates shown) and
 * checked as rendered: no text clipped, no word broken across lines, every text colour at least 4.5:1
 * over what is behind it (test/support/textLayoutProbe.js). Screenshots of each answer and each card go to
 * test-output/screenshots/demos/ to be looked at.
 */
import type { Page } from 'playwright-core';
import { DEMO_LOOKUPS } from '../../sandbox/page/routes';
import { chatIn, DESKTOP, PHONE, SCREENSHOTS, useSandboxBrowser } from '../support/sandboxBrowser';
import { browserTest } from '../support/chromium';

const DEMOS = `${SCREENSHOTS}/demos`;

const check = browserTest();
jest.setTimeout(180_000);
const sandbox = useSandboxBrowser({
  LOG_LEVEL: 'warn',
  ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
  LOOKUP_LIMIT: '0',
  SUPPORT_URL: 'https://shop.example/help',
});

interface Problem {
  card: string;
  kind: string;
  text: string;
  detail: string;
}

const fileName = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '_');
const botBubble = (page: Page, text: string) =>
  chatIn(page).locator('.webchat__bubble:not(.webchat__bubble--from-user)').filter({ hasText: text }).last();
const cardsIn = (page: Page) => chatIn(page).locator('.ac-adaptiveCard');

/** Clicks the demo, waits for the bot to name it, and returns the cards the answer brought. */
async function ask(page: Page, demo: (typeof DEMO_LOOKUPS)[number], phone: boolean): Promise<number[]> {
  const before = await cardsIn(page).count();
  if (phone && !(await page.locator('#demos').evaluate((details) => (details as unknown as { open: boolean }).open)))
    await page.locator('#demos summary').tap();
  const button = page.locator('#demo button').filter({ hasText: demo.label });
  await (phone ? button.tap() : button.click());
  // Every answer names what was asked for: the intro of the cards, or "I couldn't find anything for …".
  await botBubble(page, demo.identifier).waitFor();
  await page.waitForTimeout(300); // the cards of the same activity render in the same pass; give them a frame or two
  const after = await cardsIn(page).count();
  return Array.from({ length: after - before }, (_, i) => before + i);
}

describe.each([
  ['desktop', DESKTOP, false],
  ['phone', PHONE, true],
] as const)('every demo on a %s', (size, device, phone) => {
  check.each(['en-US', 'fr-FR', 'nl-NL'])('%s: every card whole, no word broken, readable', async (locale) => {
    const page = await sandbox.browser.newPage({ ...device, locale, timezoneId: 'Europe/Amsterdam' });
    // In every frame, the chat's too, whose policy takes no script from the test (an init script is not the page's).
    await page.addInitScript({ path: require.resolve('../support/textLayoutProbe.js') });
    await page.goto(`${sandbox.app.url}/`);
    await page.selectOption('#language', locale);
    await chatIn(page).locator('[data-id="webchat-sendbox-input"]').waitFor();
    const lang = locale.slice(0, 2);
    const problems: Problem[] = [];
    let cards = 0;

    for (const demo of DEMO_LOOKUPS) {
      const name = `${size}-${lang}-${fileName(demo.identifier)}`;
      const indexes = await ask(page, demo, phone);
      await page.screenshot({ path: `${DEMOS}/${name}.png` });
      for (const index of indexes) {
        const card = cardsIn(page).nth(index);
        // Open the older updates, so that they are checked and seen too.
        for (const toggle of await card.locator('.ac-pushButton[aria-controls]').all()) await toggle.click();
        problems.push(
          ...(await card.evaluate<Problem[], string>(
            (root, label) =>
              (
                globalThis as unknown as { textLayoutProblems: (r: unknown, n: string) => Problem[] }
              ).textLayoutProblems(root, label),
            `${name} #${index - indexes[0] + 1}`,
          )),
        );
        await card.screenshot({ path: `${DEMOS}/${name}-card${index - indexes[0] + 1}.png` });
        cards++;
      }
    }
    expect(cards).toBeGreaterThanOrEqual(DEMO_LOOKUPS.length);
    expect(problems).toEqual([]);
    await page.close();
  });
});
