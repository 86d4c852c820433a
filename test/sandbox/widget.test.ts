/**
 * The chat widget on a store's own site, as a customer meets it: the demo shop (another origin, with
 * aggressive global CSS of its own) pastes the one script tag; the launcher opens the chat, a demo order
 * is looked up, the customer moves to the shop's second page and finds the same conversation there, at
 * a desktop's width and a phone's, in English and in Dutch. The keyboard, the store's own "Track my
 * order" button, a token that cannot be had, and what loads before the launcher is opened.
 * Screenshots go to test-output/screenshots/widget/.
 */
import type { Request } from 'playwright-core';
import { DEMO } from '../../sandbox/simulators';
import { browserTest as inBrowser } from '../support/chromium';
import { bubble, chat, launcher, poll, send, settled, useDemoShop, widgetState } from '../support/demoShop';
import { DESKTOP, PHONE, SCREENSHOTS } from '../support/sandboxBrowser';

const browserTest = inBrowser();
jest.setTimeout(120_000);

const SHOTS = `${SCREENSHOTS}/widget`;
const demo = useDemoShop(SHOTS);

const GREETING = { en: 'Hi! I can tell you where your order is.', nl: /^Hallo!/ } as const;

function botRequests(requests: Request[]): string[] {
  const bot = new URL(demo.botUrl).origin;
  return requests
    .map((r) => new URL(r.url()))
    .filter((u) => u.origin === bot)
    .map((u) => u.pathname);
}

for (const [lang, device, label] of [
  ['en', DESKTOP, 'desktop'],
  ['nl', PHONE, '390'],
] as const) {
  browserTest(
    `a customer on the store's site (${lang}, ${label}): the launcher only, then the chat, a lookup, and the same conversation on the store's next page`,
    async () => {
      const context = await demo.browser.newContext({ ...device, locale: lang === 'nl' ? 'nl-NL' : 'en-GB' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) errors.push(message.text());
      });
      const requests: Request[] = [];
      page.on('request', (request) => requests.push(request));

      await page.goto(`${demo.shop.url}/${lang}/`);
      await launcher(page).waitFor();
      // Before the customer opens it, the bot serves the small script and nothing else.
      await page.waitForLoadState('networkidle');
      expect(botRequests(requests)).toEqual(['/webchat.js']);
      expect((await widgetState(page)).launcher).toBe(
        lang === 'nl' ? 'Chat openen: Waar is mijn bestelling?' : 'Open chat: Where is my order?',
      );
      // The store's CSS did not reach the launcher: not red, not serif, a finger's size.
      const look = await launcher(page).evaluate(
        (b: { getBoundingClientRect(): { width: number; height: number } }) => {
          const s = (
            globalThis as unknown as {
              getComputedStyle(element: unknown): { backgroundColor: string; fontFamily: string };
            }
          ).getComputedStyle(b);
          const r = b.getBoundingClientRect();
          return { background: s.backgroundColor, font: s.fontFamily, width: r.width, height: r.height };
        },
      );
      expect(look.background).not.toBe('rgb(255, 0, 0)');
      expect(look.font).not.toMatch(/^serif$/);
      expect(look.width).toBeGreaterThanOrEqual(44);
      expect(look.height).toBeGreaterThanOrEqual(44);
      await page.screenshot({ path: `${SHOTS}/${lang}-${label}-1-launcher.png` });

      await launcher(page).click();
      await bubble(chat(page), GREETING[lang]).waitFor();
      await send(chat(page), DEMO.checkpoints.inTransitMultiShipment);
      await chat(page).locator('.ac-adaptiveCard').first().waitFor();
      await settled(page);
      if (label === '390') {
        // On a phone the panel fills the screen.
        const box = await page.locator('[role="dialog"]').boundingBox();
        expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });
      }
      await page.screenshot({ path: `${SHOTS}/${lang}-${label}-2-answer.png` });

      // The store's second page: the conversation is still there, not greeted again.
      await page.evaluate(`window.OrderTrackingChat.close()`);
      await page.getByRole('link', { name: lang === 'nl' ? 'Mijn bestelling' : 'My order' }).click();
      await page.waitForURL(`${demo.shop.url}/${lang}/order`);
      await launcher(page).click();
      await chat(page).locator('.ac-adaptiveCard').first().waitFor();
      await expect(
        chat(page)
          .locator('.webchat__bubble--from-user')
          .filter({ hasText: DEMO.checkpoints.inTransitMultiShipment })
          .count(),
      ).resolves.toBe(1);
      await expect(chat(page).locator('.webchat__bubble').filter({ hasText: GREETING[lang] }).count()).resolves.toBe(1);
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/${lang}-${label}-3-next-page.png` });

      // The store's own button starts a lookup as data.
      await page.evaluate(`window.OrderTrackingChat.close()`);
      await page.getByRole('button', { name: lang === 'nl' ? 'Volg mijn bestelling' : 'Track my order' }).click();
      await poll(async () => (await widgetState(page)).open, true);
      await chat(page)
        .locator('.ac-adaptiveCard')
        .filter({ hasText: DEMO.trackings.trackingNumbers.inTransit })
        .first()
        .waitFor();
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/${lang}-${label}-4-track-button.png` });

      expect(errors).toEqual([]);
      await context.close();
    },
  );
}

browserTest(
  'the keyboard: Tab reaches the launcher, Enter opens the chat, Esc closes it and focus is back on the launcher',
  async () => {
    const page = await demo.browser.newPage({ ...DESKTOP, locale: 'en-GB' });
    await page.goto(`${demo.shop.url}/en/`);
    await launcher(page).waitFor();
    for (let i = 0; i < 30 && (await widgetState(page)).focus !== 'launcher'; i++) await page.keyboard.press('Tab');
    expect((await widgetState(page)).focus).toBe('launcher');
    await page.keyboard.press('Enter');
    await bubble(chat(page), GREETING.en).waitFor();
    expect((await widgetState(page)).open).toBe(true);
    // Focus is in the chat (its send box), so Esc is pressed there.
    await poll(
      () =>
        chat(page)
          .locator('[data-id="webchat-sendbox-input"]')
          .evaluate((el: { ownerDocument: { activeElement: unknown } }) => el === el.ownerDocument.activeElement),
      true,
    );
    await page.keyboard.press('Escape');
    await poll(() => widgetState(page), { open: false, focus: 'launcher', launcher: 'Open chat: Where is my order?' });
    // Opened again, Esc from the panel's own close button closes it too.
    await page.keyboard.press('Enter');
    await poll(async () => (await widgetState(page)).open, true);
    await page.locator('button[data-part="close"]').focus();
    await page.keyboard.press('Escape');
    await poll(() => widgetState(page), { open: false, focus: 'launcher', launcher: 'Open chat: Where is my order?' });
    await page.close();
  },
);

browserTest(
  "the card's carrier button opens the carrier's page in a new tab, from the chat's frame on the store's page, and the store's page stays",
  async () => {
    // The frame is another origin, with a policy of its own; Web Chat opens the link with window.open(…, 'noopener noreferrer').
    const context = await demo.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    // The carrier's site, answered here: the test needs no network.
    await context.route('https://www.ups.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>UPS tracking</title>' }),
    );
    const page = await context.newPage();
    await page.goto(`${demo.shop.url}/en/`);
    await launcher(page).click();
    const frame = chat(page);
    await bubble(frame, GREETING.en).waitFor();
    await send(frame, DEMO.trackings.trackingNumbers.inTransit);
    // The card's own button (Web Chat also keeps a tabindex=-1 copy of the card's text, buttons included).
    const button = frame.locator('.ac-pushButton[aria-label="Track on UPS"]');
    await button.waitFor();
    const opened = context.waitForEvent('page');
    // Pressed from the keyboard: under jest, playwright-core's click into a frame of another origin retries until
    // it times out (its element handles fail with "Object not disposable" in jest's realm), which looked like no
    // new page; a plain Node script's click opens it. Enter on the button is a click as the browser sees it.
    await button.focus();
    await page.keyboard.press('Enter');
    const carrier = await opened;
    await carrier.waitForLoadState();
    expect(new URL(carrier.url()).searchParams.get('tracknum')).toBe(DEMO.trackings.trackingNumbers.inTransit);
    expect(await carrier.title()).toBe('UPS tracking');
    // No opener: the carrier's page cannot reach back into the chat.
    expect(await carrier.evaluate(() => (globalThis as unknown as { opener: unknown }).opener)).toBeNull();
    expect(page.url()).toBe(`${demo.shop.url}/en/`);
    await context.close();
  },
);

browserTest('a token that cannot be had: one short line in the customer language, never a blank panel', async () => {
  const page = await demo.browser.newPage({ ...DESKTOP, locale: 'fr-FR' });
  await page.route('**/api/webchat/token', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"code":"unavailable","message":"not configured"}',
    }),
  );
  await page.goto(`${demo.shop.url}/fr/`);
  await launcher(page).click();
  await chat(page).getByText('Le chat n’est pas disponible pour le moment. Veuillez réessayer plus tard.').waitFor();
  await page.screenshot({ path: `${SHOTS}/fr-desktop-token-failure.png` });
  await page.close();
});
