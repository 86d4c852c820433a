/**
 * A customer the store signed in, on the demo shop in Chromium: "Sign in as the demo customer" (the shop's
 * server signs a customer token and puts it in the widget's tag), the chat, ORD-1001 looked up with the
 * full card (tracking number, carrier link), the shop's second page with the same conversation and the
 * customer still signed in (their claims renewed, no new conversation). A visitor's conversation gives way
 * to the customer's at sign-in, and the customer's to a visitor's at sign-out; a token the bot refuses shows
 * one line. Desktop and 390 px; screenshots in test-output/screenshots/signed-in/.
 */
import type { Page, Response } from 'playwright-core';
import { DEMO } from '../../sandbox/simulators';
import { browserTest as inBrowser } from '../support/chromium';
import { bubble, chat, launcher, send, settled, useDemoShop } from '../support/demoShop';
import { DESKTOP, PHONE, SCREENSHOTS } from '../support/sandboxBrowser';

const browserTest = inBrowser();
jest.setTimeout(120_000);

const SHOTS = `${SCREENSHOTS}/signed-in`;
const demo = useDemoShop(SHOTS, { signIn: true });
const GREETING = 'Hi! I can tell you where your order is.';
/** A signed-in customer is greeted by their first name. */
const GREETING_ALEX = 'Hi Alex! I can tell you where your order is.';
const SIGN_IN_LINE = 'Sign in on our website to see the carrier';
const ORD_1001_TRACKING_NUMBER = '00340434161094048139';

/** The user ids the token endpoint gave this page, in order. */
function tokensGiven(page: Page): string[] {
  const ids: string[] = [];
  page.on('response', (response: Response) => {
    if (response.url().endsWith('/api/webchat/token') && response.status() === 200)
      void response.json().then((body: { userId: string }) => ids.push(body.userId));
  });
  return ids;
}

const requestsTo = (page: Page, path: string): string[] => {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.push(path);
  });
  return seen;
};

async function signIn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign in as the demo customer' }).click();
  await page.getByText('Signed in as Alex Morgan').waitFor();
}

for (const [device, label] of [
  [DESKTOP, 'desktop'],
  [PHONE, '390'],
] as const) {
  browserTest(
    `signed in on the demo shop (${label}): ORD-1001 with its full card, and the same conversation, still signed in, on the next page`,
    async () => {
      const context = await demo.browser.newContext({ ...device, locale: 'en-GB' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const given = tokensGiven(page);
      const renewals = requestsTo(page, '/api/webchat/customer');

      await page.goto(`${demo.shop.url}/en/`);
      await signIn(page);
      // The shop's server put a fresh token in the widget's tag; nothing of it is kept in the browser's storage.
      const tag = await page.locator('script[data-customer-token]').getAttribute('data-customer-token');
      expect(tag).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
      await launcher(page).click();
      await bubble(chat(page), GREETING_ALEX).waitFor();
      expect(given).toHaveLength(1);
      expect(given[0]).toMatch(/^dl_[\w-]{32}$/);
      expect(await demo.app.customers.find(given[0])).toMatchObject({
        name: 'Alex Morgan',
        locale: 'en',
        orders: DEMO_ORDERS,
      });

      await send(chat(page), DEMO.checkpoints.delivered);
      const card = chat(page).locator('.ac-adaptiveCard').filter({ hasText: ORD_1001_TRACKING_NUMBER }).first();
      await card.waitFor();
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/${label}-1-full-card.png` });
      // The carrier's link, for this parcel: the card's button, and the link it opens (the conversation as the page keeps it).
      await card.locator('.ac-pushButton').filter({ hasText: 'Track your parcel' }).waitFor();
      const stored = await page.evaluate(() =>
        JSON.stringify({ ...(globalThis as unknown as { sessionStorage: Record<string, string> }).sessionStorage }),
      );
      const kept = JSON.parse((JSON.parse(stored) as Record<string, string>)['order-tracking-chat-session']) as {
        activities: Array<{ attachments?: Array<{ content: { actions?: Array<{ type: string; url: string }> } }> }>;
      };
      const links = kept.activities
        .flatMap((a) => a.attachments ?? [])
        .flatMap((a) => a.content.actions ?? [])
        .filter((action) => action.type === 'Action.OpenUrl');
      expect(links.map((link) => link.url)).toEqual([
        expect.stringMatching(new RegExp(`^https://www\\.dhl\\.de/.*${ORD_1001_TRACKING_NUMBER}$`)),
      ]);
      // The customer token is in no storage of the browser: it lives in the page's memory, and travels to the bot's origin only.
      expect(stored).not.toContain(tag!.slice(0, 40));

      // The second page: the same conversation, not greeted again; the claims renewed with its newer token, no new conversation.
      await page.evaluate(`window.OrderTrackingChat.close()`);
      await page.getByRole('link', { name: 'My order' }).click();
      await page.waitForURL(`${demo.shop.url}/en/order`);
      await page.getByText('Signed in as Alex Morgan').waitFor();
      await launcher(page).click();
      await chat(page).locator('.ac-adaptiveCard').filter({ hasText: ORD_1001_TRACKING_NUMBER }).first().waitFor();
      await expect(chat(page).locator('.webchat__bubble').filter({ hasText: GREETING_ALEX }).count()).resolves.toBe(1);
      await expect(chat(page).getByText(SIGN_IN_LINE).count()).resolves.toBe(0);
      expect(renewals.length).toBeGreaterThanOrEqual(1);
      expect(given).toHaveLength(1);
      expect((await demo.app.customers.find(given[0]))?.name).toBe('Alex Morgan');
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/${label}-2-next-page.png` });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
}

const DEMO_ORDERS = ['ORD-1001', 'ORD-1002', 'ORD-1003'].map((identifier) => ({ kind: 'order_number', identifier }));

browserTest(
  'a visitor’s conversation gives way to the customer’s at sign-in, and theirs to a visitor’s at sign-out',
  async () => {
    const context = await demo.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const page = await context.newPage();
    const given = tokensGiven(page);
    await page.goto(`${demo.shop.url}/en/`);
    await launcher(page).click();
    await bubble(chat(page), GREETING).waitFor();
    await send(chat(page), DEMO.checkpoints.delayed);
    // A visitor's answer to an order number is masked (ORDER_DETAILS=masked, the default): the line on signing in, no carrier's link.
    await chat(page).locator('.ac-adaptiveCard').filter({ hasText: SIGN_IN_LINE }).first().waitFor();
    await expect(chat(page).locator('.ac-pushButton').filter({ hasText: 'Track your parcel' }).count()).resolves.toBe(
      0,
    );
    expect(await demo.app.customers.find(given[0])).toBeUndefined();

    await signIn(page);
    await launcher(page).waitFor();
    // Open on the last page, so open here: a new conversation, the customer's, greeted afresh by name.
    await bubble(chat(page), GREETING_ALEX).waitFor();
    await expect(chat(page).locator('.webchat__bubble--from-user').count()).resolves.toBe(0);
    expect(given).toHaveLength(2);
    expect((await demo.app.customers.find(given[1]))?.name).toBe('Alex Morgan');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in as the demo customer' }).waitFor();
    await bubble(chat(page), GREETING).waitFor();
    for (let i = 0; i < 50 && given.length < 3; i++) await page.waitForTimeout(100);
    expect(given).toHaveLength(3);
    expect(given[2]).not.toBe(given[1]);
    expect(await demo.app.customers.find(given[2])).toBeUndefined();
    await context.close();
  },
);

const PICK_ORDER = 'Which order would you like to track?';
/** A visitor's answer to "my orders" (the bot sets typographic apostrophes). */
const SIGN_IN_FOR_ORDERS = 'Sign in on the shop’s website, and I’ll show your orders here.';

for (const [device, label] of [
  [DESKTOP, 'desktop'],
  [PHONE, '390'],
] as const) {
  browserTest(
    `signed out by the shop's server, with no signOut() call (${label}): the next page is a visitor's, and signing in again is the customer's own chat`,
    async () => {
      const context = await demo.browser.newContext({ ...device, locale: 'en-GB' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const given = tokensGiven(page);

      // Signed in: "my orders" lists theirs, and ORD-1001 comes with its full card.
      await page.goto(`${demo.shop.url}/en/`);
      await signIn(page);
      await launcher(page).click();
      await bubble(chat(page), GREETING_ALEX).waitFor();
      await send(chat(page), 'my orders');
      await bubble(chat(page), PICK_ORDER).waitFor();
      await send(chat(page), DEMO.checkpoints.delivered);
      await chat(page).locator('.ac-adaptiveCard').filter({ hasText: ORD_1001_TRACKING_NUMBER }).first().waitFor();
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/${label}-3-before-server-sign-out.png` });

      // The shop's session ends on its server (a timeout, a plain sign-out link): its next page carries no customer token.
      await context.clearCookies();
      await page.evaluate(`window.OrderTrackingChat.close()`);
      await page.getByRole('link', { name: 'My order' }).click();
      await page.waitForURL(`${demo.shop.url}/en/order`);
      await page.getByRole('button', { name: 'Sign in as the demo customer' }).waitFor();
      expect(await page.locator('script[data-customer-token]').count()).toBe(0);
      // The chat goes on from page to page: here it is a visitor's, with nothing of the signed-in conversation.
      await launcher(page).click();
      await bubble(chat(page), GREETING).waitFor();
      await send(chat(page), DEMO.checkpoints.delivered);
      await chat(page).locator('.ac-adaptiveCard').filter({ hasText: SIGN_IN_LINE }).first().waitFor();
      await send(chat(page), 'my orders');
      await bubble(chat(page), SIGN_IN_FOR_ORDERS).waitFor();
      await settled(page);
      const transcript = await chat(page).locator('body').innerText();
      expect(transcript).not.toContain(ORD_1001_TRACKING_NUMBER);
      expect(transcript).not.toContain(GREETING_ALEX);
      expect(transcript).not.toContain(PICK_ORDER);
      await expect(chat(page).locator('.ac-pushButton').filter({ hasText: 'Track your parcel' }).count()).resolves.toBe(
        0,
      );
      // Nor is it kept in the store page's storage, where the page's scripts could read it.
      const stored = await page.evaluate(() =>
        JSON.stringify({ ...(globalThis as unknown as { sessionStorage: Record<string, string> }).sessionStorage }),
      );
      expect(stored).not.toContain(ORD_1001_TRACKING_NUMBER);
      expect(stored).not.toContain('Alex');
      expect(given).toHaveLength(2);
      expect(given[1]).not.toBe(given[0]);
      expect(await demo.app.customers.find(given[1])).toBeUndefined();
      await page.screenshot({ path: `${SHOTS}/${label}-4-after-server-sign-out.png` });

      // Signed in again with a fresh token: the customer's own conversation (their user id, their orders), not the visitor's.
      await page.evaluate(`window.OrderTrackingChat.close()`);
      await signIn(page);
      await launcher(page).click();
      await bubble(chat(page), GREETING_ALEX).waitFor();
      await send(chat(page), 'my orders');
      await bubble(chat(page), PICK_ORDER).waitFor();
      expect(await chat(page).locator('body').innerText()).not.toContain(SIGN_IN_LINE);
      expect(given).toHaveLength(3);
      expect(given[2]).toBe(given[0]);
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/${label}-5-signed-in-again.png` });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
}

browserTest('a customer token the bot refuses: one short line in the panel, never a blank one', async () => {
  const page = await demo.browser.newPage({ ...PHONE, locale: 'de-DE' });
  const given = tokensGiven(page);
  await page.goto(`${demo.shop.url}/de/`);
  await launcher(page).waitFor();
  await page.evaluate(`window.OrderTrackingChat.signIn('eyJhbGciOiJub25lIn0.eyJzdWIiOiJtYWxsb3J5In0.')`);
  await launcher(page).click();
  await chat(page)
    .getByText(
      'Wir konnten Ihre Anmeldung nicht bestätigen. Bitte laden Sie die Seite neu oder melden Sie sich erneut an.',
    )
    .waitFor();
  expect(given).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/390-refused.png` });
  await page.close();
});
