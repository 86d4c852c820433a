/**
 * The picture of a day as the sandbox's Insights panel computes it from the metrics: each figure as
 * DAY_PICTURE's `means` says, and the interfaces' p50/p95 from the histogram's buckets as Prometheus's
 * histogram_quantile computes them (so the panel and the Grafana dashboard agree).
 */
import type { CollectedMetrics, ValuePoint } from '../../src/telemetry/collected';
import { dayFigures } from '../../src/telemetry/dayFigures';
import { histogramQuantile } from '../../src/telemetry/histogramQuantile';
import type { MetricName } from '../../src/telemetry/catalog';

const SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60];
const counter = (name: MetricName, points: ValuePoint[]) => ({ name, kind: 'value' as const, points });
const lookups = (byResult: Record<string, number>, kind = 'order_number') =>
  Object.entries(byResult).map(([result, value]) => ({ labels: { kind, interface: 'checkpoints', result }, value }));
const valuesOf = (collected: CollectedMetrics, id: string) =>
  Object.fromEntries(
    dayFigures(collected)
      .find((f) => f.id === id)!
      .series.map((s) => [s.id, s.value]),
  );

describe('answered without a person: conversations started, less handoffs initiated, as a share of conversations started', () => {
  test.each([
    ['no conversation yet: no share (not 0 %, not 100 %)', 0, [], null],
    ['4 conversations, none asked for a person', 4, [], 100],
    ['4 conversations, one asked for a person', 4, [['botframework', 'initiated', 1]], 75],
    [
      'handoffs on every hub count, only initiated ones',
      4,
      [
        ['botframework', 'initiated', 1],
        ['omnichannel', 'initiated', 1],
        ['botframework', 'accepted', 1],
        ['botframework', 'completed', 1],
      ],
      50,
    ],
    ['one conversation that asked twice: none answered alone, never below 0 %', 1, [['none', 'initiated', 2]], 0],
  ] as const)('%s', (_case, started, handoffs, expected) => {
    const collected: CollectedMetrics = [
      counter(
        'bot_conversations_total',
        started
          ? [
              { labels: { channel: 'webchat' }, value: started - 1 },
              { labels: { channel: 'msteams' }, value: 1 },
            ]
          : [],
      ),
      counter(
        'bot_handoffs_total',
        handoffs.map(([mode, state, value]) => ({ labels: { mode, state }, value })),
      ),
    ];
    expect(valuesOf(collected, 'containment')).toEqual({ answered: expected });
  });
});

describe('numbers not found: not found, as a share of lookups that got an answer (found, cached or not found)', () => {
  test.each([
    ['no lookup yet', {}, null],
    ['only refused, failed and limited ones: none got an answer', { refused: 2, failed: 1, limited: 3 }, null],
    ['one of four missed', { found: 2, cached: 1, not_found: 1 }, 25],
    [
      'refused, failed and limited are not in the share',
      { found: 1, not_found: 1, refused: 5, failed: 5, limited: 5 },
      50,
    ],
    ['all missed', { not_found: 3 }, 100],
  ])('%s', (_case, byResult, expected) => {
    expect(valuesOf([counter('bot_lookups_total', lookups(byResult))], 'not_found')).toEqual({ not_found: expected });
  });

  test('summed over kinds and interfaces', () => {
    const collected = [
      counter('bot_lookups_total', [
        ...lookups({ found: 1 }),
        ...lookups({ not_found: 1 }, 'tracking_number'),
        { labels: { kind: 'order_id', interface: 'trackings', result: 'found' }, value: 2 },
      ]),
    ];
    expect(valuesOf(collected, 'not_found')).toEqual({ not_found: 25 });
  });
});

test('lookups by result: each result summed over kinds and interfaces, zero where none happened', () => {
  const collected = [
    counter('bot_lookups_total', [
      ...lookups({ found: 2, not_found: 1 }),
      ...lookups({ found: 1, cached: 4 }, 'tracking_number'),
    ]),
  ];
  expect(valuesOf(collected, 'lookups')).toEqual({
    found: 3,
    cached: 4,
    not_found: 1,
    refused: 0,
    failed: 0,
    limited: 0,
  });
});

test('retries by interface and reason, handoffs by state, Notify me sent and blocked', () => {
  const collected: CollectedMetrics = [
    counter('bot_upstream_retries_total', [
      { labels: { interface: 'checkpoints', reason: 'server_error' }, value: 2 },
      { labels: { interface: 'trackings', reason: 'network' }, value: 1 },
    ]),
    counter('bot_handoffs_total', [
      { labels: { mode: 'botframework', state: 'initiated' }, value: 2 },
      { labels: { mode: 'none', state: 'initiated' }, value: 1 },
      { labels: { mode: 'botframework', state: 'accepted' }, value: 1 },
    ]),
    counter('bot_watch_updates_total', [
      { labels: { result: 'sent' }, value: 5 },
      { labels: { result: 'blocked' }, value: 1 },
      { labels: { result: 'failed' }, value: 7 },
    ]),
  ];
  expect(valuesOf(collected, 'upstream_retries')).toEqual({
    checkpoints_rate_limited: 0,
    checkpoints_server_error: 2,
    checkpoints_network: 0,
    trackings_rate_limited: 0,
    trackings_server_error: 0,
    trackings_network: 1,
  });
  expect(valuesOf(collected, 'handoffs')).toEqual({ initiated: 3, accepted: 1, failed: 0, completed: 0 });
  expect(valuesOf(collected, 'notify')).toEqual({ sent: 5, blocked: 1 });
});

describe('a quantile from buckets, as histogram_quantile: the bucket the rank falls in, linear within it', () => {
  // counts are per bucket (not cumulative), the last one above every bound.
  test.each([
    ['nothing observed', 0.5, [1, 2, 4], [0, 0, 0, 0], undefined],
    ['one call in the first bucket: it starts at 0', 0.5, [0.05, 0.1], [1, 0, 0], 0.025],
    ['four calls in (0.1, 0.25]: the median halfway', 0.5, SECONDS, [0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0.175],
    ['the rank at a bucket’s top is its upper bound', 0.5, [1, 2, 4], [1, 1, 2, 0], 2],
    ['p95 of four: rank 3.8, 1.8 of 2 into (2, 4]', 0.95, [1, 2, 4], [1, 1, 2, 0], 3.8],
    ['the rank above every bound: the highest bound, as Prometheus answers', 0.95, [1, 2, 4], [1, 0, 0, 3], 4],
    ['empty buckets between are passed over: rank 1.5, half into (4, 8]', 0.75, [1, 2, 4, 8], [1, 0, 0, 1, 0], 6],
    ['a bound at or below 0 first: that bound', 0.5, [0, 1], [2, 0, 0], 0],
  ])('%s', (_case, q, boundaries, counts, expected) => {
    const value = histogramQuantile(q, boundaries, counts);
    if (expected === undefined) expect(value).toBeUndefined();
    else expect(value).toBeCloseTo(expected, 10);
  });

  test('the figure: p50 and p95 per interface, null for an interface not called yet', () => {
    const counts = SECONDS.map(() => 0).concat(0);
    counts[2] = 3; // (0.1, 0.25]
    counts[4] = 1; // (0.5, 1]
    const collected: CollectedMetrics = [
      {
        name: 'bot_lookup_duration_seconds',
        kind: 'histogram',
        points: [{ labels: { interface: 'checkpoints' }, boundaries: SECONDS, counts }],
      },
    ];
    const values = valuesOf(collected, 'upstream_latency');
    expect(values.checkpoints_p50).toBeCloseTo(0.2, 10); // rank 2 of 3 in (0.1, 0.25]
    expect(values.checkpoints_p95).toBeCloseTo(0.9, 10); // rank 3.8: 0.8 of 1 into (0.5, 1]
    expect(values).toMatchObject({ trackings_p50: null, trackings_p95: null });
  });
});
