/**
 * The sandbox page in Chromium for a test file: the app on loopback with the sandbox attached, wired to
 * this file's simulators, and one browser; started before the file's tests, stopped after. Without
 * Chromium nothing starts (the browser tests are skipped, see chromium.ts).
 */
import { mkdirSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Writable } from 'node:stream';
import type { Browser, Frame, FrameLocator, Page } from 'playwright-core';
import { attachSandbox } from '../../sandbox/attach';
import { startDemoShop, type DemoShop } from '../../sandbox/shop/server';
import {
  sandboxTelemetry,
  sandboxWebchat,
  startSandbox,
  type Sandbox,
  type SandboxOptions,
} from '../../sandbox/upstreams';
import { createApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/log';
import { silentLogger } from '../../src/runtime/logger';
import { configFor, startApp, type RunningApp } from './app';
import { chromiumAvailable, launchChromium } from './chromium';
import { useSimulators } from './upstreams';

export const SCREENSHOTS = 'test-output/screenshots';
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const DESKTOP = { viewport: { width: 1280, height: 900 } };

export interface SandboxBrowser {
  app: RunningApp;
  browser: Browser;
}

/** Ports free right now (the bot's, the shop's): each must know the other's origin, and the token endpoint its own, before it starts. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve) => {
          const server = createServer();
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * The app wired to this file's simulators with the sandbox attached, as sandbox mode runs the page: the
 * token endpoint on the local channel's Direct Line (sandboxWebchat), so the page's widget takes the
 * production path. `channelClock`: the time of the local channel's tokens, for a test that moves it.
 */
export function useSandboxBrowser(env: NodeJS.ProcessEnv, channelClock?: { now(): number }): SandboxBrowser {
  const upstreams = useSimulators();
  const sandbox = {} as SandboxBrowser;
  beforeAll(async () => {
    if (!chromiumAvailable) return;
    const [port] = await freePorts(1);
    const config = configFor(upstreams, { ...env, PORT: String(port) });
    sandbox.app = await startApp(
      { ...config, webchat: sandboxWebchat(config), telemetry: sandboxTelemetry(config) },
      { port },
    );
    attachSandbox(sandbox.app.app.server, {
      botUrl: sandbox.app.url,
      logger: silentLogger,
      widget: sandbox.app.app.widget,
      clock: channelClock,
      insights: { collect: sandbox.app.app.telemetry.collect },
    });
    sandbox.browser = await launchChromium();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await sandbox.browser?.close();
    await sandbox.app?.close();
  });
  return sandbox;
}

export interface SandboxService {
  sandbox: Sandbox;
  app: App;
  url: string;
  browser: Browser;
  /** The demo shop on the next free port, when asked for. */
  shop?: DemoShop;
  /** Every log line so far, as raw JSON text. */
  logs: string[];
}

/**
 * The sandbox as `npm start` runs it (src/index.ts): startSandbox's simulators and demo settings, the
 * real clock, the local channel and the page, and the watch scheduler started; `env` as the operator's
 * environment, `options` for the simulators' clock; with `shop`, the demo shop too. Started before the
 * file's tests, stopped after.
 */
export function useSandboxService(
  env: NodeJS.ProcessEnv,
  options: Omit<SandboxOptions, 'shopPort'> & { shop?: boolean } = {},
): SandboxService {
  const service = { logs: [] as string[] } as SandboxService;
  beforeAll(async () => {
    if (!chromiumAvailable) return;
    const [port, shopPort] = await freePorts(2);
    service.sandbox = await startSandbox(loadConfig({ ...env, PORT: String(port) }), {
      ...options,
      shopPort: options.shop ? shopPort : undefined,
    });
    const config = service.sandbox.config;
    const sink = new Writable({
      write(chunk, _encoding, done) {
        service.logs.push(String(chunk));
        done();
      },
    });
    service.app = createApp(config, createLogger(config.logLevel, sink));
    await new Promise<void>((resolve) => {
      service.app.server.listen(port, '127.0.0.1', resolve);
    });
    service.url = `http://127.0.0.1:${port}`;
    attachSandbox(service.app.server, {
      botUrl: service.url,
      logger: silentLogger,
      widget: service.app.widget,
      insights: { collect: service.app.telemetry.collect },
      phone: service.sandbox.phone,
    });
    if (options.shop) service.shop = await startDemoShop({ botUrl: service.url, port: shopPort });
    service.app.updates.scheduler.start();
    service.browser = await launchChromium();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await service.browser?.close();
    await service.shop?.close();
    await stopApp(service.app);
    await service.sandbox?.close();
  });
  return service;
}

/** What `settled` reads in the chat's frame (the tests compile without the DOM's types). */
interface FrameElement {
  scrollTop: number;
  scrollHeight: number;
  closest(selector: string): FrameElement | null;
  getBoundingClientRect(): { bottom: number };
}
interface InFrame {
  document: {
    querySelector(selector: string): FrameElement | null;
    querySelectorAll(selector: string): ArrayLike<FrameElement | undefined>;
  };
  /** Each call's rest count, under its own key. */
  [key: string]: unknown;
}

/** The chat on a page that embeds the widget: its frame, of the bot's origin (inline in #webchat on the sandbox page). */
export const chatIn = (page: Page): FrameLocator => page.frameLocator('iframe[data-part="frame"]');

/**
 * Waits until Web Chat has followed the transcript down to its newest message, or has come to rest at the
 * start of an answer longer than the panel (it stops there, so the customer reads it from its start), so a
 * screenshot shows what the customer sees.
 */
export async function settled(page: Page): Promise<void> {
  const frame = page.frames().find((f: Frame) => f.url().includes('/webchat/frame'));
  if (!frame) return;
  // Functions, not strings: the frame's policy allows no eval. The rest count is this call's own (`call`).
  const call = `settled-${Math.random()}`;
  const followed = (key: string) => {
    const page = globalThis as unknown as InFrame;
    const bubbles = page.document.querySelectorAll('.webchat__bubble');
    const last = bubbles[bubbles.length - 1];
    const scroller = last && last.closest('.webchat__basic-transcript__scrollable');
    if (!scroller || last.getBoundingClientRect().bottom <= scroller.getBoundingClientRect().bottom + 1) return true;
    const rest = (page[key] ??= { top: -1, polls: 0 }) as { top: number; polls: number };
    rest.polls = rest.top === scroller.scrollTop ? rest.polls + 1 : 0;
    rest.top = scroller.scrollTop;
    return rest.polls >= 5;
  };
  try {
    await frame.waitForFunction(followed, call, { timeout: 10_000, polling: 100 });
  } catch {
    // On a loaded machine Web Chat may not have followed yet: scroll down as the customer would, for the screenshot's sake.
    // What the test checks of the chat it checks by its own waits, not by this one.
    await frame.evaluate(() => {
      const scroller = (globalThis as unknown as InFrame).document.querySelector(
        '.webchat__basic-transcript__scrollable',
      );
      if (scroller) scroller.scrollTop = scroller.scrollHeight;
    });
  }
}

/** Stops what a test started of the app: the watch scheduler, then the server and every connection it holds. */
export async function stopApp(app: App | undefined): Promise<void> {
  if (!app) return;
  await app.updates.scheduler.stop();
  await new Promise<void>((resolve) => {
    app.server.close(() => resolve());
    app.server.server.closeAllConnections();
  });
}
