/**
 * Debian's Chromium for browser tests, driven by playwright-core (never a downloaded browser). On a
 * developer machine without it a browser test says so loudly and is skipped; in CI it is required.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);
if (!chromiumAvailable && process.env.CI)
  throw new Error(`${CHROMIUM} is missing: CI must install Debian's chromium (.ci/run does)`);

/** `test`, or `test.skip` with a loud note when there is no browser. */
export function browserTest(): jest.It {
  if (!chromiumAvailable)
    console.warn(
      `\n*** SKIPPED: browser tests need Debian's chromium at ${CHROMIUM} (apt-get install -y chromium) ***\n`,
    );
  return chromiumAvailable ? test : test.skip;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
