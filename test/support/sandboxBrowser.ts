/**
 * The sandbox page in Chromium for a test file: the app on loopback with the sandbox attached, wired to
 * this file's simulators, and one browser; started before the file's tests, stopped after. Without
 * Chromium nothing starts (the browser tests are skipped, see chromium.ts).
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { attachSandbox } from '../../sandbox/attach';
import { silentLogger } from '../../src/tracking/logger';
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

export function useSandboxBrowser(env: NodeJS.ProcessEnv): SandboxBrowser {
  const upstreams = useSimulators();
  const sandbox = {} as SandboxBrowser;
  beforeAll(async () => {
    if (!chromiumAvailable) return;
    sandbox.app = await startApp(configFor(upstreams, env));
    attachSandbox(sandbox.app.app.server, { botUrl: sandbox.app.url, logger: silentLogger });
    sandbox.browser = await launchChromium();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await sandbox.browser?.close();
    await sandbox.app?.close();
  });
  return sandbox;
}
