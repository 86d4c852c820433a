/**
 * Issue #35, in the widget on the demo shop's English page, in Chromium: a customer whose browser is English
 * writes Dutch and is answered in Dutch, their parcel's card included, and stays in Dutch for "ORD-1001";
 * "English please" brings English back. Screenshots at a desktop's width and a phone's go to
 * test-output/screenshots/written-language/.
 */
import { browserTest as inBrowser } from '../support/chromium';
import { bubble, chat, launcher, send, settled, useDemoShop } from '../support/demoShop';
import { DESKTOP, PHONE, SCREENSHOTS } from '../support/sandboxBrowser';

const browserTest = inBrowser();
jest.setTimeout(120_000);

const SHOTS = `${SCREENSHOTS}/written-language`;
const demo = useDemoShop(SHOTS);

browserTest.each([
  ['desktop', DESKTOP],
  ['390 px', PHONE],
] as const)(
  'an English browser, a Dutch customer (%s): answered in Dutch, card and all, until they ask for English',
  async (label, device) => {
    const context = await demo.browser.newContext({ ...device, locale: 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto(`${demo.shop.url}/en/`);
      await launcher(page).click();
      await bubble(chat(page), /where your order is/).waitFor();
      await send(chat(page), 'waar blijft mijn pakket?');
      await bubble(chat(page), 'Wat wil je volgen?').waitFor();
      await send(chat(page), 'ORD-1001');
      await bubble(chat(page), 'Hier is de zending voor ORD-1001:').waitFor();
      await settled(page);
      const card = await chat(page).locator('.ac-adaptiveCard').last().innerText();
      expect(card).toMatch(/Bezorgd/);
      expect(card).not.toMatch(/Delivered/);
      await page.screenshot({ path: `${SHOTS}/nl-under-en-${label.replace(' px', '')}.png` });
      await send(chat(page), 'English please');
      // (Web Chat shows the bot's apostrophes as typographic ones.)
      await bubble(chat(page), /Okay, I.ll write in English\./).waitFor();
    } finally {
      await context.close();
    }
  },
);
