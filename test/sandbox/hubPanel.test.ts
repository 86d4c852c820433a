/**
 * The sandbox page's agent panel shows its own conversation's newest case, never another's: a second tab
 * does not show the first tab's waiting case (in the first tab's language), and a second handoff in one
 * conversation shows its own transcript and an empty chat with the agent, not the first case's.
 */
import type { Page } from 'playwright-core';
import { browserTest as inBrowser } from '../support/chromium';
import { chatIn, useSandboxBrowser } from '../support/sandboxBrowser';

const browserTest = inBrowser();
jest.setTimeout(120_000);

const sandbox = useSandboxBrowser({ LOG_LEVEL: 'warn', HANDOFF: 'botframework' });

const sendBox = (page: Page) => chatIn(page).locator('[data-id="webchat-sendbox-input"]');
const bubble = (page: Page, text: string | RegExp) =>
  chatIn(page).locator('.webchat__bubble').filter({ hasText: text }).last();

async function type(page: Page, text: string): Promise<void> {
  await sendBox(page).fill(text);
  await sendBox(page).press('Enter');
}

async function opened(locale: string, greeting: RegExp): Promise<Page> {
  const page = await sandbox.browser.newPage({ viewport: { width: 1280, height: 900 }, locale });
  await page.goto(`${sandbox.app.url}/`);
  await bubble(page, greeting).waitFor();
  return page;
}

/** Until the page has read the hub's queue `times` more times (and had the answers' turn to show them). */
async function looks(page: Page, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const response = await page.waitForResponse((r) => r.url().endsWith('/sandbox/hub/cases'));
    await response.finished();
  }
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        (
          globalThis as unknown as { requestAnimationFrame(callback: (time: number) => void): void }
        ).requestAnimationFrame(resolve),
      ),
  );
}

browserTest("a new tab does not show another tab's waiting case", async () => {
  const first = await opened('fr-FR', /^Bonjour/);
  await type(first, 'je voudrais parler à quelqu’un');
  await first.locator('#hub-status', { hasText: /^Waiting for an agent/ }).waitFor();
  await expect(first.locator('#hub-case').innerText()).resolves.toMatch(/Language: fr/);

  const second = await opened('en-US', /^Hi!/);
  await looks(second, 3);
  await expect(second.locator('#hub').isHidden()).resolves.toBe(true);
  // Its own case, when it asks, in its own language.
  await type(second, 'I want to talk to a human');
  await second.locator('#hub-status', { hasText: /^Waiting for an agent/ }).waitFor();
  await expect(second.locator('#hub-case').innerText()).resolves.toMatch(/Language: en/);
  await expect(second.locator('#hub-transcript').innerText()).resolves.toMatch(/Customer: I want to talk to a human$/);
  // And the first tab keeps its own.
  await looks(first, 2);
  await expect(first.locator('#hub-case').innerText()).resolves.toMatch(/Language: fr/);
  await first.close();
  await second.close();
});

browserTest(
  "a second handoff in one conversation shows its own transcript and a new chat with the agent, not the first case's",
  async () => {
    const page = await opened('en-US', /^Hi!/);
    const hub = page.locator('#hub');
    await type(page, 'I want to talk to a human');
    await hub.locator('#hub-status', { hasText: /^Waiting for an agent/ }).waitFor();
    await hub.getByRole('button', { name: 'Accept' }).click();
    await hub.locator('#hub-status', { hasText: /^Accepted/ }).waitFor();
    await hub.locator('#hub-text').fill('First case, first line.');
    await hub.locator('#hub-text').press('Enter');
    await hub.locator('#hub-chat li', { hasText: 'You (Sam): First case, first line.' }).waitFor();
    await hub.getByRole('button', { name: 'The agent is done' }).click();
    await hub.locator('#hub-status', { hasText: /^Completed/ }).waitFor();
    await bubble(page, /^My colleague has finished with your case/).waitFor();

    await type(page, 'Can I speak to a person again?');
    await hub.locator('#hub-status', { hasText: /^Waiting for an agent/ }).waitFor();
    await looks(page, 2);
    await expect(hub.locator('#hub-transcript').innerText()).resolves.toMatch(
      /Customer: Can I speak to a person again\?$/,
    );
    await expect(hub.locator('#hub-chat li').count()).resolves.toBe(0);
    await page.close();
  },
);
