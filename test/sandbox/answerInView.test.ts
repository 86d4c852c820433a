/**
 * A long answer in the widget's panel on a desktop: the chat keeps the start of the answer in view (the
 * first card's carrier, status and "Parcel 1 of 3"), as on a phone, rather than following it down to its
 * buttons. Screenshots go to test-output/screenshots/answer-in-view/.
 */
import { DEMO } from '../../sandbox/simulators';
import { browserTest as inBrowser } from '../support/chromium';
import { bubble, chat, launcher, send, settled, useDemoShop } from '../support/demoShop';
import { DESKTOP, SCREENSHOTS } from '../support/sandboxBrowser';

const browserTest = inBrowser();
jest.setTimeout(120_000);

const SHOTS = `${SCREENSHOTS}/answer-in-view`;
const demo = useDemoShop(SHOTS);
/** An element of the chat's frame, as the functions run there read it (the tests compile without the DOM's types). */
interface Boxed {
  getBoundingClientRect(): { top: number };
}

for (const order of [DEMO.checkpoints.inTransitMultiShipment, DEMO.checkpoints.exception]) {
  browserTest(`after ${order} on a desktop, the first card's title is in view`, async () => {
    const page = await demo.browser.newPage({ ...DESKTOP, locale: 'en-GB' });
    await page.goto(`${demo.shop.url}/en/`);
    await launcher(page).click();
    await bubble(chat(page), 'Hi! I can tell you where your order is.').waitFor();
    await send(chat(page), order);
    const card = chat(page).locator('.ac-adaptiveCard').first();
    await card.waitFor();
    await chat(page).locator('.webchat__suggested-actions__button').first().waitFor();
    await settled(page);
    const frame = page.frames().find((f) => f.url().includes('/webchat/frame'))!;
    const scroller = await frame.evaluate(
      () =>
        (globalThis as unknown as { document: { querySelector(selector: string): Boxed | null } }).document
          .querySelector('.webchat__basic-transcript__scrollable')!
          .getBoundingClientRect().top,
    );
    const cardTop = await card.evaluate((el: Boxed) => el.getBoundingClientRect().top);
    await page.screenshot({ path: `${SHOTS}/${order}-desktop.png` });
    expect(cardTop).toBeGreaterThanOrEqual(scroller);
    await page.close();
  });
}
