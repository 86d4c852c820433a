/**
 * Data-driven conversations: what the user says, what the bot answers. Each transcript runs the
 * real bot (dialogs, lookup, cards) on botbuilder's TestAdapter, against the simulators over loopback.
 */
import { Writable } from 'node:stream';
import { TestAdapter } from 'botbuilder';
import type { Activity, Attachment } from 'botbuilder';
import { createApp } from '../../src/app';
import type { Config } from '../../src/config';
import { createLogger } from '../../src/log';
import { FakeClock } from './fakeClock';

export type Said = string | Partial<Activity>;

/** What one bot activity must be. */
export type Expected =
  | { text: string | RegExp }
  | { typing: true }
  /** A message with cards (and the intro line as its text, when given); each string must appear in the cards' JSON. */
  | { cards: number; showing?: string[]; layout?: 'carousel' | 'list'; intro?: string | RegExp }
  /** A plain-text rendering of shipments (channels without cards). */
  | { textShowing: string[] };

export type Line = { user: Said } | { bot: Expected | Expected[] };

export const user = (said: Said): Line => ({ user: said });
export const bot = (text: string | RegExp): Line => ({ bot: { text } });
export const typing = (): Line => ({ bot: { typing: true } });
/** The answer to a lookup: one message with the intro line and the cards. */
export const answer = (intro: string | RegExp, count: number, ...showing: string[]): Line => ({ bot: { cards: count, showing, intro } });
export const textShowing = (...showing: string[]): Line => ({ bot: { textShowing: showing } });

export interface TranscriptOptions {
  locale?: string;
  channelId?: string;
  localTimezone?: string;
}

export interface Conversation {
  adapter: TestAdapter;
  /** The bot's clock: retry waits and limits run on it. */
  clock: FakeClock;
  logs: string[];
  /** Sends one activity and returns every activity the bot sent in reply. */
  say(said: Said): Promise<Partial<Activity>[]>;
}

export function conversation(config: Config, options: TranscriptOptions = {}): Conversation {
  const logs: string[] = [];
  const logger = createLogger('debug', new Writable({ write: (chunk, _e, done) => (logs.push(String(chunk)), done()) }));
  const clock = new FakeClock();
  const app = createApp(config, logger, { clock });
  const adapter = new TestAdapter(
    async (context) => {
      await app.bot.run(context);
    },
    { channelId: options.channelId ?? 'test', locale: options.locale } as Partial<Activity>,
  );
  // The adapter's error handler, so that a failing turn is answered as in production.
  adapter.onTurnError = app.adapter.onTurnError;
  return {
    adapter,
    clock,
    logs,
    async say(said) {
      const activity: Partial<Activity> =
        typeof said === 'string' ? { type: 'message', text: said, locale: options.locale, localTimezone: options.localTimezone } : { type: 'message', locale: options.locale, ...said };
      await adapter.receiveActivity(activity);
      return adapter.activeQueue.splice(0);
    },
  };
}

/** Runs a transcript line by line; a mismatch fails with the whole exchange so far. */
export async function run(config: Config, lines: Line[], options: TranscriptOptions = {}): Promise<Conversation> {
  const talk = conversation(config, options);
  const exchange: string[] = [];
  let pending: Partial<Activity>[] = [];
  for (const line of lines) {
    if ('user' in line) {
      if (pending.length) throw new Error(`unexpected bot activities:\n${pending.map(show).join('\n')}\n\nafter:\n${exchange.join('\n')}`);
      exchange.push(`user: ${typeof line.user === 'string' ? line.user : JSON.stringify(line.user)}`);
      pending = await talk.say(line.user);
      continue;
    }
    for (const expected of Array.isArray(line.bot) ? line.bot : [line.bot]) {
      const activity = pending.shift();
      if (!activity) throw new Error(`expected ${JSON.stringify(expected)} but the bot said nothing more\n\nexchange:\n${exchange.join('\n')}`);
      exchange.push(`bot: ${show(activity)}`);
      const problem = mismatch(activity, expected);
      if (problem) throw new Error(`${problem}\n\nexchange:\n${exchange.join('\n')}`);
    }
  }
  if (pending.length) throw new Error(`unexpected bot activities at the end:\n${pending.map(show).join('\n')}\n\nexchange:\n${exchange.join('\n')}`);
  return talk;
}

function mismatch(activity: Partial<Activity>, expected: Expected): string | undefined {
  if ('typing' in expected) return activity.type === 'typing' ? undefined : `expected typing, got ${show(activity)}`;
  if (activity.type !== 'message') return `expected a message, got ${show(activity)}`;
  if ('text' in expected) {
    const text = textOf(activity);
    // Exact, or followed by a line break: choices a channel cannot show as buttons are listed under the prompt.
    const ok = typeof expected.text === 'string' ? text === expected.text || text.startsWith(`${expected.text}\n`) : expected.text.test(text);
    return ok ? undefined : `expected text ${String(expected.text)}, got ${JSON.stringify(text)}`;
  }
  if ('textShowing' in expected) {
    if (activity.attachments?.length) return `expected plain text, got attachments`;
    const missing = expected.textShowing.filter((s) => !(activity.text ?? '').includes(s));
    return missing.length ? `text lacks ${JSON.stringify(missing)}: ${JSON.stringify(activity.text)}` : undefined;
  }
  if (expected.intro !== undefined) {
    const text = activity.text ?? '';
    const ok = typeof expected.intro === 'string' ? text === expected.intro : expected.intro.test(text);
    if (!ok) return `expected the intro ${String(expected.intro)}, got ${JSON.stringify(text)}`;
  }
  const attachments: Attachment[] = activity.attachments ?? [];
  const adaptive = attachments.filter((a) => a.contentType === 'application/vnd.microsoft.card.adaptive');
  if (adaptive.length !== expected.cards) return `expected ${expected.cards} card(s), got ${adaptive.length}: ${show(activity)}`;
  if (expected.layout && activity.attachmentLayout !== expected.layout) return `expected layout ${expected.layout}, got ${activity.attachmentLayout}`;
  const json = JSON.stringify(adaptive.map((a) => a.content));
  const missing = (expected.showing ?? []).filter((s) => !json.includes(s));
  return missing.length ? `cards lack ${JSON.stringify(missing)}` : undefined;
}

/** The words of a message: its text, or in Teams the text of the HeroCard a choice prompt becomes. */
function textOf(activity: Partial<Activity>): string {
  if (activity.text) return activity.text;
  const hero = activity.attachments?.find((a) => a.contentType === 'application/vnd.microsoft.card.hero');
  return (hero?.content as { text?: string } | undefined)?.text ?? '';
}

function show(activity: Partial<Activity>): string {
  if (activity.type === 'typing') return '(typing)';
  const extra = activity.attachments?.length ? ` [+${activity.attachments.length} attachment(s): ${activity.attachments.map((a) => a.contentType).join(', ')}]` : '';
  const actions = activity.suggestedActions?.actions?.length ? ` {${activity.suggestedActions.actions.map((a) => a.title).join(' | ')}}` : '';
  return `${JSON.stringify(textOf(activity))}${actions}${extra}`;
}
