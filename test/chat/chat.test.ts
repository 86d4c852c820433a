/**
 * `npm run chat` end to end: piped lines in, what the channel's customer sees out. Against the sandbox
 * it starts in this process, and against a running bot (--url). Every server it starts is stopped.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  // leads the card, with no carrier, number or places, and the card says where to see them: the chat on the shop's website.
  expect(printed).toMatch(/┌ card\n\s+│ Zugestellt\n/);
  expect(printed).not.toMatch(/DHL|00340434161094048139|Berlin/);
  expect(printed).toContain('│ Im Chat unserer Website sehen Sie angemeldet Versanddienst, Sendungsnummer und Weg.');
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
    const printed = await chat([DEMO.trackings.trackingNumbers.inTransit, '/quit', 'never sent'], {
      channel: 'webchat',
      locale: 'en-US',
      url: `${app.url}/api/messages`,
    });
    expect(printed).toContain(`with ${app.url}/api/messages`);
    expect(printed).toContain(`bot › Here is the shipment for ${DEMO.trackings.trackingNumbers.inTransit}:`);
    expect(printed).toContain('│ UPS');
    expect(printed).toContain("[1 Notify me] [2 Track another] [3 That's all, thanks]");
    expect(printed).not.toContain('never sent');
  } finally {
    await app.close();
  }
});

test('a bot with inbound auth on is named as the reason, in one line', async () => {
  const app = await startApp(
    configFor(upstreams, {
      MicrosoftAppType: 'MultiTenant',
      MicrosoftAppId: '00000000-0000-0000-0000-000000000001',
      MicrosoftAppPassword: 'x',
    }),
  );
  try {
    const printed = await chat(['hi'], { channel: 'webchat', locale: 'en-US', url: `${app.url}/api/messages` });
    expect(printed).toContain('!! the bot answered 401: its inbound auth is on');
  } finally {
    await app.close();
  }
});

/** A stand-in bot that records who each activity is from, and answers nothing. */
async function recordingBot(): Promise<{ url: string; senders: string[]; close(): Promise<void> }> {
  const senders: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      senders.push((JSON.parse(body) as { from: { id: string } }).from.id);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"activities":[]}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/messages`,
    senders,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('each run is a customer of its own, so the limits of one run do not carry over to the next; within a run, one customer', async () => {
  const bot = await recordingBot();
  try {
    await chat(['hi', 'ORD-1001'], { channel: 'webchat', locale: 'en-US', url: bot.url });
    const first = [...bot.senders];
    bot.senders.length = 0;
    await chat(['hi'], { channel: 'webchat', locale: 'en-US', url: bot.url });
    expect(new Set(first).size).toBe(1);
    expect(new Set(bot.senders).size).toBe(1);
    expect(bot.senders[0]).not.toBe(first[0]);
  } finally {
    await bot.close();
  }
});

test('against the sandbox, the help page a problem links is served while the chat runs', async () => {
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  const linked = new Promise<string>((resolve) =>
    output.on('data', (chunk) => {
      printed += String(chunk);
      const link = /https?:\/\/[^\s)\]]+\/sandbox\/help[^\s)\]]*/.exec(printed);
      if (link) resolve(link[0]);
    }),
  );
  const running = runChat({ input, output, channel: 'webchat', locale: 'en-US' });
  input.write(`${DEMO.trackings.trackingNumbers.lost}\n`);
  const link = await linked;
  const page = await fetch(link);
  input.end('/quit\n');
  await running;
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('help page');
});

describe('as a WhatsApp customer (--channel whatsapp), through the real webhook and WhatsApp rendering', () => {
  test('in English from a +44 number: the answer as text, the follow-ups as [ buttons ], and a button pressed', async () => {
    const printed = await chat(['where is ORD-1001?', '/click 1'], { channel: 'whatsapp', locale: 'en' });
    expect(printed).toContain('as a WhatsApp customer from +44 7700 900123');
    expect(printed).toContain('bot › Here is the shipment for ORD-1001:');
    expect(printed).toMatch(/\[1 Track another\] \[2 That's all, thanks\]/);
    // The press goes back as Meta's button_reply and is answered as the words on it.
    expect(printed).toContain("(sends Meta's button_reply: Track another)");
    expect(printed).toContain('bot › What would you like to track?');
    expect(printed).not.toContain('!!');
  });

  test("in Dutch from a +31 number, whose country's language the bot guesses before any words tell it", async () => {
    const printed = await chat(['ORD-1001'], { channel: 'whatsapp', locale: 'nl' });
    expect(printed).toContain('from +31 6 12345678');
    expect(printed).toContain('bot › Hier is de zending voor ORD-1001:');
    expect(printed).toMatch(/\[1 Nog een volgen\] \[2 Dat was het, bedankt\]/);
  });

  test('against a running bot (--url): refused, with why', async () => {
    const printed = await chat(['hi'], { channel: 'whatsapp', locale: 'en', url: 'http://127.0.0.1:9/api/messages' });
    expect(printed).toMatch(/^!! --channel whatsapp runs against the sandbox in this process/m);
  });
});

test('the terminal shows the chat and nothing else: what a library prints on the way (the MCP SDK warns at every start) does not reach it', () => {
  const run = spawnSync(process.execPath, ['dist/chat/main.js', '--channel', 'sms', '--locale', 'en'], {
    input: '/quit\n',
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.stderr).toBe('');
  expect(run.stdout).toMatch(/^Chatting as a sms customer in en with the sandbox/);
});
