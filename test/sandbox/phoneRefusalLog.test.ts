/**
 * The sandbox's WhatsApp phone page refusing a request (a number that is no number, a message both typed and
 * pressed): the page gets its 400, and the log holds nothing the customer typed, neither the number nor the words.
 */
import { attachSandbox } from '../../sandbox/attach';
import { startSandbox, type Sandbox } from '../../sandbox/upstreams';
import { loadConfig } from '../../src/config';
import { silentLogger } from '../../src/runtime/logger';
import { startApp, type RunningApp } from '../support/app';

jest.setTimeout(30_000);
let sandbox: Sandbox;
let running: RunningApp;

beforeAll(async () => {
  // Warnings and above: where a request dumped by a library would land.
  sandbox = await startSandbox(loadConfig({ LOG_LEVEL: 'warn' }));
  running = await startApp(sandbox.config);
  attachSandbox(running.app.server, { botUrl: running.url, logger: silentLogger, phone: sandbox.phone });
});
afterAll(async () => {
  await running.close();
  await sandbox.close();
});

test('a thread asked for a number that is none: 400 naming the field, and the log quotes none of what was asked', async () => {
  const response = await fetch(
    `${running.url}/sandbox/whatsapp/thread?number=${encodeURIComponent('+44 77009 x0123')}`,
  );
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ argument: 'number' });
  expect(running.logs.join('')).not.toMatch(/77009|x0123/);
});

test('a message both typed and pressed: 400, and the log quotes neither the number nor the words', async () => {
  const answer = await running.post('/sandbox/whatsapp/messages', {
    number: '+44 7700 900123',
    text: 'my parcel ORD-1001 for Jane Doe',
    reply: { type: 'button_reply', id: 'choice-1', title: 'Track another' },
  });
  expect(answer.status).toBe(400);
  expect(running.logs.join('')).not.toMatch(/7700 900123|447700900123|ORD-1001|Jane Doe/);
});
