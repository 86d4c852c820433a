/**
 * The sandbox page runs a store's production path (issue #24): its chat is the widget's frame, whose
 * token comes from POST /api/webchat/token for a dl_ user the server chose (seen on the local channel's
 * wire), kept across a reload, refreshed at Direct Line before it expires while the conversation goes on
 * (the browser's clock and the local channel's moved, not waited for), and a token that cannot be had
 * is one short line, never a blank chat. Screenshots go to test-output/screenshots/sandbox-page/.
 */
import { mkdirSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { SANDBOX_DIRECTLINE_SECRET } from '../../sandbox/channel/directLineGrants';
import { DEMO } from '../../sandbox/simulators';
import { browserTest as inBrowser } from '../support/chromium';
import { chatIn, DESKTOP, SCREENSHOTS, useSandboxBrowser } from '../support/sandboxBrowser';
import type { ActivityPage, WireActivity } from './directLineWire';

const browserTest = inBrowser();
jest.setTimeout(120_000);

const MINUTE = 60_000;
/** The local channel's time: the wall clock, moved ahead by the test together with the browser's. */
let channelAhead = 0;
const sandbox = useSandboxBrowser(
  { LOG_LEVEL: 'warn', ORDER_NUMBER_PATTERN: 'ORD-\\d{4}' },
  { now: () => Date.now() + channelAhead },
);
const SHOTS = `${SCREENSHOTS}/sandbox-page`;
beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

const GREETING = 'Hi! I can tell you where your order is.';
const bubbles = (page: Page, text: string | RegExp) =>
  chatIn(page).locator('.webchat__bubble').filter({ hasText: text });
const cards = (page: Page) => chatIn(page).locator('.ac-adaptiveCard');

async function type(page: Page, text: string): Promise<void> {
  const box = chatIn(page).locator('[data-id="webchat-sendbox-input"]');
  await box.fill(text);
  await box.press('Enter');
}

/** What the token endpoint gave the page: its conversation, user and token. */
async function tokenFrom(request: Request): Promise<{ conversationId: string; userId: string; token: string }> {
  return (await (await request.response())!.json()) as { conversationId: string; userId: string; token: string };
}

/** The conversation as the local channel keeps it (read with its secret, as a tool on this machine may). */
async function onTheWire(conversationId: string): Promise<WireActivity[]> {
  const response = await fetch(
    `${sandbox.app.url}/sandbox/directline/conversations/${conversationId}/activities?watermark=0`,
    { headers: { Authorization: `Bearer ${SANDBOX_DIRECTLINE_SECRET}` } },
  );
  return ((await response.json()) as ActivityPage).activities;
}

/** Every request of the page and its frame, by path, with the bearer it carried. */
function recorded(page: Page): Array<{ path: string; method: string; bearer?: string; request: Request }> {
  const seen: Array<{ path: string; method: string; bearer?: string; request: Request }> = [];
  page.on('request', (request) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers().authorization ?? '')?.[1];
    seen.push({ path: new URL(request.url()).pathname, method: request.method(), bearer, request });
  });
  return seen;
}

browserTest(
  'the chat gets its token from POST /api/webchat/token, for a dl_ user the server chose; a reload keeps the conversation',
  async () => {
    const page = await sandbox.browser.newPage({ ...DESKTOP, locale: 'en-US' });
    const requests = recorded(page);
    await page.goto(`${sandbox.app.url}/`);
    await bubbles(page, GREETING).last().waitFor();
    await type(page, DEMO.checkpoints.inTransitMultiShipment);
    await cards(page).first().waitFor();

    const asked = requests.filter((r) => r.path === '/api/webchat/token');
    expect(asked.map((r) => r.method)).toEqual(['POST']);
    const granted = await tokenFrom(asked[0].request);
    expect(granted.userId).toMatch(/^dl_/);
    // On the wire: the customer's messages are the token's user, and nothing of the page carried the channel's secret.
    const said = (await onTheWire(granted.conversationId)).filter((a) => a.from.role === 'user');
    expect(said.map((a) => [a.type, a.from.id])).toEqual([
      ['event', granted.userId],
      ['message', granted.userId],
    ]);
    expect(requests.filter((r) => r.bearer === SANDBOX_DIRECTLINE_SECRET)).toEqual([]);
    expect(requests.some((r) => r.path.startsWith('/sandbox/directline/') && r.bearer === granted.token)).toBe(true);

    // A reload: the same conversation (reconnected, not asked for again), the answer still there, no second greeting.
    await page.reload();
    await cards(page).first().waitFor();
    await type(page, DEMO.trackings.trackingNumbers.inTransit);
    await bubbles(page, `Here is the shipment for ${DEMO.trackings.trackingNumbers.inTransit}:`).last().waitFor();
    expect(requests.filter((r) => r.path === '/api/webchat/token')).toHaveLength(1);
    await expect(bubbles(page, GREETING).count()).resolves.toBe(1);
    const after = (await onTheWire(granted.conversationId)).filter(
      (a) => a.type === 'message' && a.from.role === 'user',
    );
    expect(after.map((a) => [a.text, a.from.id])).toEqual([
      [DEMO.checkpoints.inTransitMultiShipment, granted.userId],
      [DEMO.trackings.trackingNumbers.inTransit, granted.userId],
    ]);
    await page.screenshot({ path: `${SHOTS}/reloaded-en.png` });
    await page.close();
  },
);

/** The sandbox page greeted, the browser's timers and Date on a clock the test moves (it runs on by itself in between), and its first token. */
async function greetedOnAClock() {
  channelAhead = 0;
  const page = await sandbox.browser.newPage({ ...DESKTOP, locale: 'en-US' });
  await page.clock.install();
  const requests = recorded(page);
  await page.goto(`${sandbox.app.url}/`);
  await bubbles(page, GREETING).last().waitFor();
  const first = await tokenFrom(requests.find((r) => r.path === '/api/webchat/token')!.request);
  return { page, requests, first };
}

browserTest(
  'the token is refreshed at Direct Line before it expires, and the conversation goes on past the first token’s 30 minutes',
  async () => {
    const { page, requests, first } = await greetedOnAClock();

    // 16 minutes on, in the browser and on the channel: Web Chat's client refreshes (every 15 minutes).
    const refreshed = page.waitForResponse(
      (response) => response.url().endsWith('/sandbox/directline/tokens/refresh') && response.status() === 200,
    );
    channelAhead += 16 * MINUTE;
    await page.clock.fastForward(16 * MINUTE);
    await refreshed;
    // 32 minutes after the first token: it is dead on the channel, and the chat goes on with its successor.
    channelAhead += 16 * MINUTE;
    await page.clock.fastForward(16 * MINUTE);
    const dead = await fetch(
      `${sandbox.app.url}/sandbox/directline/conversations/${first.conversationId}/activities?watermark=0`,
      { headers: { Authorization: `Bearer ${first.token}` } },
    );
    expect(dead.status).toBe(403);
    await type(page, DEMO.trackings.trackingNumbers.inTransit);
    await bubbles(page, `Here is the shipment for ${DEMO.trackings.trackingNumbers.inTransit}:`).last().waitFor();
    await cards(page).first().waitFor();
    // The same conversation and customer, under a token the page never got from the token endpoint.
    expect(requests.filter((r) => r.path === '/api/webchat/token')).toHaveLength(1);
    const posted = requests.filter(
      (r) => r.method === 'POST' && r.path === `/sandbox/directline/conversations/${first.conversationId}/activities`,
    );
    expect(posted.at(-1)!.bearer).not.toBe(first.token);
    const said = (await onTheWire(first.conversationId)).filter((a) => a.type === 'message' && a.from.role === 'user');
    expect(said.map((a) => [a.text, a.from.id])).toEqual([[DEMO.trackings.trackingNumbers.inTransit, first.userId]]);
    await page.screenshot({ path: `${SHOTS}/after-refresh-en.png` });
    await page.close();
  },
);

browserTest(
  'a visitor’s conversation is renewed for two hours, not forever: past it the widget stops refreshing its token and starts a new conversation',
  async () => {
    const { page, requests, first } = await greetedOnAClock();
    await type(page, DEMO.trackings.trackingNumbers.inTransit);
    await cards(page).first().waitFor();

    // An open page, 15 minutes at a time (each step refreshes), up to two hours: the same conversation throughout.
    for (let minutes = 15; minutes <= 105; minutes += 15) {
      const refreshed = page.waitForResponse(
        (response) => response.url().endsWith('/sandbox/directline/tokens/refresh') && response.status() === 200,
      );
      channelAhead += 15 * MINUTE;
      await page.clock.fastForward(15 * MINUTE);
      await refreshed;
    }
    expect(requests.filter((r) => r.path === '/api/webchat/token')).toHaveLength(1);
    // Past the two hours: the old conversation is left, a visitor's new one begins, greeted afresh.
    const again = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/webchat/token');
    channelAhead += 16 * MINUTE;
    await page.clock.fastForward(16 * MINUTE);
    await again;
    await bubbles(page, GREETING).last().waitFor();
    await expect(bubbles(page, GREETING).count()).resolves.toBe(1);
    await expect(cards(page).count()).resolves.toBe(0);
    const second = await tokenFrom(requests.filter((r) => r.path === '/api/webchat/token').at(-1)!.request);
    expect(second.conversationId).not.toBe(first.conversationId);
    // Nothing renews the old conversation's token any more: from here on, no request carries one of its tokens.
    const before = requests.length;
    channelAhead += 31 * MINUTE;
    await page.clock.fastForward(31 * MINUTE);
    const later = requests.slice(before);
    expect(later.filter((r) => r.path.includes(first.conversationId))).toEqual([]);
    expect(later.filter((r) => r.path === '/sandbox/directline/tokens/refresh' && r.bearer === first.token)).toEqual(
      [],
    );
    await page.close();
  },
);

browserTest(
  'a token that cannot be had: one short line in the chat, in the page’s language, never a blank chat',
  async () => {
    const page = await sandbox.browser.newPage({ ...DESKTOP, locale: 'de-DE' });
    await page.route('**/api/webchat/token', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'Retry-After': '30' },
        body: '{"code":"resource_exhausted","message":"too many"}',
      }),
    );
    await page.goto(`${sandbox.app.url}/`);
    const line = chatIn(page).locator('#unavailable');
    await line.waitFor();
    await expect(line.innerText()).resolves.toBe(
      'Der Chat ist gerade nicht verfügbar. Bitte versuchen Sie es später noch einmal.',
    );
    await expect(chatIn(page).locator('#chat').isHidden()).resolves.toBe(true);
    await page.screenshot({ path: `${SHOTS}/token-refused-de.png` });
    await page.close();
  },
);
