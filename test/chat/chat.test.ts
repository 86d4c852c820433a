/**
 * `npm run chat` end to end: piped lines in, what the channel's customer sees out. Against the sandbox
 * it starts in this process, and against a running bot (--url). Every server it starts is stopped.
 */
import { PassThrough, Readable } from 'node:stream';
import { runChat } from '../../chat/main';
import { DEMO } from '../../sandbox/simulators';
import { configFor, startApp } from '../support/app';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
jest.setTimeout(30_000);

async function chat(lines: string[], options: { channel: string; locale: string; url?: string }): Promise<string> {
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk) => (printed += String(chunk)));
  await runChat({ input: Readable.from(lines.map((line) => `${line}\n`)), output, ...options });
  return printed;
}

test('against the sandbox, as a Teams customer in German: the welcome, the kinds as buttons, a card, and a button pressed', async () => {
  const printed = await chat(['Hallo', '1', 'ORD-1001', '/click 1'], { channel: 'msteams', locale: 'de-DE' });
  expect(printed).toContain('bot › Hallo! Ich sage Ihnen, wo Ihre Bestellung ist.');
  expect(printed).toContain('bot › Hallo! Was möchten Sie verfolgen?');
  expect(printed).toContain('│ [1 Bestellnummer] [2 Sendungsnummer] [3 Auftrags-ID] [4 Shop-Bestellnummer]');
  expect(printed).toContain('bot › Hier ist die Sendung zu ORD-1001:');
  // The sandbox runs the product's defaults (ORDER_DETAILS=masked) and nobody is signed in on Teams: the status
  // leads the card, with no carrier, number or places, and the card says how to see them.
  expect(printed).toMatch(/┌ card\n\s+│ Zugestellt\n/);
  expect(printed).not.toMatch(/DHL|00340434161094048139|Berlin/);
  expect(printed).toContain('│ Melden Sie sich auf unserer Website an, um den Versanddienst, die Sendungsnummer und den Weg Ihres Pakets zu sehen.');
  // The answer's choices below the card, on a card of their own, one button a row.
  expect(printed).toMatch(/└\n\s+┌ card\n\s+│ \[1 Weitere verfolgen\]\n\s+│ \[2 Das war's, danke\]\n\s+└/);
  expect(printed.trimEnd().split('\n').slice(-4)[0]).toBe('bot › Was möchten Sie verfolgen?');
  expect(printed).not.toContain('!!');
});

test('against the sandbox, as an SMS customer: plain text, a numbered list, and what each message costs', async () => {
  const printed = await chat([DEMO.trackings.trackingNumbers.inTransit], { channel: 'sms', locale: 'en-US' });
  expect(printed).not.toContain('┌');
  expect(printed).toContain('https://www.ups.com/');
  expect(printed).toMatch(/1\. Notify me\n\s+2\. Track another\n\s+3\. That's all, thanks/);
  expect(printed).toMatch(/\(\d+ characters, \d+ SMS segments?, (GSM-7|UCS-2)\)/);
});

test('against a running bot by its URL', async () => {
  const app = await startApp(configFor(upstreams));
  try {
    const printed = await chat([DEMO.trackings.trackingNumbers.inTransit, '/quit', 'never sent'], { channel: 'webchat', locale: 'en-US', url: `${app.url}/api/messages` });
    expect(printed).toContain(`with ${app.url}/api/messages`);
    expect(printed).toContain(`bot › Here is the shipment for ${DEMO.trackings.trackingNumbers.inTransit}:`);
    expect(printed).toContain('│ UPS');
    expect(printed).toContain('[1 Notify me] [2 Track another] [3 That\'s all, thanks]');
    expect(printed).not.toContain('never sent');
  } finally {
    await app.close();
  }
});

test('a bot with inbound auth on is named as the reason, in one line', async () => {
  const app = await startApp(configFor(upstreams, { MicrosoftAppType: 'MultiTenant', MicrosoftAppId: '00000000-0000-0000-0000-000000000001', MicrosoftAppPassword: 'x' }));
  try {
    const printed = await chat(['hi'], { channel: 'webchat', locale: 'en-US', url: `${app.url}/api/messages` });
    expect(printed).toContain('!! the bot answered 401: its inbound auth is on');
  } finally {
    await app.close();
  }
});
