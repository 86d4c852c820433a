/**
 * The widget's tag on a store page whose origin is not on WEBCHAT_ALLOWED_ORIGINS (a second demo shop, on
 * a port the bot does not know), as its customer meets it: the launcher opens a panel with one line in the
 * page's language, "the chat is not set up for this site", never Chromium's broken-frame icon; at a
 * desktop's width and a phone's. What the wire and the log carry is test/webchat/unlistedOrigin.test.ts's.
 * Screenshots go to test-output/screenshots/widget-unlisted/.
 */
import { startDemoShop, type DemoShop } from '../../sandbox/shop/server';
import { browserTest as inBrowser, chromiumAvailable } from '../support/chromium';
import { chat, launcher, poll, useDemoShop, widgetState } from '../support/demoShop';
import { DESKTOP, freePorts, PHONE, SCREENSHOTS } from '../support/sandboxBrowser';

const browserTest = inBrowser();
jest.setTimeout(120_000);

const SHOTS = `${SCREENSHOTS}/widget-unlisted`;
const demo = useDemoShop(SHOTS);
let unlisted: DemoShop;
beforeAll(async () => {
  if (!chromiumAvailable) return;
  const [port] = await freePorts(1);
  unlisted = await startDemoShop({ botUrl: demo.botUrl, port });
});
afterAll(() => unlisted?.close());

for (const [lang, device, label, line] of [
  ['de', DESKTOP, 'desktop', 'Der Chat ist für diese Website nicht eingerichtet.'],
  ['en', PHONE, '390', 'The chat is not set up for this site.'],
] as const) {
  browserTest(
    `a store page of an origin not on the list (${lang}, ${label}): the panel says the chat is not set up for this site`,
    async () => {
      const context = await demo.browser.newContext({ ...device, locale: lang === 'de' ? 'de-DE' : 'en-GB' });
      const page = await context.newPage();
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/frame-ancestors|Refused to (display|frame)/i.test(message.text())) refused.push(message.text());
      });
      await page.goto(`${unlisted.url}/${lang}/`);
      await launcher(page).click();
      await poll(async () => (await widgetState(page)).open, true);
      const status = chat(page).locator('p[role="status"]');
      await status.waitFor();
      expect(await status.textContent()).toBe(line);
      expect(await chat(page).locator('html').getAttribute('lang')).toBe(lang);
      // Readable in the panel: the line is inside the frame's box, the frame is the panel's size.
      const box = await page.locator('iframe[data-part="frame"]').boundingBox();
      expect(box!.width).toBeGreaterThan(300);
      expect(box!.height).toBeGreaterThan(300);
      expect(refused).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/${lang}-${label}.png` });
      await context.close();
    },
  );
}
