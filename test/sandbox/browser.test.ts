/**
 * The sandbox as a person uses it: the page in headless Chromium, the chat widget embedded inline as a
 * store embeds it (its frame, its token from the token endpoint, Direct Line on the local channel), a demo
 * order typed, the status card rendered, then German in the same conversation; a person asked for, with
 * the agent hub the page plays (read from the hub, not the chat), in English on a desktop and in French
 * and Dutch on a phone.
 * Screenshots go to test-output/screenshots. Needs Debian's chromium: .ci/run installs it; on a
 * developer machine without it this test says so loudly and is skipped. In CI it is required.
 */
import type { Page } from 'playwright-core';
import { DEMO } from '../../sandbox/simulators';
import { chatIn, SCREENSHOTS, settled, useSandboxBrowser } from '../support/sandboxBrowser';
import { browserTest as inBrowser } from '../support/chromium';

const browserTest = inBrowser();

jest.setTimeout(90_000);
// As the sandbox runs it: the local channel plays the Bot Framework agent hub.
const sandbox = useSandboxBrowser({ LOG_LEVEL: 'warn', HANDOFF: 'botframework' });

const sendBox = (page: Page) => chatIn(page).locator('[data-id="webchat-sendbox-input"]');
/** A suggested action under the last message (Web Chat repeats them in a hidden live region too). */
const suggested = (page: Page, title: string) =>
  chatIn(page).locator('.webchat__suggested-actions__button', {
    hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  });
/** The newest chat bubble with this text (Web Chat repeats text in hidden live regions too). */
const bubble = (page: Page, text: string | RegExp) =>
  chatIn(page).locator('.webchat__bubble').filter({ hasText: text }).last();
const cards = (page: Page) => chatIn(page).locator('.ac-adaptiveCard');

async function type(page: Page, text: string): Promise<void> {
  await sendBox(page).fill(text);
  await sendBox(page).press('Enter');
}

browserTest('a new user tracks a demo order in English, then in German', async () => {
  const page = await sandbox.browser.newPage({
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => errors.push(`${request.url()} ${request.failure()?.errorText}`));

  await page.goto(`${sandbox.app.url}/`);
  await bubble(page, 'Hi! I can tell you where your order is.').waitFor();

  // Typed, as a customer would.
  await type(page, `where is ${DEMO.trackings.trackingNumbers.inTransit}?`);
  const card = cards(page).last();
  await card.waitFor();
  await expect(card.innerText()).resolves.toMatch(/UPS[\s\S]*In transit/);
  // What to do next, as buttons on the same answer.
  await suggested(page, 'Track another').waitFor();
  await page.screenshot({ path: `${SCREENSHOTS}/01-status-card-en.png` });

  // Show the older updates: Adaptive Cards' toggle works in the real renderer, and then offers to hide them.
  const hidden = (await card.innerText()).length;
  await card.getByRole('button', { name: /^Show earlier \(\d+\)$/ }).click();
  await card.getByRole('button', { name: 'Hide earlier' }).waitFor();
  await expect(card.getByRole('button', { name: /^Show earlier/ }).isVisible()).resolves.toBe(false);
  expect((await card.innerText()).length).toBeGreaterThan(hidden);
  await page.screenshot({ path: `${SCREENSHOTS}/02-earlier-updates-en.png` });
  await card.getByRole('button', { name: 'Hide earlier' }).click();
  await card.getByRole('button', { name: /^Show earlier \(\d+\)$/ }).waitFor();

  // German: the same conversation, greeted in the chosen language; the page's language follows.
  await page.selectOption('#language', 'de-DE');
  await expect(page.evaluate('document.documentElement.lang')).resolves.toBe('de');
  await bubble(page, 'Hallo! Ich sage Ihnen, wo Ihre Bestellung ist.').waitFor();
  await type(page, 'Hallo');
  await bubble(page, 'Hallo! Was möchten Sie verfolgen?').waitFor();

  // A demo from the side panel, sent as data the way a support widget's button sends it.
  await page.getByRole('button', { name: new RegExp(DEMO.checkpoints.delivered) }).click();
  const germanCard = cards(page).last();
  await germanCard.getByText('Zugestellt').first().waitFor();
  await expect(germanCard.innerText()).resolves.toMatch(/DHL[\s\S]*Zugestellt[\s\S]*Sendung verfolgen/);
  await suggested(page, 'Weitere verfolgen').waitFor();
  await page.screenshot({ path: `${SCREENSHOTS}/03-status-card-de.png` });

  expect(errors).toEqual([]);
  await page.close();
});

browserTest(
  'each visitor is one customer for the lookup limits: three misses pause them, with the reason, the time and the ways forward, after a language switch and a reload too (answered in the new language), not another visitor',
  async () => {
    const guesser = await sandbox.browser.newPage({
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await guesser.goto(`${sandbox.app.url}/`);
    await bubble(guesser, 'Hi! I can tell you where your order is.').waitFor();
    for (let i = 1; i <= 2; i++) {
      await type(guesser, DEMO.trackings.trackingNumbers.unknown);
      // Web Chat shows the apostrophe as a typographic one.
      await chatIn(guesser)
        .locator('.webchat__bubble')
        .filter({ hasText: /^I couldn.t find anything for / })
        .nth(i - 1)
        .waitFor();
    }
    await type(guesser, DEMO.trackings.trackingNumbers.unknown);
    await bubble(
      guesser,
      /Several numbers in a row weren.t found, so I.ve paused lookups\. Please try again in 5 minutes\./,
    ).waitFor();
    await suggested(guesser, 'Talk to a person').waitFor();
    await settled(guesser);
    await guesser.screenshot({ path: `${SCREENSHOTS}/04-cool-down-en-390.png` });
    // A language switch keeps the conversation and the customer: still paused, said in German.
    await guesser.setViewportSize({ width: 1280, height: 900 });
    await guesser.selectOption('#language', 'de-DE');
    await bubble(guesser, 'Hallo! Ich sage Ihnen, wo Ihre Bestellung ist.').waitFor();
    await type(guesser, DEMO.trackings.trackingNumbers.inTransit);
    const paused =
      'Mehrere Nummern hintereinander wurden nicht gefunden, deshalb habe ich die Suche pausiert. Bitte versuchen Sie es in 5 Minuten noch einmal.';
    await bubble(guesser, paused).waitFor();
    await suggested(guesser, 'Mit einem Menschen sprechen').waitFor();
    await guesser.screenshot({ path: `${SCREENSHOTS}/04-cool-down-de.png` });
    // A reload too: the same conversation (nothing greets again), German still, still paused.
    await guesser.reload();
    await bubble(guesser, paused).waitFor();
    await type(guesser, DEMO.trackings.trackingNumbers.inTransit);
    await chatIn(guesser).locator('.webchat__bubble').filter({ hasText: paused }).nth(1).waitFor();
    await expect(
      chatIn(guesser).locator('.webchat__bubble').filter({ hasText: 'Hallo! Ich sage Ihnen' }).count(),
    ).resolves.toBe(1);

    const other = await sandbox.browser.newPage({ locale: 'en-US' });
    await other.goto(`${sandbox.app.url}/`);
    await bubble(other, 'Hi! I can tell you where your order is.').waitFor();
    await type(other, DEMO.trackings.trackingNumbers.inTransit);
    await cards(other).last().waitFor();
    await guesser.close();
    await other.close();
  },
);

/** A phone's page in this language, greeted; with the page errors it meets. */
async function onPhone(locale: string, greeting: RegExp): Promise<{ page: Page; errors: string[] }> {
  const page = await sandbox.browser.newPage({
    viewport: { width: 390, height: 844 },
    locale,
    isMobile: true,
    hasTouch: true,
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${sandbox.app.url}/`);
  await bubble(page, greeting).waitFor();
  return { page, errors };
}

/** A person asked for, then the whole handoff as the agent plays it in the hub panel; screenshots at each step. */
async function handoff(
  page: Page,
  words: { ask: string; asking: RegExp; accepted: RegExp; customer: string; agent: string; back: RegExp },
  shots: string,
): Promise<void> {
  const hub = page.locator('#hub');
  await type(page, words.ask);
  await bubble(page, words.asking).waitFor();
  // The hub has the case and waits for an agent: Accept or nobody free, not "done" yet.
  await hub.locator('#hub-status', { hasText: /^Waiting for an agent/ }).waitFor();
  const buttons = async () => (await hub.locator('.actions button:visible').allInnerTexts()).join(' | ');
  await expect(buttons()).resolves.toBe('Accept | No agent is free');
  await settled(page);
  await page.screenshot({ path: `${shots}-1-asked.png`, fullPage: true });

  await hub.getByRole('button', { name: 'Accept' }).click();
  await bubble(page, words.accepted).waitFor();
  await hub.locator('#hub-status', { hasText: /^Accepted: you have the conversation/ }).waitFor();
  // Accepted: no more "No agent is free".
  await expect(buttons()).resolves.toBe('The agent is done');
  await settled(page);
  await page.screenshot({ path: `${shots}-2-accepted.png`, fullPage: true });

  // The customer writes: it reaches the agent's panel, and the bot says nothing to it.
  const botBubbles = await chatIn(page).locator('.webchat__bubble:not(.webchat__bubble--from-user)').count();
  await type(page, words.customer);
  await hub.locator('#hub-chat li', { hasText: `Customer: ${words.customer}` }).waitFor();
  await settled(page);
  await page.screenshot({ path: `${shots}-3-customer-writes.png`, fullPage: true });
  // The agent answers from the panel; the customer reads it in the chat, with the agent's name.
  await hub.locator('#hub-text').fill(words.agent);
  await hub.locator('#hub-text').press('Enter');
  await bubble(page, `Sam: ${words.agent}`).waitFor();
  await hub.locator('#hub-chat li', { hasText: `You (Sam): ${words.agent}` }).waitFor();
  await expect(chatIn(page).locator('.webchat__bubble:not(.webchat__bubble--from-user)').count()).resolves.toBe(
    botBubbles + 1,
  );
  await settled(page);
  await page.screenshot({ path: `${shots}-4-agent-replies.png`, fullPage: true });

  await hub.getByRole('button', { name: 'The agent is done' }).click();
  await bubble(page, words.back).waitFor();
  await hub.locator('#hub-status', { hasText: /^Completed/ }).waitFor();
  await settled(page);
  await page.screenshot({ path: `${shots}-5-done.png`, fullPage: true });
}

browserTest(
  '"talk to a person": the hub panel gets the case, the agent accepts, talks with the customer (not the bot), and is done',
  async () => {
    const page = await sandbox.browser.newPage({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      timezoneId: 'Europe/Berlin',
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${sandbox.app.url}/`);
    await bubble(page, 'Hi! I can tell you where your order is.').waitFor();
    await page.getByRole('button', { name: new RegExp(DEMO.checkpoints.inTransitMultiShipment) }).click();
    await cards(page).first().waitFor();
    await type(page, DEMO.trackings.trackingNumbers.lost);
    await cards(page).nth(1).waitFor();
    const hub = page.locator('#hub');
    await handoff(
      page,
      {
        ask: 'I want to talk to a human',
        asking: /^I.m asking a colleague to take over/,
        accepted: /^A colleague has your case now/,
        customer: 'Is my parcel really lost?',
        agent: 'Hi, I am checking with Royal Mail now.',
        back: /^My colleague has finished with your case, and I.m back to help/,
      },
      `${SCREENSHOTS}/05-handoff-en`,
    );
    await expect(hub.locator('#hub-case').innerText()).resolves.toMatch(
      new RegExp(
        `order_number ${DEMO.checkpoints.inTransitMultiShipment}[\\s\\S]*UPS 1ZV8R4236804512972: In transit \\(in_transit\\)`,
      ),
    );
    // The case's problem, in words.
    await expect(hub.locator('#hub-case').innerText()).resolves.toMatch(
      new RegExp(
        `Royal Mail ${DEMO.trackings.trackingNumbers.lost}: Lost in transit \\(lost\\) · problem: lost in transit`,
      ),
    );
    await expect(hub.locator('#hub-transcript').innerText()).resolves.toMatch(
      /Customer: ORD-1002\s+Bot: I found 3 shipments[\s\S]*Customer: I want to talk to a human$/,
    );
    // The bot has the conversation again.
    await type(page, DEMO.trackings.trackingNumbers.inTransit);
    await bubble(page, `Here is the shipment for ${DEMO.trackings.trackingNumbers.inTransit}:`).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  },
);

browserTest('on a phone, in Dutch: the same handoff, the agent answering from the panel below the chat', async () => {
  const { page, errors } = await onPhone('nl-NL', /^Hallo/);
  await type(page, DEMO.trackings.trackingNumbers.inTransit);
  await cards(page).first().waitFor();
  await handoff(
    page,
    {
      ask: 'ik wil een medewerker spreken',
      asking: /^Ik vraag een collega/,
      accepted: /^Een collega heeft je vraag/,
      customer: 'Wanneer komt mijn pakket?',
      agent: 'Ik bel nu met UPS.',
      back: /^Mijn collega is klaar met je vraag/,
    },
    `${SCREENSHOTS}/11-handoff-nl-390`,
  );
  // A parcel with no problem has none in the case.
  await expect(page.locator('#hub-case').innerText()).resolves.toMatch(
    new RegExp(`UPS ${DEMO.trackings.trackingNumbers.inTransit}: Onderweg \\(in_transit\\) · last event: `),
  );
  expect(errors).toEqual([]);
  await page.close();
});

browserTest(
  'on a phone, in French: the note at the top leads to the hub; no agent free gives the help page and the case',
  async () => {
    const { page, errors } = await onPhone('fr-FR', /^Bonjour/);
    await type(page, DEMO.trackings.trackingNumbers.lost);
    await cards(page).first().waitFor();
    await type(page, 'je voudrais parler à quelqu’un');
    await bubble(page, /^Je demande à un membre de l.équipe/).waitFor();
    await page.locator('#hub-note').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/07-handoff-fr-390.png` });
    await page.locator('#hub-note').click();
    await page.screenshot({ path: `${SCREENSHOTS}/08-handoff-hub-fr-390.png` });

    await page.locator('#hub').getByRole('button', { name: 'No agent is free' }).click();
    await bubble(page, /^Désolé, personne de l.équipe n.est disponible/).waitFor();
    await page.locator('#webchat').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/09-handoff-failed-fr-390.png` });
    await bubble(page, /^Désolé/).screenshot({ path: `${SCREENSHOTS}/10-handoff-failed-answer-fr-390.png` });
    await expect(bubble(page, /^Désolé/).innerText()).resolves.toMatch(
      new RegExp(`Numéro de suivi ${DEMO.trackings.trackingNumbers.lost} :\\s+Royal Mail : Perdu pendant le transport`),
    );
    expect(errors).toEqual([]);
    await page.close();
  },
);

browserTest('the page and its bundle load from this server only, with no CDN', async () => {
  const page = await sandbox.browser.newPage();
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).origin));
  await page.goto(`${sandbox.app.url}/`);
  await sendBox(page).waitFor();
  expect([...hosts].filter((origin) => origin !== 'null')).toEqual([new URL(sandbox.app.url).origin]);
  await page.close();
});
