/**
 * "Notify me" in the sandbox as a person sees it: the sandbox as `npm start` runs it (its simulators, the
 * local channel, the Web Chat page, the watch scheduler on the real clock) in headless Chromium. The
 * customer looks up the moving parcel ORD-1014, presses "Notify me" and reads the one-line confirmation;
 * the parcel then moves, and without typing anything the customer sees one update arrive (its line, its
 * status card, "Stop updates"); pressing that stops the updates, and the next move brings nothing.
 * English and French, on a desktop and on a phone (390 px). Screenshots go to test-output/screenshots/notify/.
 *
 * The parcel steps once a minute as in the service, on a clock this test moves; the bot's schedule runs
 * in real time, scaled down: watches checked every second (NOTIFY_INTERVAL_MS=1000) and a lookup's answer
 * reused for a second (LOOKUP_CACHE_TTL_MS=1000; the service's 60 s would hold the step back for a minute).
 */
import type { Locator, Page } from 'playwright-core';
import { DEMO, MOVING_STEP_MS } from '../../sandbox/simulators';
import { browserTest } from '../support/chromium';
import { chatIn, DESKTOP, PHONE, SCREENSHOTS, useSandboxService } from '../support/sandboxBrowser';

const check = browserTest();
jest.setTimeout(90_000);

const MOVING = DEMO.checkpoints.moving;
const INTERVAL_MS = 1_000;
/** The parcel's clock: ten minutes behind the real one, so every step it reveals is dated in the past. */
const PARCEL_START = Date.now() - 10 * MOVING_STEP_MS;
let parcelTime = PARCEL_START;
const service = useSandboxService(
  { LOG_LEVEL: 'info', NOTIFY_INTERVAL_MS: String(INTERVAL_MS), LOOKUP_CACHE_TTL_MS: '1000' },
  { now: () => parcelTime },
);

/** What the customer sees, per language: each line of the bot as how it starts (to find it) and all of it. */
const WORDS = {
  en: {
    notify: 'Notify me',
    stop: 'Stop updates',
    confirmed: {
      starts: 'I’ll message you here when',
      whole: new RegExp(`^I’ll message you here when ${MOVING} moves, until \\w{3} \\d+, \\d{4}\\.$`),
    },
    update: { starts: `News on ${MOVING}: `, whole: new RegExp(`^News on ${MOVING}: Dispatched\\.$`) },
    // The sandbox runs the product's defaults: a visitor's update on an order is masked (ORDER_DETAILS).
    card: /^Dispatched\s[\s\S]*\sSign in on our website to see the carrier, the tracking number and where your parcel has been\.$/,
    stopped: { starts: 'Done: no more updates', whole: new RegExp(`^Done: no more updates about ${MOVING}\\.$`) },
  },
  fr: {
    notify: 'Me prévenir',
    stop: 'Arrêter les alertes',
    confirmed: {
      starts: 'Je vous écris ici quand',
      whole: new RegExp(`^Je vous écris ici quand ${MOVING} bouge, jusqu’au \\d+ \\S+ \\d{4}\\.$`),
    },
    update: { starts: `Du nouveau pour ${MOVING} : `, whole: new RegExp(`^Du nouveau pour ${MOVING} : Expédié\\.$`) },
    card: /^Expédié\s[\s\S]*\sConnectez-vous sur notre site pour voir le transporteur, le numéro de suivi et le trajet de votre colis\.$/,
    stopped: {
      starts: 'C’est fait : plus d’alertes',
      whole: new RegExp(`^C’est fait : plus d’alertes pour ${MOVING}\\.$`),
    },
  },
};
type Line = { starts: string; whole: RegExp };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The bot's chat bubbles with this text (Web Chat repeats text in hidden live regions too). */
const botBubbles = (page: Page, text: string) =>
  chatIn(page).locator('.webchat__bubble:not(.webchat__bubble--from-user)').filter({ hasText: text });
/** Waits for the bot's line, then checks all of it as shown (Web Chat shows apostrophes as typographic ones). */
async function botSays(page: Page, line: Line, timeout?: number): Promise<void> {
  const bubble = botBubbles(page, line.starts).last();
  await bubble.waitFor({ timeout });
  await expect(bubble.innerText()).resolves.toMatch(line.whole);
}
/** An element of the chat's frame, as inView's function uses it there (the tests compile without the DOM's types). */
interface Boxed {
  getBoundingClientRect(): { top: number; bottom: number };
  closest(selector: string): Boxed | null;
}
/** Waits until all of the element is inside the transcript's visible part: the customer sees it without scrolling. */
async function inView(locator: Locator, timeout = 5_000): Promise<void> {
  const element = await locator.elementHandle();
  // In the chat's frame, as a function (its policy allows no eval).
  await (await element.ownerFrame())!.waitForFunction(
    (node: Boxed) => {
      const scroller = node.closest('.webchat__basic-transcript__scrollable')!.getBoundingClientRect();
      const box = node.getBoundingClientRect();
      return box.top >= scroller.top - 1 && box.bottom <= scroller.bottom + 1;
    },
    element,
    { timeout, polling: 100 },
  );
}
/** A suggested action under the last message. */
const suggested = (page: Page, title: string) =>
  chatIn(page).locator('.webchat__suggested-actions__button', { hasText: new RegExp(`^${escape(title)}$`) });
const sent = () => service.logs.filter((line) => line.includes('"watch update sent"')).length;
/** Nothing may arrive: two more checks come and go. */
const twoChecks = (page: Page) => page.waitForTimeout(2.5 * INTERVAL_MS);

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('on a %s', (size, device) => {
  check.each(['en', 'fr'] as const)('%s: Notify me, the update arrives by itself, Stop updates', async (lang) => {
    const words = WORDS[lang];
    const shots = `${SCREENSHOTS}/notify/${size}-${lang}`;
    parcelTime = PARCEL_START; // label created: the round's first step
    const page = await service.browser.newPage({
      ...device,
      locale: lang === 'en' ? 'en-US' : 'fr-FR',
      timezoneId: 'Europe/Paris',
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('requestfailed', (request) => errors.push(`${request.url()} ${request.failure()?.errorText}`));
    await page.goto(`${service.url}/`);
    const sendBox = chatIn(page).locator('[data-id="webchat-sendbox-input"]');
    await sendBox.waitFor();
    await sendBox.fill(MOVING);
    await sendBox.press('Enter');
    await chatIn(page).locator('.ac-adaptiveCard').first().waitFor();

    await suggested(page, words.notify).click();
    await botSays(page, words.confirmed);
    await inView(botBubbles(page, words.confirmed.starts).last());
    await page.screenshot({ path: `${shots}-1-confirmed.png` });
    const before = sent();

    // The parcel is dispatched; the customer types nothing.
    parcelTime += MOVING_STEP_MS;
    await botSays(page, words.update, 10_000);
    const update = botBubbles(page, words.update.starts);
    // Its status card, after the line, and its button.
    await chatIn(page).locator('.ac-adaptiveCard').nth(1).waitFor();
    await expect(chatIn(page).locator('.ac-adaptiveCard').count()).resolves.toBe(2);
    await expect(chatIn(page).locator('.ac-adaptiveCard').last().innerText()).resolves.toMatch(words.card);
    await suggested(page, words.stop).waitFor();
    // Web Chat follows the transcript down to it: its line and its card are in sight.
    await inView(update.last());
    await inView(chatIn(page).locator('.ac-adaptiveCard').last());
    await page.screenshot({ path: `${shots}-2-update.png` });
    await chatIn(page)
      .locator('.webchat__stacked-layout')
      .filter({ hasText: words.update.starts })
      .last()
      .screenshot({ path: `${shots}-2-update-message.png` });

    // Once: no second message for the same step.
    await twoChecks(page);
    expect({ bubbles: await update.count(), sent: sent() - before }).toEqual({ bubbles: 1, sent: 1 });

    await suggested(page, words.stop).click();
    await botSays(page, words.stopped);
    await inView(botBubbles(page, words.stopped.starts).last());
    await page.screenshot({ path: `${shots}-3-stopped.png` });
    // Stopped: the next step brings nothing.
    parcelTime += MOVING_STEP_MS;
    await twoChecks(page);
    expect({ bubbles: await update.count(), sent: sent() - before }).toEqual({ bubbles: 1, sent: 1 });

    expect(errors).toEqual([]);
    await page.close();
  });
});
