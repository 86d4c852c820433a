/**
 * `npm run chat`: talk to the bot in a terminal and see what one channel's customer sees, in one
 * language. Against the sandbox in this process (simulators with demo orders), or a running bot (--url).
 *
 *   npm run chat -- --channel msteams --locale de
 *   printf 'hi\n1\nORD-1001\n' | npm run chat -- --channel sms --locale fr
 *   npm run chat -- --url http://localhost:3978/api/messages
 *   npm run chat -- --channel whatsapp --locale nl
 */
import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { registerHelpPage } from '../sandbox/page/routes';
import { startSandbox } from '../sandbox/upstreams';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createLogger, routeConsoleTo } from '../src/log';
import { silentLogger } from '../src/runtime/logger';
import { demoPhoneFor } from '../sandbox/phone/demoNumbers';
import type { PhoneOptions } from '../sandbox/phone/routes';
import { WhatsAppCustomer } from '../sandbox/phone/whatsAppCustomer';
import { ChatRefused, ChatSession } from './session';
import { viewActivity, viewWhatsApp, type Button, type ChatActivity, type View, type WhatsAppMessage } from './view';
import { WhatsAppSession, type WhatsAppTurn } from './whatsAppSession';

const WHATSAPP = 'whatsapp';
const DEMO_ORDERS = 'ORD-1001, ORD-1002, 1Z7X3F940344156200, AB12CD34EF56';

export interface ChatOptions {
  input: Readable;
  output: Writable;
  channel: string;
  locale: string;
  timeZone?: string;
  /** A running bot's messaging endpoint; without it, the sandbox runs in this process. */
  url?: string;
  /** HANDOFF of the sandbox in this process (botframework unless given): what "talk to a person" does. */
  handoff?: string;
  /** Prompts and colours for a person at a terminal; plain lines for a pipe. */
  interactive?: boolean;
}

const HELP = `Usage: npm run chat -- [--channel webchat|directline|msteams|sms|whatsapp|telegram|…] [--locale en|de|fr|es|it|nl|de-CH…]
                       [--timezone Europe/Berlin] [--url http://host:port/api/messages] [--handoff botframework|omnichannel|none]

Talks to the bot as one channel's customer and prints what that customer sees: texts, buttons, cards as
readable text; for text channels the exact text and its length (for sms, its SMS segments). Lines with !!
mark what no customer should see. Without --url the sandbox runs in this process (demo orders such as
ORD-1001, 1Z7X3F940344156200), its help page served while the chat runs; --url talks to a running bot
whose inbound auth is off (npm start). Each run is a new customer (a user id of its own), so the bot's
per-customer limits start afresh.
--handoff sets the sandbox's HANDOFF, what "talk to a person" does (botframework unless given).
--channel whatsapp: a WhatsApp customer from the demo number of --locale's country (+44, +49, +31, +33, +34,
+39): each message goes to the sandbox's webhook signed as Meta signs it, and what the bot sent is read from the
Graph API stand-in: text, reply buttons as [N Title], lists and their rows, link buttons, templates marked.
Type a message, "/click N" to press button N, "/quit" to leave.`;

/** One conversation as the tool holds it: what the customer sees after joining, typing and pressing, as views. */
interface Conversation {
  intro: string;
  join(): Promise<View[]>;
  say(text: string): Promise<View[]>;
  press(button: Button): Promise<View[]>;
  close(): Promise<void>;
}

/** Runs one conversation until the input ends or /quit; resolves when everything it started has stopped. */
export async function runChat(options: ChatOptions): Promise<void> {
  const write = (line: string) => options.output.write(`${line}\n`);
  let conversation: Conversation | undefined;
  try {
    conversation =
      options.channel === WHATSAPP ? await whatsAppConversation(options) : await botFrameworkConversation(options);
    write(conversation.intro);
    let buttons: Button[] = [];
    const show = (views: View[]) => {
      buttons = [];
      for (const view of views) {
        view.lines.forEach((line, i) => write(`${i === 0 ? 'bot › ' : '      '}${line}`));
        buttons.push(...view.buttons);
      }
    };
    show(await conversation.join());

    const lines = createInterface({ input: options.input, terminal: false });
    const prompt = () => options.interactive && options.output.write('you › ');
    prompt();
    for await (const raw of lines) {
      const line = raw.trim();
      if (line === '/quit') break;
      if (!options.interactive) write(`you › ${line}`);
      const click = /^\/click\s+(\d+)$/.exec(line);
      if (click) {
        const pressed = buttons[Number(click[1]) - 1];
        if (!pressed) write(`(there is no button ${click[1]})`);
        else if ('url' in pressed.sends) write(`(opens ${pressed.sends.url})`);
        else {
          // A WhatsApp press goes as Meta's interactive reply: say which, as the customer's phone shows its title.
          if ('reply' in pressed.sends) write(`      (sends Meta's ${pressed.sends.reply.type}: ${pressed.title})`);
          show(await conversation.press(pressed));
        }
      } else if (line) show(await conversation.say(line));
      prompt();
    }
  } catch (error) {
    if (!(error instanceof ChatRefused)) throw error;
    write(`!! ${error.message}`);
  } finally {
    await conversation?.close();
  }
}

/** A Bot Framework channel's customer: activities to /api/messages, of the sandbox here or of a running bot (--url). */
async function botFrameworkConversation(options: ChatOptions): Promise<Conversation> {
  const bot = options.url
    ? { endpoint: options.url, close: () => Promise.resolve() }
    : await sandboxBot(options.handoff);
  const session = new ChatSession({
    endpoint: bot.endpoint,
    channel: options.channel,
    locale: options.locale,
    timeZone: options.timeZone,
  });
  const views = (activities: ChatActivity[]) => activities.map((activity) => viewActivity(activity, options.channel));
  return {
    intro: `Chatting as a ${options.channel} customer in ${options.locale}${options.url ? ` with ${options.url}` : ` with the sandbox (demo orders: ${DEMO_ORDERS})`}. /click N presses a button, /quit leaves.`,
    join: async () => views(await session.join()),
    say: async (text) => views(await session.say(text)),
    press: async ({ sends }) =>
      views(
        'text' in sends ? await session.say(sends.text) : 'value' in sends ? await session.submit(sends.value) : [],
      ),
    close: bot.close,
  };
}

/**
 * A WhatsApp customer from the demo number of --locale's language (WhatsApp sends no locale: the number's country is
 * the bot's first guess): signed webhooks to the sandbox's /api/whatsapp, the answers read from its Graph API stand-in.
 */
async function whatsAppConversation(options: ChatOptions): Promise<Conversation> {
  if (options.url)
    throw new ChatRefused(
      "--channel whatsapp runs against the sandbox in this process: the customer's messages go to its webhook, signed with its demo app secret, and what the bot sends is read from its Graph API stand-in. Leave out --url.",
    );
  const bot = await sandboxBot(options.handoff);
  const phone = demoPhoneFor(options.locale);
  if (!bot.phone) throw new ChatRefused("the sandbox runs no WhatsApp stand-in (WhatsApp's own settings are set)");
  const customer = new WhatsAppCustomer({
    webhook: `${bot.url}/api/whatsapp`,
    appSecret: bot.phone.settings.appSecret,
    phoneNumberId: bot.phone.settings.phoneNumberId,
  });
  const session = new WhatsAppSession({ customer, graph: bot.phone.graph, idle: bot.idle, number: phone.number });
  const views = (turn: WhatsAppTurn): View[] => [
    ...(turn.typing ? [{ lines: ['(typing…)'], buttons: [] }] : []),
    ...turn.messages.map((message) => viewWhatsApp(message.body as WhatsAppMessage, message.id)),
  ];
  return {
    intro: `Chatting as a WhatsApp customer from ${phone.shown} (${phone.country}: the bot's first guess at the language) with the sandbox (demo orders: ${DEMO_ORDERS}). /click N presses a button, /quit leaves.`,
    join: () => Promise.resolve([]),
    say: async (text) => views(await session.say(text)),
    press: async ({ sends }) =>
      'reply' in sends
        ? views(await session.press(sends))
        : 'text' in sends
          ? views(await session.say(sends.text))
          : [],
    close: bot.close,
  };
}

/** The sandbox's simulators and the bot, on loopback ports of this process. */
async function sandboxBot(handoff?: string): Promise<{
  endpoint: string;
  url: string;
  phone?: PhoneOptions;
  idle: () => Promise<void>;
  close: () => Promise<void>;
}> {
  // The sandbox links its help page on its own port: the bot listens there, and serves that page.
  const port = await freePort();
  const sandbox = await startSandbox(loadConfig({ LOG_LEVEL: 'silent', HANDOFF: handoff, PORT: String(port) }));
  // The terminal is the customer's screen: what a library prints meanwhile goes to the (silent) log, not onto it.
  const restoreConsole = routeConsoleTo(createLogger('silent'));
  const app = createApp(sandbox.config, silentLogger);
  registerHelpPage(app.server);
  await new Promise<void>((resolve) => {
    app.server.listen(port, '127.0.0.1', resolve);
  });
  return {
    endpoint: `http://127.0.0.1:${port}/api/messages`,
    url: `http://127.0.0.1:${port}`,
    phone: sandbox.phone,
    idle: () => app.idle(),
    close: async () => {
      await new Promise<void>((resolve) => {
        app.server.close(() => resolve());
        app.server.server.closeAllConnections();
      });
      await sandbox.close();
      restoreConsole();
    },
  };
}

/** A loopback port free right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function parseArgs(argv: string[]): Partial<ChatOptions> & { help?: boolean } {
  const options: Partial<ChatOptions> & { help?: boolean } = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--channel') options.channel = value();
    else if (flag === '--locale') options.locale = value();
    else if (flag === '--timezone') options.timeZone = value();
    else if (flag === '--url') options.url = value();
    else if (flag === '--handoff') options.handoff = value();
    else options.help = true;
  }
  return options;
}

if (require.main === module) {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(`${HELP}\n`);
    process.exit(0);
  }
  runChat({
    input: process.stdin,
    output: process.stdout,
    channel: args.channel ?? 'webchat',
    locale: args.locale ?? 'en-US',
    timeZone: args.timeZone,
    url: args.url,
    handoff: args.handoff,
    interactive: process.stdin.isTTY,
  })
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      process.stderr.write(`chat failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
