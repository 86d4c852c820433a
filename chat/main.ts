/**
 * `npm run chat`: talk to the bot in a terminal and see what one channel's customer sees, in one
 * language. Against the sandbox in this process (simulators with demo orders), or a running bot (--url).
 *
 *   npm run chat -- --channel msteams --locale de
 *   printf 'hi\n1\nORD-1001\n' | npm run chat -- --channel sms --locale fr
 *   npm run chat -- --url http://localhost:3978/api/messages
 */
import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { registerHelpPage } from '../sandbox/page/routes';
import { startSandbox } from '../sandbox/upstreams';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { silentLogger } from '../src/runtime/logger';
import { ChatRefused, ChatSession } from './session';
import { viewActivity, type Button } from './view';

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

const HELP = `Usage: npm run chat -- [--channel webchat|directline|msteams|sms|telegram|…] [--locale en|de|fr|es|it|nl|de-CH…]
                       [--timezone Europe/Berlin] [--url http://host:port/api/messages] [--handoff botframework|omnichannel|none]

Talks to the bot as one channel's customer and prints what that customer sees: texts, buttons, cards as
readable text; for text channels the exact text and its length (for sms, its SMS segments). Lines with !!
mark what no customer should see. Without --url the sandbox runs in this process (demo orders such as
ORD-1001, 1Z7X3F940344156200), its help page served while the chat runs; --url talks to a running bot
whose inbound auth is off (npm start). Each run is a new customer (a user id of its own), so the bot's
per-customer limits start afresh.
--handoff sets the sandbox's HANDOFF, what "talk to a person" does (botframework unless given).
Type a message, "/click N" to press button N, "/quit" to leave.`;

/** Runs one conversation until the input ends or /quit; resolves when everything it started has stopped. */
export async function runChat(options: ChatOptions): Promise<void> {
  const write = (line: string) => options.output.write(`${line}\n`);
  const bot = options.url ? { endpoint: options.url, close: async () => undefined } : await sandboxBot(options.handoff);
  try {
    const session = new ChatSession({ endpoint: bot.endpoint, channel: options.channel, locale: options.locale, timeZone: options.timeZone });
    write(`Chatting as a ${options.channel} customer in ${options.locale}${options.url ? ` with ${options.url}` : ' with the sandbox (demo orders: ORD-1001, ORD-1002, 1Z7X3F940344156200, AB12CD34EF56)'}. /click N presses a button, /quit leaves.`);
    let buttons: Button[] = [];
    const show = (activities: Array<Record<string, any>>) => {
      buttons = [];
      for (const activity of activities) {
        const view = viewActivity(activity, options.channel);
        view.lines.forEach((line, i) => write(`${i === 0 ? 'bot › ' : '      '}${line}`));
        buttons.push(...view.buttons);
      }
    };
    show(await session.join());

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
        else show('text' in pressed.sends ? await session.say(pressed.sends.text) : await session.submit(pressed.sends.value));
      } else if (line) show(await session.say(line));
      prompt();
    }
  } catch (error) {
    if (!(error instanceof ChatRefused)) throw error;
    write(`!! ${error.message}`);
  } finally {
    await bot.close();
  }
}

/** The sandbox's simulators and the bot, on loopback ports of this process. */
async function sandboxBot(handoff?: string): Promise<{ endpoint: string; close(): Promise<void> }> {
  // The sandbox links its help page on its own port: the bot listens there, and serves that page.
  const port = await freePort();
  const sandbox = await startSandbox(loadConfig({ LOG_LEVEL: 'silent', HANDOFF: handoff, PORT: String(port) }));
  const app = createApp(sandbox.config, silentLogger);
  registerHelpPage(app.server);
  await new Promise<void>((resolve) => app.server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${port}/api/messages`,
    close: async () => {
      await new Promise<void>((resolve) => {
        app.server.close(() => resolve());
        app.server.server.closeAllConnections();
      });
      await sandbox.close();
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
  runChat({ input: process.stdin, output: process.stdout, channel: args.channel ?? 'webchat', locale: args.locale ?? 'en-US', timeZone: args.timeZone, url: args.url, handoff: args.handoff, interactive: process.stdin.isTTY })
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      process.stderr.write(`chat failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
