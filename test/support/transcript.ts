/**
 * Data-driven conversations: what the user says, what the bot answers. Each transcript runs the
 * real bot (dialogs, lookup, cards) on botbuilder's TestAdapter, against the simulators over loopback.
 */
import { Writable } from 'node:stream';
import { TestAdapter } from 'botbuilder';
import type { Activity } from 'botbuilder';
import { createApp } from '../../src/app';
import type { Config } from '../../src/config';
import type { CustomerDirectory, SignedInCustomer } from '../../src/customers/customer';
import { createLogger } from '../../src/log';
import type { Telemetry } from '../../src/telemetry/metrics';
import { FakeClock } from './fakeClock';
import { ManualClock } from './manualClock';
import { seen } from './seen';

export type Said = string | Partial<Activity>;

/** What one bot activity must be. `choices`: the titles the customer sees, in order, however the channel shows them. */
export type Expected =
  | { text: string | RegExp; choices?: string[] }
  | { typing: true }
  /** A message with cards (and the intro line as its text, when given); each string must appear in the cards' JSON. */
  | { cards: number; showing?: string[]; layout?: 'carousel' | 'list'; intro?: string | RegExp; choices?: string[] }
  /** A plain-text rendering of shipments (channels without cards). */
  | { textShowing: string[]; choices?: string[] };

export type Line = { user: Said } | { bot: Expected | Expected[] };

export const user = (said: Said): Line => ({ user: said });
export const bot = (text: string | RegExp): Line => ({ bot: { text } });
/** A question with its choices. */
export const ask = (text: string | RegExp, ...choices: string[]): Line => ({ bot: { text, choices } });
/** The answer to a lookup: one message with the intro line and the cards. */
export const answer = (intro: string | RegExp, count: number, ...showing: string[]): Line => ({
  bot: { cards: count, showing, intro },
});

export interface TranscriptOptions {
  locale?: string;
  channelId?: string;
  /** The customer's id on the channel (every activity's `from.id`); a `dl_` id kept in `customers` is signed in on Direct Line. */
  userId?: string;
  /** Customers the store signed in, kept before the first line is said (run only). */
  signedIn?: SignedInCustomer[];
  localTimezone?: string;
  /** Checked on every bot activity of `run`: what must hold for all of them (a problem, or undefined). */
  everyReply?: (activity: Partial<Activity>) => string | undefined;
}

export interface Conversation {
  adapter: TestAdapter;
  /** The customers the store signed in: `keep` one, then speak on `webchat` from their `dl_` id. */
  customers: CustomerDirectory;
  /** The bot's clock: retry waits and limits run on it. */
  clock: FakeClock;
  /** The timer of the typing indicator and the reply deadline; it moves only when the test moves it. */
  replyTimer: ManualClock;
  logs: string[];
  /** Where the app's metrics and spans go (off unless the config switches them on): flush it to read an export. */
  telemetry: Telemetry;
  /** Sends one activity and returns every activity the bot sent in reply. */
  say(said: Said): Promise<Partial<Activity>[]>;
}

export function conversation(config: Config, options: TranscriptOptions = {}): Conversation {
  const logs: string[] = [];
  const logger = createLogger(
    'debug',
    new Writable({ write: (chunk, _e, done) => (logs.push(String(chunk)), done()) }),
  );
  const clock = new FakeClock();
  // The reply timer never moves: no typing indicator (500 ms) and no deadline (8 s) unless a test moves it.
  const replyTimer = new ManualClock();
  const app = createApp(config, logger, { clock, replyTimer });
  const adapter = new TestAdapter(
    async (context) => {
      await app.bot.run(context);
    },
    // The test adapter's template overwrites the activity's fields, a locale left undefined too.
    {
      channelId: options.channelId ?? 'test',
      ...(options.locale && { locale: options.locale }),
      ...(options.userId && { from: { id: options.userId, name: 'Customer', role: 'user' } }),
    },
  );
  // The adapter's error handler, so that a failing turn is answered as in production.
  adapter.onTurnError = app.adapter.onTurnError;
  return {
    adapter,
    customers: app.customers,
    clock,
    replyTimer,
    logs,
    telemetry: app.telemetry,
    async say(said) {
      const activity: Partial<Activity> =
        typeof said === 'string'
          ? { type: 'message', text: said, locale: options.locale, localTimezone: options.localTimezone }
          : { type: 'message', locale: options.locale, ...said };
      await adapter.receiveActivity(activity);
      return adapter.activeQueue.splice(0);
    },
  };
}

/** Runs a transcript line by line; a mismatch fails with the whole exchange so far. */
export async function run(config: Config, lines: Line[], options: TranscriptOptions = {}): Promise<Conversation> {
  const talk = conversation(config, options);
  for (const customer of options.signedIn ?? []) await talk.customers.keep(customer);
  const exchange: string[] = [];
  let pending: Partial<Activity>[] = [];
  for (const line of lines) {
    if ('user' in line) {
      if (pending.length)
        throw new Error(
          `unexpected bot activities:\n${pending.map(show).join('\n')}\n\nafter:\n${exchange.join('\n')}`,
        );
      exchange.push(`user: ${typeof line.user === 'string' ? line.user : JSON.stringify(line.user)}`);
      pending = await talk.say(line.user);
      continue;
    }
    for (const expected of Array.isArray(line.bot) ? line.bot : [line.bot]) {
      const activity = pending.shift();
      if (!activity)
        throw new Error(
          `expected ${JSON.stringify(expected)} but the bot said nothing more\n\nexchange:\n${exchange.join('\n')}`,
        );
      exchange.push(`bot: ${show(activity)}`);
      // Teams: a carousel's choices follow it on a card of their own; the answer is the two together.
      const choices = 'cards' in expected && pending[0] && onlyChoices(pending[0]) ? pending.shift()! : undefined;
      if (choices) exchange.push(`bot: ${show(choices)}`);
      const problem =
        options.everyReply?.(activity) ??
        (choices && options.everyReply?.(choices)) ??
        mismatch(activity, expected, choices);
      if (problem) throw new Error(`${problem}\n\nexchange:\n${exchange.join('\n')}`);
    }
  }
  if (pending.length)
    throw new Error(
      `unexpected bot activities at the end:\n${pending.map(show).join('\n')}\n\nexchange:\n${exchange.join('\n')}`,
    );
  return talk;
}

/** A message that holds nothing but Teams' card of choices. */
function onlyChoices(activity: Partial<Activity>): boolean {
  const view = seen(activity);
  return (
    activity.type === 'message' &&
    !view.text &&
    !view.cards.length &&
    !view.other.length &&
    view.style === 'card_buttons'
  );
}

/** `after`: the message of choices that followed the cards (Teams, after a carousel). */
function mismatch(activity: Partial<Activity>, expected: Expected, after?: Partial<Activity>): string | undefined {
  if ('typing' in expected) return activity.type === 'typing' ? undefined : `expected typing, got ${show(activity)}`;
  if (activity.type !== 'message') return `expected a message, got ${show(activity)}`;
  const view = seen(activity);
  if (after) view.choices = seen(after).choices;
  if (expected.choices && JSON.stringify(view.choices) !== JSON.stringify(expected.choices))
    return `expected choices ${JSON.stringify(expected.choices)}, got ${JSON.stringify(view.choices)}`;
  if ('text' in expected) {
    const ok = typeof expected.text === 'string' ? view.text === expected.text : expected.text.test(view.text);
    return ok ? undefined : `expected text ${String(expected.text)}, got ${JSON.stringify(view.text)}`;
  }
  if ('textShowing' in expected) {
    if (activity.attachments?.length) return `expected plain text, got attachments`;
    const missing = expected.textShowing.filter((s) => !(activity.text ?? '').includes(s));
    return missing.length ? `text lacks ${JSON.stringify(missing)}: ${JSON.stringify(activity.text)}` : undefined;
  }
  if (expected.intro !== undefined) {
    const ok = typeof expected.intro === 'string' ? view.text === expected.intro : expected.intro.test(view.text);
    if (!ok) return `expected the intro ${String(expected.intro)}, got ${JSON.stringify(view.text)}`;
  }
  if (view.cards.length !== expected.cards)
    return `expected ${expected.cards} card(s), got ${view.cards.length}: ${show(activity)}`;
  if (expected.layout && activity.attachmentLayout !== expected.layout)
    return `expected layout ${expected.layout}, got ${activity.attachmentLayout}`;
  const json = JSON.stringify(view.cards);
  const missing = (expected.showing ?? []).filter((s) => !json.includes(s));
  return missing.length ? `cards lack ${JSON.stringify(missing)}` : undefined;
}

function show(activity: Partial<Activity>): string {
  if (activity.type === 'typing') return '(typing)';
  const view = seen(activity);
  const choices = view.choices.length ? ` {${view.choices.join(' | ')}}` : '';
  const cards = view.cards.length ? ` [+${view.cards.length} card(s)]` : '';
  return `${JSON.stringify(view.text)}${choices}${cards}`;
}
