/**
 * The picture of a day an operator reads: one list of figures, each named once, so the Grafana dashboard,
 * the Azure Monitor workbook and the sandbox's Insights panel show the same things under the same titles
 * and compute them the same way (tests hold each of them against this list).
 */
import type { MetricName } from './catalog';

export interface DayFigure {
  id: string;
  /** The panel's title, in the operator's words. */
  title: string;
  /** How the figure is computed, for the panel's description. */
  means: string;
  unit: 'percent' | 'count' | 'seconds';
  /** The metrics it is computed from. */
  metrics: readonly MetricName[];
}

export const DAY_PICTURE = [
  {
    id: 'containment',
    title: 'Answered without a person',
    means:
      'Conversations started, less handoffs initiated, as a share of conversations started (at least 0: one conversation may ask for a person twice).',
    unit: 'percent',
    metrics: ['bot_conversations_total', 'bot_handoffs_total'],
  },
  {
    id: 'lookups',
    title: 'Lookups by result',
    means: 'Lookups customers asked for: found, from the cache, not found, refused, failed, limited.',
    unit: 'count',
    metrics: ['bot_lookups_total'],
  },
  {
    id: 'not_found',
    title: 'Numbers not found',
    means: 'Lookups not found, as a share of lookups that got an answer (found, cached or not found).',
    unit: 'percent',
    metrics: ['bot_lookups_total'],
  },
  {
    id: 'upstream_latency',
    title: 'Tracking interfaces: p50 and p95',
    means: 'How long a call to each tracking interface took, retries and waits included.',
    unit: 'seconds',
    metrics: ['bot_lookup_duration_seconds'],
  },
  {
    id: 'upstream_retries',
    title: 'Tracking interfaces: retries',
    means: 'Calls made again, by interface and why (rate limited, server error, network).',
    unit: 'count',
    metrics: ['bot_upstream_retries_total'],
  },
  {
    id: 'handoffs',
    title: 'Handoffs by state',
    means: 'Customers who asked for a person: initiated, accepted by an agent, failed, completed.',
    unit: 'count',
    metrics: ['bot_handoffs_total'],
  },
  {
    id: 'notify',
    title: 'Notify me: sent and blocked',
    means: 'Updates the bot sent on its own, and those the channel refused (the bot was blocked or removed).',
    unit: 'count',
    metrics: ['bot_watch_updates_total'],
  },
] as const satisfies readonly DayFigure[];

export type DayFigureId = (typeof DAY_PICTURE)[number]['id'];
