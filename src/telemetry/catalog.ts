/**
 * Every metric the bot records, by the name Prometheus shows (dashboards depend on these names: keep them
 * stable), with each label's possible values. A value outside its list is recorded as `other`, so no caller
 * can grow a series per order, customer or sentence, and nothing personal can become a label.
 */
import { KNOWN_CHANNELS } from '../channels/profile';

/** What a label becomes when its value is not one of its list. */
export const OTHER = 'other';

const CHANNEL = [...KNOWN_CHANNELS, OTHER] as const;
const INTERFACE = ['checkpoints', 'trackings'] as const;
/** A turn: 50 ms to the channels' 15 s, and past it. */
const SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60];
/**
 * A lookup: from 1 ms, because an interface on the same network answers in a few, and a first bucket 50 ms
 * wide would show those calls as 25 ms (p50) and 48 ms (p95); up to the upstream deadline's 60 s.
 */
const LOOKUP_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, ...SECONDS];

export const METRICS = {
  bot_turns_total: {
    kind: 'counter',
    help: 'Turns the bot took (messages, events, members added), by channel.',
    labels: { channel: CHANNEL },
  },
  bot_turn_duration_seconds: {
    kind: 'histogram',
    help: 'How long a turn took, from the activity to its last reply, by channel.',
    labels: { channel: CHANNEL },
    buckets: SECONDS,
  },
  bot_conversations_total: {
    kind: 'counter',
    help: 'Conversations started: the first activity of a conversation the state storage does not know.',
    labels: { channel: CHANNEL },
  },
  bot_lookups_total: {
    kind: 'counter',
    help: 'Lookups a customer asked for, by what was looked up, the interface that answers it, how it ended, and through what (a chat, or an AI agent over MCP).',
    labels: {
      kind: ['order_number', 'tracking_number', 'order_id', 'external_order'],
      interface: INTERFACE,
      result: ['found', 'not_found', 'refused', 'failed', 'limited', 'cached'],
      via: ['chat', 'mcp'],
    },
  },
  bot_lookup_duration_seconds: {
    kind: 'histogram',
    help: 'How long a call to a tracking interface took, its retries and waits included.',
    labels: { interface: INTERFACE },
    buckets: LOOKUP_SECONDS,
  },
  bot_upstream_retries_total: {
    kind: 'counter',
    help: 'Attempts a tracking interface call made again, by why.',
    labels: { interface: INTERFACE, reason: ['rate_limited', 'server_error', 'network'] },
  },
  bot_handoffs_total: {
    kind: 'counter',
    help: 'Handoffs to a person, by hub and how far they came.',
    labels: { mode: ['botframework', 'omnichannel', 'none'], state: ['initiated', 'accepted', 'failed', 'completed'] },
  },
  bot_limits_hit_total: {
    kind: 'counter',
    help: 'Requests refused by a limit, by which limit (a lookup refused for the misses before it counts as misses) and whose it was.',
    labels: {
      limit: ['lookups', 'misses', 'handoffs', 'notify_requests', 'chat_tokens', 'action_calls'],
      scope: ['conversation', 'customer', 'client'],
    },
  },
  bot_watches_active: {
    kind: 'gauge',
    help: 'Notify me watches this instance keeps (STORAGE=memory only).',
    labels: {},
  },
  bot_watch_checks_total: {
    kind: 'counter',
    help: 'Notify me checks, by what the lookup found.',
    labels: { result: ['unchanged', 'changed', 'expired', 'failed'] },
  },
  bot_watch_updates_total: {
    kind: 'counter',
    help: 'Notify me updates, by whether the channel took them (blocked: the bot was blocked or removed).',
    labels: { result: ['sent', 'blocked', 'failed'] },
  },
  bot_replies_late_total: {
    kind: 'counter',
    help: "Answers sent as a message of their own, after the channel's deadline for the turn.",
    labels: {},
  },
  bot_whatsapp_statuses_total: {
    kind: 'counter',
    help: "WhatsApp's status callbacks on what the bot sent, by status (failed: WhatsApp took a message, then could not deliver it).",
    labels: { status: ['sent', 'delivered', 'read', 'failed'] },
  },
} as const satisfies Record<string, MetricSpec>;

export interface MetricSpec {
  kind: 'counter' | 'histogram' | 'gauge';
  help: string;
  labels: Readonly<Record<string, readonly string[]>>;
  buckets?: readonly number[];
}

type Catalog = typeof METRICS;
export type MetricName = keyof Catalog;
type OfKind<K extends MetricSpec['kind']> = { [N in MetricName]: Catalog[N]['kind'] extends K ? N : never }[MetricName];
export type CounterName = OfKind<'counter'>;
export type HistogramName = OfKind<'histogram'>;
export type GaugeName = OfKind<'gauge'>;
/** A metric's labels, each one of its values (the channel: any channel id, bounded when recorded). */
export type LabelsOf<N extends MetricName> = {
  -readonly [L in keyof Catalog[N]['labels']]: Catalog[N]['labels'][L] extends readonly (infer V)[]
    ? L extends 'channel'
      ? string
      : V
    : never;
};

/** A channel id as the `channel` label (and a turn's span) records it: a known channel, else `other`. */
export function boundedChannel(channel: string | undefined): string {
  return CHANNEL.includes(channel as (typeof CHANNEL)[number]) ? channel! : OTHER;
}

/**
 * The labels as recorded: each value one of its list, else `other`. One frozen object per combination,
 * made once: a turn records three or four metrics, and building their labels anew each time was most of
 * what recording cost. The combinations are few (each value is one of its list), so the memo is bounded.
 */
export function boundedLabels(name: MetricName, labels: Record<string, string>): Readonly<Record<string, string>> {
  const { allowed, made } = (memos[name] ??= {
    allowed: Object.entries(METRICS[name].labels as Readonly<Record<string, readonly string[]>>),
    made: new Map<string, Readonly<Record<string, string>>>(),
  });
  let key = '';
  for (const [label, values] of allowed) key += `${values.includes(labels[label]) ? labels[label] : OTHER}\u0000`;
  let bounded = made.get(key);
  if (!bounded) {
    bounded = Object.freeze(
      Object.fromEntries(
        allowed.map(([label, values]) => [label, values.includes(labels[label]) ? labels[label] : OTHER]),
      ),
    );
    made.set(key, bounded);
  }
  return bounded;
}

const memos: Partial<
  Record<
    MetricName,
    { allowed: Array<[string, readonly string[]]>; made: Map<string, Readonly<Record<string, string>>> }
  >
> = {};
