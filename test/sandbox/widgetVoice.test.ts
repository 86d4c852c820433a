/**
 * The chat speaks in one voice: where the bot says je (Dutch) and tú (Spanish), Web Chat's own words in the
 * panel do too, not its stock "Typ uw bericht", "U zei:", "Escriba su mensaje", "Usted dijo:". German and
 * French stay Sie and vous, as the bot. A customer on the demo shop, in Chromium; screenshots of the Dutch
 * panel at a desktop's width and a phone's go to test-output/screenshots/widget-voice/.
 */
import { browserTest as inBrowser } from '../support/chromium';
import { bubble, chat, launcher, send, settled, useDemoShop } from '../support/demoShop';
import { DESKTOP, PHONE, SCREENSHOTS } from '../support/sandboxBrowser';

const browserTest = inBrowser();
jest.setTimeout(120_000);

const SHOTS = `${SCREENSHOTS}/widget-voice`;
const demo = useDemoShop(SHOTS);

/** A bubble in the chat's frame, as panelWords reads it there (the tests compile without the DOM's types). */
interface Bubble {
  closest(selector: string): Bubble | null;
  parentElement: Bubble | null;
  textContent: string | null;
}

/** The send box's placeholder and what a screen reader hears before the customer's own message. */
async function panelWords(lang: string, device: typeof DESKTOP | typeof PHONE, shot?: string) {
  const context = await demo.browser.newContext({ ...device, locale: lang });
  const page = await context.newPage();
  try {
    await page.goto(`${demo.shop.url}/${lang}/`);
    await launcher(page).click();
    const box = chat(page).locator('[data-id="webchat-sendbox-input"]');
    await box.waitFor();
    const placeholder = await box.getAttribute('placeholder');
    // The greeting, then a number the shop does not know, and the bot's answer to it.
    const fromBot = chat(page).locator('.webchat__bubble:not(.webchat__bubble--from-user)');
    await fromBot.first().waitFor();
    await send(chat(page), 'ORD-9999');
    await bubble(chat(page), 'ORD-9999').waitFor();
    await fromBot.nth(1).waitFor();
    await settled(page);
    const youSaid = await chat(page)
      .locator('.webchat__bubble--from-user')
      .last()
      .evaluate((b: Bubble) => {
        const item = b.closest('[role="group"], article, li') ?? b.parentElement!;
        return item.textContent ?? '';
      });
    // Web Chat's French puts a no-break space before a colon; the bot's words a plain one. The voice is what counts here.
    const heard = youSaid.replace(/\u00a0/g, ' ');
    if (shot) await page.screenshot({ path: `${SHOTS}/${shot}.png` });
    return { placeholder, youSaid: heard };
  } finally {
    await context.close();
  }
}

browserTest('Dutch, as the bot: "Typ je bericht", "Je zei:" (desktop and 390 px)', async () => {
  for (const [device, label] of [
    [DESKTOP, 'desktop'],
    [PHONE, '390'],
  ] as const) {
    const words = await panelWords('nl', device, `nl-${label}`);
    expect(words.placeholder).toBe('Typ je bericht');
    expect(words.youSaid).toContain('Je zei:');
    expect(words.youSaid).not.toMatch(/\bU zei\b/);
  }
});

browserTest('Spanish, as the bot: "Escribe tu mensaje", "Dijiste:"', async () => {
  const words = await panelWords('es', DESKTOP, 'es-desktop');
  expect(words.placeholder).toBe('Escribe tu mensaje');
  expect(words.youSaid).toContain('Dijiste:');
  expect(words.youSaid).not.toMatch(/Usted/);
});

browserTest.each([
  ['de', 'Nachricht eingeben', 'Sie sagten:'],
  ['fr', 'Tapez votre message', 'Vous avez dit :'],
  ['it', 'Digita il tuo messaggio', 'Hai detto:'],
  ['en', 'Type your message', 'You said:'],
])('%s keeps the voice it shares with the bot: "%s", "%s"', async (lang, placeholder, youSaid) => {
  const words = await panelWords(lang, DESKTOP);
  expect(words.placeholder).toBe(placeholder);
  expect(words.youSaid).toContain(youSaid);
});
