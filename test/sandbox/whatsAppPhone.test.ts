/**
 * The sandbox's WhatsApp phone page, at the wire: what the page sends reaches the bot's real webhook as Meta
 * sends it (signed server-side with the demo app secret), and what the page reads of a number's thread is what
 * the bot sent that number (the Graph API stand-in's record), between the customer's own messages, with the
 * read ticks. The page in the browser has its own test (whatsAppPhoneBrowser.test.ts).
 */
import { attachSandbox, sandboxBanner } from '../../sandbox/attach';
import { SANDBOX_WHATSAPP, startSandbox, type Sandbox } from '../../sandbox/upstreams';
import { GraphApi } from '../../src/channels/whatsapp/graphApi';
import { createApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { silentLogger } from '../../src/runtime/logger';
import { stopApp } from '../support/sandboxBrowser';

jest.setTimeout(30_000);
const UK = '447700900123';
const NL = '31612345678';
let sandbox: Sandbox;
let app: App;
let url: string;

beforeAll(async () => {
  sandbox = await startSandbox(loadConfig({ LOG_LEVEL: 'silent' }));
  app = createApp(sandbox.config, silentLogger);
  await new Promise<void>((resolve) => {
    app.server.listen(0, '127.0.0.1', resolve);
  });
  url = `http://127.0.0.1:${app.server.address().port}`;
  attachSandbox(app.server, { botUrl: url, logger: silentLogger, phone: sandbox.phone });
});
afterAll(async () => {
  await stopApp(app);
  await sandbox.close();
});

type Entry =
  | { from: 'customer'; id: string; text: string; read: boolean }
  | { from: 'business'; id: string; message: SentMessage };
/** A message the bot sent, in Meta's shapes as the thread keeps it: text, template or interactive with reply buttons. */
interface SentMessage {
  type: string;
  text?: { body: string };
  template?: { name: string };
  interactive?: {
    body: { text: string };
    action: { buttons?: Array<{ type: string; reply: { id: string; title: string } }> };
  };
}
const send = (body: unknown) =>
  fetch(`${url}/sandbox/whatsapp/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
async function thread(number: string): Promise<{ entries: Entry[]; typing: boolean }> {
  const response = await fetch(`${url}/sandbox/whatsapp/thread?number=${encodeURIComponent(number)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { entries: Entry[]; typing: boolean };
}
/** What each entry shows, in order: "you: …" and "bot: …" (an interactive message's body, with its buttons). */
const shown = (entries: Entry[]) =>
  entries.map((entry) => {
    if (entry.from === 'customer') return `you: ${entry.text}`;
    const { type, text, interactive, template } = entry.message;
    if (type === 'text') return `bot: ${text!.body}`;
    if (type === 'template') return `bot template: ${template!.name}`;
    return `bot: ${interactive!.body.text} ${(interactive!.action.buttons ?? []).map((button) => `[${button.reply.title}]`).join(' ')}`.trim();
  });

test('words typed on a +44 number reach the real webhook, signed, and the thread shows them read, then the answer with its reply buttons', async () => {
  const response = await send({ number: '+44 7700 900123', text: 'where is ORD-1001' });
  expect(response.status).toBe(200);
  await app.idle();
  const { entries, typing } = await thread(UK);
  expect(shown(entries)[0]).toBe('you: where is ORD-1001');
  expect(entries[0]).toMatchObject({ from: 'customer', read: true });
  expect(shown(entries).slice(1).join('\n')).toMatch(/ORD-1001[\s\S]*delivered/i);
  expect(shown(entries).at(-1)).toMatch(/\[Track another\] \[That's all, thanks\]$/);
  expect(typing).toBe(false);
  // Another number's thread is its own.
  expect((await thread(NL)).entries).toEqual([]);
});

test("a reply button pressed goes as Meta's button_reply: the customer's bubble shows its title, and the bot answers it", async () => {
  const before = (await thread(UK)).entries;
  const buttons = before.at(-1) as Extract<Entry, { from: 'business' }>;
  const pressed = buttons.message.interactive!.action.buttons![1].reply;
  expect((await send({ number: UK, reply: { type: 'button_reply', ...pressed }, context: buttons.id })).status).toBe(
    200,
  );
  await app.idle();
  const after = shown((await thread(UK)).entries).slice(before.length);
  expect(after[0]).toBe("you: That's all, thanks");
  expect(after.length).toBeGreaterThan(1);
});

test('a message the bot sends with no customer message before it (a Notify me update, a template) is in the thread too', async () => {
  const graph = new GraphApi(sandbox.config.whatsapp!);
  const template = {
    type: 'template',
    template: {
      name: 'order_update',
      language: { code: 'nl' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'ORD-1014' },
            { type: 'text', text: 'Onderweg' },
          ],
        },
      ],
    },
  };
  await graph.send(NL, template as never);
  expect(shown((await thread('+31 6 12345678')).entries)).toEqual(['bot template: order_update']);
});

test.each([
  ['a number that is no number', { number: 'call me', text: 'hi' }, 'number'],
  ['an empty message', { number: UK, text: '  ' }, 'text'],
  ['neither words nor a reply', { number: UK }, 'text'],
  ['a reply of another kind', { number: UK, reply: { type: 'nfm_reply', id: 'x', title: 'x' } }, 'reply.type'],
])('%s: 400 naming the field, and nothing reaches the bot', async (_what, body, argument) => {
  const sent = sandbox.phone!.graph.sent.length;
  const response = await send(body);
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ code: 'invalid_argument', argument });
  await app.idle();
  expect(sandbox.phone!.graph.sent.length).toBe(sent);
});

test("the page and its script carry no secret: the signing is the sandbox's, server-side", async () => {
  for (const path of ['/sandbox/whatsapp', '/sandbox/whatsapp/phone.js']) {
    const response = await fetch(`${url}${path}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.length).toBeGreaterThan(100);
    expect(text).not.toContain(SANDBOX_WHATSAPP.appSecret);
    expect(text).not.toContain(sandbox.config.whatsapp!.accessToken);
  }
});

test("the sandbox's start page links the phone page", async () => {
  const page = await (await fetch(`${url}/`)).text();
  expect(page).toMatch(/<a [^>]*href="\/sandbox\/whatsapp"/);
});

test('the start line says where the phone page is', () => {
  expect(sandboxBanner('http://localhost:3978/', {}, sandbox.demo)).toContain(
    "  WhatsApp:            http://localhost:3978/sandbox/whatsapp: chat as a WhatsApp customer from a demo number (Meta's side is a stand-in)",
  );
});

test("with WhatsApp settings of the operator's own there is no stand-in, so no phone page, and the start line offers none", async () => {
  const own = await startSandbox(
    loadConfig({
      LOG_LEVEL: 'silent',
      WHATSAPP_PHONE_NUMBER_ID: '1',
      WHATSAPP_ACCESS_TOKEN: 't',
      WHATSAPP_APP_SECRET: 's',
      WHATSAPP_VERIFY_TOKEN: 'v',
    }),
  );
  try {
    expect(own.phone).toBeUndefined();
    expect(sandboxBanner('http://localhost:3978/', {}, own.demo)).not.toContain('sandbox/whatsapp');
  } finally {
    await own.close();
  }
});
