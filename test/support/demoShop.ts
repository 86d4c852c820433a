/**
 * The demo shop and the bot, as sandbox mode runs them, in Chromium, for a test file: the bot on loopback
 * with the token endpoint on the local channel's Direct Line, the demo shop on another origin (another name
 * and port) pasting the widget's tag, and one browser; started before the file's tests, stopped after.
 * With `signIn`, the bot takes the sandbox's demo customer tokens and the shop signs its demo customer in.
 * Also what the tests do with the widget: its launcher, its chat, a message, waiting for Web Chat to settle.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { attachSandbox } from '../../sandbox/attach';
import { startDemoShop, type DemoShop } from '../../sandbox/shop/server';
import { sandboxCustomerTokens, sandboxWebchat } from '../../sandbox/upstreams';
import { createApp, type App } from '../../src/app';
import { silentLogger } from '../../src/runtime/logger';
import { configFor } from './app';
import { chromiumAvailable, launchChromium } from './chromium';
import { chatIn, freePorts, stopApp } from './sandboxBrowser';
import { useSimulators } from './upstreams';

export { settled } from './sandboxBrowser';

export interface ShopAndBot {
  app: App;
  shop: DemoShop;
  browser: Browser;
  /** The bot's own origin, http://127.0.0.1:{port} */
  botUrl: string;
}

export function useDemoShop(screenshots: string, options: { signIn?: boolean } = {}): ShopAndBot {
  const upstreams = useSimulators();
  const started = {} as ShopAndBot;
  beforeAll(async () => {
    if (!chromiumAvailable) return;
    const [botPort, shopPort] = await freePorts(2);
    // As sandbox mode runs it: the token endpoint on the local channel's Direct Line, the demo shop's origin allowed.
    // With sign-in, what a lookup shows follows the product's default (masked): the customer's own orders in full, anyone else's not.
    const config = configFor(upstreams, {
      LOG_LEVEL: 'warn',
      ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
      PORT: String(botPort),
      ...(options.signIn && { ORDER_DETAILS: 'masked' }),
    });
    const customerTokens = options.signIn ? sandboxCustomerTokens(config) : undefined;
    started.app = createApp({ ...config, webchat: sandboxWebchat(config, shopPort), customerTokens }, silentLogger);
    await new Promise<void>((resolve) => {
      started.app.server.listen(botPort, '127.0.0.1', resolve);
    });
    started.botUrl = `http://127.0.0.1:${botPort}`;
    attachSandbox(started.app.server, { botUrl: started.botUrl, logger: silentLogger, widget: started.app.widget });
    // Another origin than the bot's: another name (localhost, another site) and another port.
    started.shop = await startDemoShop({
      botUrl: started.botUrl,
      port: shopPort,
      customerTokens: customerTokens?.algorithm === 'HS256' ? customerTokens : undefined,
    });
    started.browser = await launchChromium();
    mkdirSync(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.shop?.close();
    await stopApp(started.app);
  });
  return started;
}

/** The widget's shadow root, by what the page's script sees. */
interface WidgetState {
  open: boolean;
  focus: string | null;
  launcher: string | null;
}

export async function widgetState(page: Page): Promise<WidgetState> {
  return page.evaluate<WidgetState>(`(() => {
    const host = document.querySelector('[data-order-tracking-chat]');
    const root = host && host.shadowRoot;
    const panel = root && root.querySelector('[role="dialog"]');
    const active = document.activeElement === host && root ? root.activeElement : null;
    return { open: !!panel && !panel.hidden && panel.getAttribute('data-open') === 'true', focus: active ? active.getAttribute('data-part') : null, launcher: root ? root.querySelector('button[data-part="launcher"]').getAttribute('aria-label') : null };
  })()`);
}

export const launcher = (page: Page) => page.locator('button[data-part="launcher"]');
/** The widget's chat: its frame, of the bot's origin. */
export const chat = chatIn;
export const bubble = (frame: FrameLocator, text: string | RegExp) =>
  frame.locator('.webchat__bubble').filter({ hasText: text }).last();

export async function send(frame: FrameLocator, text: string): Promise<void> {
  const box = frame.locator('[data-id="webchat-sendbox-input"]');
  await box.fill(text);
  await box.press('Enter');
}

/** Asks again until the answer is the one expected (or 10 s pass), then asserts it. */
export async function poll<T>(ask: () => Promise<T>, expected: T): Promise<void> {
  const until = Date.now() + 10_000;
  let answer = await ask();
  while (JSON.stringify(answer) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await ask();
  }
  expect(answer).toEqual(expected);
}
