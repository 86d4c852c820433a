/**
 * The sandbox page in Chromium for a test file: the app on loopback with the sandbox attached, wired to
 * this file's simulators, and one browser; started before the file's tests, stopped after. Without
 * Chromium nothing starts (the browser tests are skipped, see chromium.ts).
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Browser } from 'playwright-core';
import { attachSandbox } from '../../sandbox/attach';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/upstreams';
import { createApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/log';
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
    attachSandbox(sandbox.app.app.server, { botUrl: sandbox.app.url, logger: silentLogger, widget: sandbox.app.app.widget });
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
  /** Every log line so far, as raw JSON text. */
  logs: string[];
}

/**
 * The sandbox as `npm start` runs it (src/index.ts): startSandbox's simulators and demo settings, the
 * real clock, the local channel and the page, and the watch scheduler started; `env` as the operator's
 * environment, `options` for the simulators' clock. Started before the file's tests, stopped after.
 */
export function useSandboxService(env: NodeJS.ProcessEnv, options: SandboxOptions = {}): SandboxService {
  const service = { logs: [] as string[] } as SandboxService;
  beforeAll(async () => {
    if (!chromiumAvailable) return;
    service.sandbox = await startSandbox(loadConfig(env), options);
    const config = service.sandbox.config;
    const sink = new Writable({
      write(chunk, _encoding, done) {
        service.logs.push(String(chunk));
        done();
      },
    });
    service.app = createApp(config, createLogger(config.logLevel, sink));
    await new Promise<void>((resolve) => service.app.server.listen(0, '127.0.0.1', resolve));
    service.url = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
    attachSandbox(service.app.server, { botUrl: service.url, logger: silentLogger, widget: service.app.widget });
    service.app.updates.scheduler.start();
    service.browser = await launchChromium();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await service.browser?.close();
    await service.app?.updates.scheduler.stop();
    await new Promise<void>((resolve) => {
      if (!service.app) return resolve();
      service.app.server.close(() => resolve());
      service.app.server.server.closeAllConnections();
    });
    await service.sandbox?.close();
  });
  return service;
}
