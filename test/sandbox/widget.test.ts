/**
 * The chat widget on a store's own site, as a customer meets it: the demo shop (another origin, with
 * aggressive global CSS of its own) pastes the one script tag; the launcher opens the chat, a demo order
 * is looked up, the customer moves to the shop's second page and finds the same conversation there, at
 * a desktop's width and a phone's, in English and in Dutch. The keyboard, the store's own "Track my
 * order" button, a token that cannot be had, and what loads before the launcher is opened.
 * Screenshots go to test-output/screenshots/widget/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, FrameLocator, Page, Request } from 'playwright-core';
import { attachSandbox } from '../../sandbox/attach';
import { DEMO } from '../../sandbox/simulators';
import { startDemoShop, type DemoShop } from '../../sandbox/shop/server';
import { sandboxWebchat } from '../../sandbox/upstreams';
import { createApp, type App } from '../../src/app';
import { silentLogger } from '../../src/tracking/logger';
import { configFor } from '../support/app';
import { browserTest as inBrowser, chromiumAvailable, launchChromium } from '../support/chromium';
import { chatIn, DESKTOP, freePorts, PHONE, SCREENSHOTS, settled } from '../support/sandboxBrowser';
import { useSimulators } from '../support/upstreams';

const browserTest = inBrowser();
jest.setTimeout(120_000);

const SHOTS = `${SCREENSHOTS}/widget`;
const upstreams = useSimulators();
let app: App;
let shop: DemoShop;
let browser: Browser;
const sandbox = { app: { url: '' } };

beforeAll(async () => {
  if (!chromiumAvailable) return;
  const [botPort, shopPort] = await freePorts(2);
  // As sandbox mode runs it: the token endpoint on the local channel's Direct Line, the demo shop's origin allowed.
  const config = configFor(upstreams, { LOG_LEVEL: 'warn', ORDER_NUMBER_PATTERN: 'ORD-\\d{4}', PORT: String(botPort) });
  app = createApp({ ...config, webchat: sandboxWebchat(config, shopPort) }, silentLogger as never);
  await new Promise<void>((resolve) => app.server.listen(botPort, '127.0.0.1', resolve));
  sandbox.app.url = `http://127.0.0.1:${botPort}`;
  attachSandbox(app.server, { botUrl: sandbox.app.url, logger: silentLogger, widget: app.widget });
  // Another origin than the bot's: another name (localhost, another site) and another port.
  shop = await startDemoShop({ botUrl: sandbox.app.url, port: shopPort });
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await app?.updates.scheduler.stop();
  await new Promise<void>((resolve) => {
    if (!app) return resolve();
    app.server.close(() => resolve());
    app.server.server.closeAllConnections();
  });
});

const GREETING = { en: 'Hi! I can tell you where your order is.', nl: /^Hallo!/ } as const;

/** The widget's shadow root, by what the page's script sees. */
async function widgetState(page: Page): Promise<{ open: boolean; focus: string | null; launcher: string | null }> {
  return page.evaluate(`(() => {
    const host = document.querySelector('[data-order-tracking-chat]');
    const root = host && host.shadowRoot;
    const panel = root && root.querySelector('[role="dialog"]');
    const active = document.activeElement === host && root ? root.activeElement : null;
    return { open: !!panel && !panel.hidden && panel.getAttribute('data-open') === 'true', focus: active ? active.getAttribute('data-part') : null, launcher: root ? root.querySelector('button[data-part="launcher"]').getAttribute('aria-label') : null };
  })()`);
}

const launcher = (page: Page) => page.locator('button[data-part="launcher"]');
const chat = chatIn;
const bubble = (frame: FrameLocator, text: string | RegExp) => frame.locator('.webchat__bubble').filter({ hasText: text }).last();

async function send(frame: FrameLocator, text: string): Promise<void> {
  const box = frame.locator('[data-id="webchat-sendbox-input"]');
  await box.fill(text);
  await box.press('Enter');
}

/** Asks again until the answer is the one expected (or 10 s pass), then asserts it. */
async function poll<T>(ask: () => Promise<T>, expected: T): Promise<void> {
  const until = Date.now() + 10_000;
  let answer = await ask();
  while (JSON.stringify(answer) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await ask();
  }
  expect(answer).toEqual(expected);
}

function botRequests(requests: Request[]): string[] {
  const bot = new URL(sandbox.app.url).origin;
  return requests.map((r) => new URL(r.url())).filter((u) => u.origin === bot).map((u) => u.pathname);
}

for (const [lang, device, label] of [
  ['en', DESKTOP, 'desktop'],
  ['nl', PHONE, '390'],
] as const) {
  browserTest(`a customer on the store's site (${lang}, ${label}): the launcher only, then the chat, a lookup, and the same conversation on the store's next page`, async () => {
    const context = await browser.newContext({ ...device, locale: lang === 'nl' ? 'nl-NL' : 'en-GB' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) errors.push(message.text());
    });
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));

    await page.goto(`${shop.url}/${lang}/`);
    await launcher(page).waitFor();
    // Before the customer opens it, the bot serves the small script and nothing else.
    await page.waitForLoadState('networkidle');
    expect(botRequests(requests)).toEqual(['/webchat.js']);
    expect((await widgetState(page)).launcher).toBe(lang === 'nl' ? 'Chat openen: Waar is mijn bestelling?' : 'Open chat: Where is my order?');
    // The store's CSS did not reach the launcher: not red, not serif, a finger's size.
    const look = await launcher(page).evaluate((b) => {
      const s = (globalThis as any).getComputedStyle(b);
      const r = b.getBoundingClientRect();
      return { background: s.backgroundColor, font: s.fontFamily, width: r.width, height: r.height };
    });
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
    await page.waitForURL(`${shop.url}/${lang}/order`);
    await launcher(page).click();
    await chat(page).locator('.ac-adaptiveCard').first().waitFor();
    await expect(chat(page).locator('.webchat__bubble--from-user').filter({ hasText: DEMO.checkpoints.inTransitMultiShipment }).count()).resolves.toBe(1);
    await expect(chat(page).locator('.webchat__bubble').filter({ hasText: GREETING[lang] }).count()).resolves.toBe(1);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/${lang}-${label}-3-next-page.png` });

    // The store's own button starts a lookup as data.
    await page.evaluate(`window.OrderTrackingChat.close()`);
    await page.getByRole('button', { name: lang === 'nl' ? 'Volg mijn bestelling' : 'Track my order' }).click();
    await poll(async () => (await widgetState(page)).open, true);
    await chat(page).locator('.ac-adaptiveCard').filter({ hasText: DEMO.trackings.trackingNumbers.inTransit }).first().waitFor();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/${lang}-${label}-4-track-button.png` });

    expect(errors).toEqual([]);
    await context.close();
  });
}

browserTest('the keyboard: Tab reaches the launcher, Enter opens the chat, Esc closes it and focus is back on the launcher', async () => {
  const page = await browser.newPage({ ...DESKTOP, locale: 'en-GB' });
  await page.goto(`${shop.url}/en/`);
  await launcher(page).waitFor();
  for (let i = 0; i < 30 && (await widgetState(page)).focus !== 'launcher'; i++) await page.keyboard.press('Tab');
  expect((await widgetState(page)).focus).toBe('launcher');
  await page.keyboard.press('Enter');
  await bubble(chat(page), GREETING.en).waitFor();
  expect((await widgetState(page)).open).toBe(true);
  // Focus is in the chat (its send box), so Esc is pressed there.
  await poll(() => chat(page).locator('[data-id="webchat-sendbox-input"]').evaluate((el) => el === (el.ownerDocument as any).activeElement), true);
  await page.keyboard.press('Escape');
  await poll(() => widgetState(page), { open: false, focus: 'launcher', launcher: 'Open chat: Where is my order?' });
  // Opened again, Esc from the panel's own close button closes it too.
  await page.keyboard.press('Enter');
  await poll(async () => (await widgetState(page)).open, true);
  await page.locator('button[data-part="close"]').focus();
  await page.keyboard.press('Escape');
  await poll(() => widgetState(page), { open: false, focus: 'launcher', launcher: 'Open chat: Where is my order?' });
  await page.close();
});

browserTest('a token that cannot be had: one short line in the customer language, never a blank panel', async () => {
  const page = await browser.newPage({ ...DESKTOP, locale: 'fr-FR' });
  await page.route('**/api/webchat/token', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"unavailable","message":"not configured"}' }));
  await page.goto(`${shop.url}/fr/`);
  await launcher(page).click();
  await chat(page).getByText('Le chat n’est pas disponible pour le moment. Veuillez réessayer plus tard.').waitFor();
  await page.screenshot({ path: `${SHOTS}/fr-desktop-token-failure.png` });
  await page.close();
});
