/**
 * The widget against WCAG 2.2 AA, the bar the European Accessibility Act sets for a shop (EN 301 549 is
 * WCAG 2.1 AA): axe-core's rules on the store's page with the launcher closed, and on the open chat after a
 * status answer with a card, at a desktop's width and a phone's, in English and in Dutch; the keyboard from
 * the launcher to the answer's buttons and back; the answer in Web Chat's live region. docs/accessibility.md
 * states what this shows and what it does not. Screenshots go to test-output/screenshots/accessibility/.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DEMO } from '../../sandbox/simulators';
import { browserTest as inBrowser } from '../support/chromium';
import { bubble, chat, launcher, poll, send, settled, useDemoShop, widgetState } from '../support/demoShop';
import { DESKTOP, PHONE, SCREENSHOTS } from '../support/sandboxBrowser';

const browserTest = inBrowser();
jest.setTimeout(120_000);

const SHOTS = `${SCREENSHOTS}/accessibility`;
const demo = useDemoShop(SHOTS);

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: axe-core's tags for them. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const GREETING = { en: 'Hi! I can tell you where your order is.', nl: /^Hallo!/ } as const;
const TRACKING = DEMO.trackings.trackingNumbers.inTransit;

interface Audit {
  /** "rule: where", one per element that breaks a rule. */
  violations: string[];
  /** Whether axe reached into the widget's shadow root, and into the chat's frame (another origin). */
  reached: { widget: boolean; chat: boolean };
}

/**
 * axe-core's WCAG 2.2 AA rules on the whole page, the chat's frame included. @axe-core/playwright gives a
 * frame one second to take axe's script and otherwise leaves it out without a word: on a loaded machine it
 * is asked again, and the test asserts what was reached, so a frame left out cannot pass for a clean one.
 */
async function audit(page: Page, chatOpen: boolean): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    const targets = [...results.passes, ...results.violations, ...results.incomplete].flatMap((rule) =>
      rule.nodes.map((node) => node.target),
    );
    const reached = {
      widget: targets.some((target) => Array.isArray(target[0]) && target[0][0] === 'div[data-order-tracking-chat=""]'),
      chat: targets.some((target) => target.length > 1),
    };
    if (reached.chat || !chatOpen || attempt === 3) {
      return {
        violations: results.violations.flatMap((rule) =>
          rule.nodes.map((node) => `${rule.id}: ${JSON.stringify(node.target)}`),
        ),
        reached,
      };
    }
  }
}

/** The DOM as the functions run in the page below use it: the project compiles without TypeScript's DOM library. */
interface InPageElement {
  tagName: string;
  textContent: string | null;
  shadowRoot: InPageRoot | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { left: number; top: number; width: number; height: number };
  contains(other: InPageElement): boolean;
}
interface InPageRoot {
  activeElement: InPageElement | null;
  elementFromPoint(x: number, y: number): InPageElement | null;
}
interface InPageDocument extends InPageRoot {
  hasFocus(): boolean;
}

/** What has the focus in the chat's frame (its document's active element), by role and name. */
function focusInChat(page: Page): Promise<{ inChat: boolean; element: string }> {
  return chat(page)
    .locator(':root')
    .evaluate((html) => {
      const doc = (html as unknown as { ownerDocument: InPageDocument }).ownerDocument;
      const active = doc.activeElement!;
      const name = active.getAttribute('aria-label') || (active.textContent || '').trim().slice(0, 40);
      return {
        inChat: doc.hasFocus(),
        element: `${active.tagName.toLowerCase()}${active.getAttribute('role') ? `[role=${active.getAttribute('role')}]` : ''} ${name}`,
      };
    });
}

/** A customer's own browser on the store's page, the widget's launcher drawn. */
async function storePage(lang: 'en' | 'nl', device: BrowserContextOptions): Promise<Page> {
  const context = await demo.browser.newContext({ ...device, locale: lang === 'nl' ? 'nl-NL' : 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${demo.shop.url}/${lang}/`);
  await launcher(page).waitFor();
  return page;
}

/** The chat opened from the launcher, the bot's greeting in it. */
async function greeted(page: Page, lang: 'en' | 'nl'): Promise<void> {
  await launcher(page).click();
  await bubble(chat(page), GREETING[lang]).waitFor();
}

for (const [lang, device, label] of [
  ['en', DESKTOP, 'desktop'],
  ['en', PHONE, '390'],
  ['nl', DESKTOP, 'desktop'],
  ['nl', PHONE, '390'],
] as const) {
  browserTest(
    `axe, WCAG 2.2 AA (${lang}, ${label}): no violation on the store's page with the launcher closed, nor in the open chat after a status answer with a card`,
    async () => {
      const page = await storePage(lang, device);
      const closed = await audit(page, false);
      expect(closed).toEqual({ violations: [], reached: { widget: true, chat: false } });

      await greeted(page, lang);
      await send(chat(page), TRACKING);
      await chat(page).locator('.ac-adaptiveCard').first().waitFor();
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/${lang}-${label}-open.png` });
      const open = await audit(page, true);
      expect(open).toEqual({ violations: [], reached: { widget: true, chat: true } });
      // The chat speaks the customer's language to a screen reader too.
      await expect(chat(page).locator(':root').getAttribute('lang')).resolves.toBe(lang);
      await page.context().close();
    },
  );
}

browserTest(
  'axe, WCAG 2.2 AA (en, desktop): no violation with several parcels side by side (a carousel of cards, with its flippers)',
  async () => {
    const page = await storePage('en', DESKTOP);
    await greeted(page, 'en');
    await send(chat(page), DEMO.checkpoints.inTransitMultiShipment);
    await chat(page).locator('.ac-adaptiveCard').nth(2).waitFor();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/en-desktop-carousel.png` });
    expect(await audit(page, true)).toEqual({ violations: [], reached: { widget: true, chat: true } });
    await page.context().close();
  },
);

browserTest(
  'the keyboard: Tab to the launcher, Enter opens with the focus in the send box, typing and Enter send, the answer’s buttons are reached, Esc closes and the focus is back on the launcher',
  async () => {
    const page = await storePage('en', DESKTOP);
    for (let i = 0; i < 30 && (await widgetState(page)).focus !== 'launcher'; i++) await page.keyboard.press('Tab');
    expect((await widgetState(page)).focus).toBe('launcher');
    await page.keyboard.press('Enter');
    await bubble(chat(page), GREETING.en).waitFor();
    await poll(() => focusInChat(page), { inChat: true, element: 'input Message input box' });

    await page.keyboard.type(TRACKING);
    await page.keyboard.press('Enter');
    await chat(page).locator('.ac-adaptiveCard').first().waitFor();
    await expect(chat(page).locator('.webchat__bubble--from-user').filter({ hasText: TRACKING }).count()).resolves.toBe(
      1,
    );

    // The answer's suggested buttons sit just above the send box: Shift+Tab reaches the first.
    await page.keyboard.press('Shift+Tab');
    expect(await focusInChat(page)).toEqual({ inChat: true, element: 'button Notify me' });
    // The card's own button, through Web Chat's chat history: Shift+Tab to it, Enter into the answer, Tab to the button.
    const seen: string[] = [];
    for (let i = 0; i < 5 && !(await focusInChat(page)).element.includes('Chat history'); i++) {
      await page.keyboard.press('Shift+Tab');
      seen.push((await focusInChat(page)).element);
    }
    expect(seen).toContainEqual(expect.stringContaining('Chat history'));
    // The history starts on its newest message, the answer; Enter goes into it.
    await page.keyboard.press('Enter');
    const inCard: string[] = [];
    for (let i = 0; i < 4 && !inCard.includes('button Track on UPS'); i++) {
      inCard.push((await focusInChat(page)).element);
      await page.keyboard.press('Tab');
    }
    expect(inCard).toContain('button Track on UPS');

    // Esc leaves the card (Web Chat's own use of the key), Esc again closes the chat: the focus is back on the launcher.
    for (let i = 0; i < 3 && (await widgetState(page)).open; i++) await page.keyboard.press('Escape');
    await poll(() => widgetState(page), { open: false, focus: 'launcher', launcher: 'Open chat: Where is my order?' });
    await page.context().close();
  },
);

/** Where the store page's focus is (through the widget's shadow root), and whether it can be seen: the element at its centre is it. */
function pageFocus(page: Page): Promise<{ part: string; seen: boolean }> {
  return page.evaluate(() => {
    let root: InPageRoot = (globalThis as unknown as { document: InPageDocument }).document;
    let active = root.activeElement;
    while (active && active.shadowRoot && active.shadowRoot.activeElement) {
      root = active.shadowRoot;
      active = root.activeElement;
    }
    const focused = active!;
    const box = focused.getBoundingClientRect();
    const hit = root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      part: focused.getAttribute('data-part') || focused.tagName.toLowerCase(),
      seen: !!hit && (hit === focused || focused.contains(hit)),
    };
  });
}

browserTest(
  'at 390 px with a keyboard (a narrow window, or a page zoomed to 400 %), the chat covers the page and keeps the focus: Tab never lands on the launcher or the store behind it',
  async () => {
    // No touch screen: the focus goes to the send box as on a desktop.
    const page = await storePage('en', { viewport: { width: 390, height: 844 } });
    await launcher(page).focus();
    await page.keyboard.press('Enter');
    await bubble(chat(page), GREETING.en).waitFor();
    await poll(() => focusInChat(page), { inChat: true, element: 'input Message input box' });
    // The send button (in the chat), then round to the panel's close button, then into the chat again; and back.
    // Each step is awaited where the focus settles: passing into the chat's frame takes the browser a moment.
    for (const [key, part] of [
      ['Tab', 'frame'],
      ['Tab', 'close'],
      ['Tab', 'frame'],
      ['Shift+Tab', 'close'],
      ['Shift+Tab', 'frame'],
    ]) {
      await page.keyboard.press(key);
      await poll(() => pageFocus(page), { part, seen: true });
      if (key === 'Tab' && part === 'frame') await page.screenshot({ path: `${SHOTS}/en-390-keyboard-tab.png` });
    }
    // A modal dialog to a screen reader too: the page behind cannot be reached while it covers it.
    await expect(page.locator('[role="dialog"]').getAttribute('aria-modal')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await poll(() => pageFocus(page), { part: 'launcher', seen: true });
    await page.context().close();
  },
);

browserTest(
  'a message that arrives behind the closed launcher is said, not only shown as a dot (WCAG 4.1.3, status messages)',
  async () => {
    const page = await storePage('en', DESKTOP);
    await greeted(page, 'en');
    await page.keyboard.press('Escape');
    await poll(async () => (await widgetState(page)).open, false);
    const status = page.locator('[data-order-tracking-chat] [role="status"]');
    await expect(status.textContent()).resolves.toBe('');
    // The page switches to Dutch while the chat is closed: the bot greets again, behind the launcher.
    await page.evaluate(`window.OrderTrackingChat.setLocale('nl')`);
    await page.locator('[data-part="badge"]').waitFor({ state: 'visible' });
    await poll(() => status.textContent(), 'Waar is mijn bestelling?: Nieuw bericht');
    // Opened, the news is read in the chat: the status is empty again, ready for the next.
    await launcher(page).click();
    await poll(() => status.textContent(), '');
    await page.context().close();
  },
);

browserTest('Web Chat’s live region carries the answer, card included, so a screen reader announces it', async () => {
  const page = await storePage('en', DESKTOP);
  await greeted(page, 'en');
  await send(chat(page), TRACKING);
  await chat(page).locator('.ac-adaptiveCard').first().waitFor();
  const live = chat(page).locator('[aria-live="polite"]').filter({ hasText: TRACKING });
  await live.first().waitFor({ state: 'attached' });
  const said = await live.first().textContent();
  // The bot's turn as words, the card's carrier, number and status, not "attachment".
  expect(said).toMatch(/Bot said:/);
  expect(said).toContain(`UPS, tracking number ${TRACKING}: In transit`);
  expect(said).not.toMatch(/attachment/i);
  await page.context().close();
});
