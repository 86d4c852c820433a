/**
 * The state storage fails: Azure Blob storage (Azurite) goes away in the middle of a conversation.
 * The customer gets a short apology in their language, never a 500 or silence; /readyz says which check
 * fails; nothing leaks the storage key; and once the storage is back, the conversation goes on from
 * where it was saved.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStorage } from '../../src/bot/storage';
import { configFor, startApp, type RunningApp } from '../support/app';
import { startAzurite, type Azurite } from '../support/azurite';
import { summarize, TestChannel } from '../support/channel';
import { useSimulators } from '../support/upstreams';

jest.setTimeout(60_000);
const upstreams = useSimulators();
const location = mkdtempSync(join(tmpdir(), 'azurite-'));
let azurite: Azurite;
let app: RunningApp;

beforeAll(async () => {
  azurite = await startAzurite({ location });
  const config = configFor(upstreams, {
    LOG_LEVEL: 'info',
    STORAGE: 'blob',
    AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
    STORAGE_KEY_SECRET: 'storage-key-SECRET-for-tests-000000001',
  });
  app = await startApp(config, { storage: createStorage(config.storage) });
});
afterAll(async () => {
  await app.close();
  await azurite.stop();
  rmSync(location, { recursive: true, force: true });
});

const accountKey = () => /AccountKey=([^;]+)/.exec(azurite.connectionString)![1];

test("storage gone mid-conversation: an apology in the customer's language, unready, no key in any output; back: the conversation goes on", async () => {
  const customer = new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'de-DE' });
  expect(summarize((await customer.say('Hallo')).replies)).toEqual(['Hallo! Was möchten Sie verfolgen?']);

  await azurite.stop();
  const failed = await customer.say('Bestellnummer');
  expect(failed.status).toBe(200);
  expect(summarize(failed.replies)).toEqual([
    'Entschuldigung, bei mir ist etwas schiefgegangen. Bitte schicken Sie das noch einmal.',
  ]);
  const ready = await fetch(`${app.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual({ status: 'unready', failing: ['state storage'] });
  expect(app.logs.some((line) => line.includes('"turn failed"'))).toBe(true);

  azurite = await startAzurite({ port: azurite.port, queuePort: azurite.queuePort, location });
  expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
  // The failed turn changed nothing that was saved: the customer is still asked what to track.
  expect(summarize((await customer.say('Bestellnummer')).replies)).toEqual(['Bitte geben Sie Ihre Bestellnummer ein.']);

  const everything = [...app.logs, JSON.stringify(failed.replies)].join('\n');
  expect(everything).not.toContain(accountKey());
});
