/**
 * The sandbox's WhatsApp phone page in headless Chromium, the sandbox as `npm start` runs it: a customer on a +44
 * number (desktop and 390 px) and on a +31 number writing Dutch (390 px) asks about a demo order, sees the answer
 * and its reply buttons as WhatsApp draws them, presses one from the keyboard, and then, with nothing typed, sees
 * what the bot sends unasked arrive (a Notify me update as a template, a list, a link button); a list row picked
 * goes back to the bot. Every message checked as rendered (no text clipped, no word broken, contrast 4.5:1) and the
 * page against WCAG 2.2 AA (axe). Screenshots go to test-output/screenshots/whatsapp/ to be looked at.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DEMO } from '../../sandbox/simulators';
import { GraphApi } from '../../src/channels/whatsapp/graphApi';
import { browserTest } from '../support/chromium';
import { DESKTOP, PHONE, SCREENSHOTS, useSandboxService } from '../support/sandboxBrowser';

const check = browserTest();
jest.setTimeout(120_000);
const SHOTS = `${SCREENSHOTS}/whatsapp`;
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const ORDER = DEMO.checkpoints.delivered;
// At info, so that the last test has the log lines of every turn to look through.
const service = useSandboxService({ LOG_LEVEL: 'info' });

/** What the customer writes and sees, per language; the unasked messages in the language too, long words and all. */
const CUSTOMERS = {
  en: {
    number: '447700900123',
    asks: `hi, where is my order ${ORDER}?`,
    answer: /delivered/i,
    buttons: ['Track another', "That's all, thanks"],
    template: ['ORD-1014', 'Out for delivery: your parcel arrives today between 10:00 and 14:00.'],
    list: {
      body: 'Your order ORD-1002 is in three parcels. Which one shall I show?',
      button: 'Choose a parcel',
      rows: ['Parcel 1 of 3: UPS', 'Parcel 2 of 3: DPD', 'Parcel 3 of 3: PostNL'],
    },
    link: {
      body: 'Follow your parcel on the carrier’s page.',
      title: 'Track on UPS',
      url: 'https://www.ups.com/track?tracknum=1Z7X3F940344156200',
    },
  },
  nl: {
    number: '31612345678',
    asks: `hallo, waar is mijn bestelling ${ORDER}?`,
    answer: /bezorgd/i,
    buttons: ['Nog een volgen', 'Dat was het, bedankt'],
    template: [
      'ORD-1014',
      'Wordt vandaag bezorgd: uw pakket komt tussen 10:00 en 14:00 bij de afhaalpuntvestiging aan, zendingsstatusinformatie volgt.',
    ],
    list: {
      body: 'Uw bestelling ORD-1002 bestaat uit drie pakketten. Welk pakket wilt u zien?',
      button: 'Kies een pakket',
      rows: ['Pakket 1 van 3: UPS', 'Pakket 2 van 3: DPD', 'Pakket 3 van 3: PostNL'],
    },
    link: {
      body: 'Volg uw pakket op de pagina van de vervoerder.',
      title: 'Volgen bij UPS',
      url: 'https://www.ups.com/track?loc=nl_NL&tracknum=1Z7X3F940344156200',
    },
  },
} as const;

interface Problem {
  kind: string;
  text: string;
  detail: string;
}

/** Waits until `read` gives a value that passes `ok` (the page polls the stand-in's record every second). */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeout = 10_000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const theirs = (page: Page) => page.locator('.msg.theirs:not(.typing)');
const mine = (page: Page) => page.locator('.msg.mine');
/** The titles of a message's buttons, by their accessible names. */
const buttonsOf = (page: Page, index: number) =>
  theirs(page)
    .nth(index)
    .locator('.actions button')
    .evaluateAll((buttons: Array<{ getAttribute(name: string): string | null }>) =>
      buttons.map((b) => b.getAttribute('aria-label')),
    );

/** Every drawn message as rendered: clipped text, words broken across lines, contrast (test/support/textLayoutProbe.js). */
async function layoutProblems(page: Page, name: string): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const message of await page.locator('.msg').all()) {
    problems.push(
      ...(await message.evaluate<Problem[], string>(
        (root, label) =>
          (globalThis as unknown as { textLayoutProblems: (r: unknown, n: string) => Problem[] }).textLayoutProblems(
            root,
            label,
          ),
        name,
      )),
    );
  }
  return problems;
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return results.violations.flatMap((rule) => rule.nodes.map((node) => `${rule.id}: ${JSON.stringify(node.target)}`));
}

describe.each([
  ['en', 'desktop', DESKTOP],
  ['en', '390', PHONE],
  ['nl', '390', PHONE],
] as const)('the WhatsApp phone page, %s at %s', (lang, size, device: BrowserContextOptions) => {
  check(
    'asks about an order, presses a reply button, and sees unasked messages arrive as WhatsApp draws them',
    async () => {
      // At 390 px the English customer types a number of their own: a thread of its own, and the same first guess.
      const own = lang === 'en' && size === '390';
      const customer = own ? { ...CUSTOMERS.en, number: '447700900456' } : CUSTOMERS[lang];
      const shot = (what: string) => `${SHOTS}/${size}-${lang}-${what}.png`;
      // A context of its own: axe needs one.
      const context = await service.browser.newContext({
        ...device,
        locale: lang === 'nl' ? 'nl-NL' : 'en-GB',
        timezoneId: 'Europe/Amsterdam',
      });
      const page = await context.newPage();
      await page.addInitScript({ path: require.resolve('../support/textLayoutProbe.js') });
      await page.goto(`${service.url}/sandbox/whatsapp`);
      await page.locator('#number option').first().waitFor({ state: 'attached' });
      if (own) {
        await page.selectOption('#number', 'other');
        await page.locator('#other').fill('+44 7700 900456');
        await page.keyboard.press('Enter');
      } else await page.selectOption('#number', customer.number);
      await until(
        () => page.locator('#guess').innerText(),
        (text) => text.includes('first answers'),
      );
      await expect(page.locator('#guess').innerText()).resolves.toContain(
        lang === 'nl' ? 'first answers in Dutch' : 'first answers in English',
      );

      // The customer writes, from the keyboard.
      await page.locator('#text').fill(customer.asks);
      await page.keyboard.press('Enter');
      await mine(page).filter({ hasText: customer.asks }).waitFor();
      await theirs(page).filter({ hasText: customer.answer }).first().waitFor();
      await expect(theirs(page).filter({ hasText: ORDER }).count()).resolves.toBeGreaterThan(0);
      // The follow-ups as reply buttons under the last bubble; the customer's message read (blue ticks).
      await page.locator('.msg.theirs .actions button').first().waitFor();
      const answered = await theirs(page).count();
      expect(await buttonsOf(page, answered - 1)).toEqual(customer.buttons);
      await expect(mine(page).first().locator('.ticks').getAttribute('aria-label')).resolves.toBe('Read');
      await page.screenshot({ path: shot('answer') });

      // A reply button pressed from the keyboard: Meta's button_reply, shown as the title pressed, and answered.
      await theirs(page)
        .nth(answered - 1)
        .locator('.actions button')
        .first()
        .focus();
      await page.keyboard.press('Enter');
      await mine(page).filter({ hasText: customer.buttons[0] }).waitFor();
      expect(
        await until(
          () => theirs(page).count(),
          (n) => n > answered,
        ),
      ).toBeGreaterThan(answered);
      await page.screenshot({ path: shot('pressed') });

      // Later, with nothing typed, the bot sends: a Notify me update outside the window (a template), a list, a link button.
      const before = await theirs(page).count();
      const graph = new GraphApi(service.sandbox.config.whatsapp!);
      const template = {
        type: 'template',
        template: {
          name: 'order_update',
          language: { code: lang },
          components: [{ type: 'body', parameters: customer.template.map((text) => ({ type: 'text', text })) }],
        },
      };
      await graph.send(customer.number, template as never);
      await graph.send(customer.number, {
        type: 'interactive',
        interactive: {
          type: 'list',
          body: { text: customer.list.body },
          action: {
            button: customer.list.button,
            sections: [
              { title: 'ORD-1002', rows: customer.list.rows.map((title, i) => ({ id: `parcel-${i + 1}`, title })) },
            ],
          },
        },
      });
      await graph.send(customer.number, {
        type: 'interactive',
        interactive: {
          type: 'cta_url',
          body: { text: customer.link.body },
          action: { name: 'cta_url', parameters: { display_text: customer.link.title, url: customer.link.url } },
        },
      });
      expect(
        await until(
          () => theirs(page).count(),
          (n) => n === before + 3,
        ),
      ).toBe(before + 3);
      const update = theirs(page).nth(before);
      await expect(update.locator('.label').innerText()).resolves.toMatch(/^▤ Template: order_update · (en|nl)$/i);
      await expect(update.innerText()).resolves.toContain(customer.template[1]);
      const link = theirs(page)
        .nth(before + 2)
        .locator('.actions a');
      await expect(link.getAttribute('href')).resolves.toBe(customer.link.url);
      await expect(link.innerText()).resolves.toContain(customer.link.title);
      await page.screenshot({ path: shot('unasked') });
      expect(await layoutProblems(page, `${size}-${lang}`)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);

      // The list's menu button opens its rows; picking one goes back as Meta's list_reply, shown as the row's title.
      await theirs(page)
        .nth(before + 1)
        .locator('.actions button')
        .focus();
      await page.keyboard.press('Enter');
      const menu = page.locator('dialog#menu');
      await menu.waitFor();
      await expect(menu.locator('h2').innerText()).resolves.toBe(customer.list.button);
      await expect(menu.locator('li button > span').allInnerTexts()).resolves.toEqual([...customer.list.rows]);
      await page.screenshot({ path: shot('menu') });
      await menu.locator('li button').nth(1).click();
      await mine(page).filter({ hasText: customer.list.rows[1] }).waitFor();
      expect(
        await until(
          () => theirs(page).count(),
          (n) => n > before + 3,
        ),
      ).toBeGreaterThan(before + 3);
      await page.screenshot({ path: shot('picked') });
      await context.close();
    },
  );
});

describe('a lookup that takes a while', () => {
  check(
    "shows WhatsApp's typing indicator under the customer's read message until the answer arrives, which draws *bold* bold",
    async () => {
      const context = await service.browser.newContext(PHONE);
      const page = await context.newPage();
      await page.goto(`${service.url}/sandbox/whatsapp?number=4915123456789`);
      const checkpoints = service.sandbox.simulators[0];
      checkpoints.setLatency(3_000);
      try {
        await page.locator('#text').fill(`Wo ist ${DEMO.checkpoints.inTransitMultiShipment}?`);
        await page.keyboard.press('Enter');
        const typing = page.locator('.msg.typing [role="status"]');
        await typing.waitFor({ timeout: 5_000 });
        await expect(typing.getAttribute('aria-label')).resolves.toBe('typing…');
        await expect(mine(page).first().locator('.ticks').getAttribute('aria-label')).resolves.toBe('Read');
        await page.screenshot({ path: `${SHOTS}/390-de-typing.png` });
        await theirs(page)
          .filter({ hasText: DEMO.checkpoints.inTransitMultiShipment })
          .first()
          .waitFor({ timeout: 15_000 });
        await typing.waitFor({ state: 'detached', timeout: 5_000 });
      } finally {
        checkpoints.setLatency(0);
      }
      // WhatsApp's markup as WhatsApp draws it: bold, its asterisks gone.
      await new GraphApi(service.sandbox.config.whatsapp!).send('4915123456789', {
        type: 'text',
        text: { body: 'Ihr Paket ist *zugestellt* worden.' },
      });
      // That message, not the answer before it (whose status line is bold too).
      const sent = theirs(page).filter({ hasText: 'Ihr Paket ist' });
      await sent.waitFor();
      await expect(sent.locator('strong').innerText()).resolves.toBe('zugestellt');
      await expect(sent.locator('.text').innerText()).resolves.toBe('Ihr Paket ist zugestellt worden.');
      await context.close();
    },
  );
});

describe('after all of it', () => {
  check('no log line of the sandbox holds a customer number', () => {
    expect(service.logs.length).toBeGreaterThan(0);
    for (const number of ['447700900123', '447700900456', '31612345678', '4915123456789'])
      for (const line of service.logs) expect(line).not.toContain(number);
  });
});
