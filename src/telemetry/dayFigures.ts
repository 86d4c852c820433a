/**
 * The picture of a day (DAY_PICTURE) computed from the metrics as recorded: each figure's values, as its
 * `means` says, for the sandbox's Insights panel. Pure: the same data gives the same figures. A value that
 * cannot be computed yet (a share of nothing, a quantile of no calls) is null, never 0: "no lookups yet" is
 * not "no lookups were missed".
 */
import { METRICS, type MetricName } from './catalog';
import type { CollectedMetrics, HistogramPoint } from './collected';
import { DAY_PICTURE, type DayFigure, type DayFigureId } from './dayPicture';
import { histogramQuantile } from './histogramQuantile';

interface FigureSeries {
  /** Stable, for the panel's colours and a test's selectors. */
  id: string;
  label: string;
  value: number | null;
}

export interface FigureReading extends Pick<DayFigure, 'title' | 'means' | 'unit'> {
  id: DayFigureId;
  series: FigureSeries[];
}

const INTERFACES = METRICS.bot_lookup_duration_seconds.labels.interface;
const RETRY_REASONS = METRICS.bot_upstream_retries_total.labels.reason;
const HANDOFF_STATES = METRICS.bot_handoffs_total.labels.state;
/** The lookups' results in the order `means` names them, each in the operator's words. */
const LOOKUP_RESULTS = [
  ['found', 'found'],
  ['cached', 'from the cache'],
  ['not_found', 'not found'],
  ['refused', 'refused'],
  ['failed', 'failed'],
  ['limited', 'limited'],
] as const satisfies ReadonlyArray<readonly [(typeof METRICS.bot_lookups_total.labels.result)[number], string]>;
const QUANTILES = [
  ['p50', 0.5],
  ['p95', 0.95],
] as const;

/** The metrics as one table to read from: totals over the labels not named, histograms merged likewise. */
class Recorded {
  constructor(private readonly collected: CollectedMetrics) {}

  total(name: MetricName, where: Readonly<Record<string, string>> = {}): number {
    return this.matching(name, 'value', where).reduce((sum, point) => sum + ('value' in point ? point.value : 0), 0);
  }

  /** One histogram of every series that matches (their buckets are the catalog's, so they add up). */
  buckets(name: MetricName, where: Readonly<Record<string, string>>): Pick<HistogramPoint, 'boundaries' | 'counts'> {
    const points = this.matching(name, 'histogram', where).filter(
      (point): point is HistogramPoint => 'counts' in point,
    );
    const boundaries = points[0]?.boundaries ?? [];
    const counts = boundaries.map(() => 0).concat(0);
    for (const point of points) point.counts.forEach((count, i) => (counts[i] += count));
    return { boundaries, counts };
  }

  private matching(name: MetricName, kind: 'value' | 'histogram', where: Readonly<Record<string, string>>) {
    const metric = this.collected.find((m) => m.name === name && m.kind === kind);
    return (metric?.points ?? []).filter((point) =>
      Object.entries(where).every(([label, value]) => point.labels[label] === value),
    );
  }
}

/** `part` as a percentage of `whole`; null when there is no whole yet. */
const share = (part: number, whole: number): number | null => (whole > 0 ? (100 * part) / whole : null);
const words = (label: string) => label.replace(/_/g, ' ');

const COMPUTE: Record<DayFigureId, (m: Recorded) => FigureSeries[]> = {
  containment: (m) => {
    const started = m.total('bot_conversations_total');
    const handedOver = m.total('bot_handoffs_total', { state: 'initiated' });
    // A conversation may ask for a person twice; the share never goes below nothing.
    const answered = share(Math.max(0, started - handedOver), started);
    return [{ id: 'answered', label: 'answered without a person', value: answered }];
  },
  lookups: (m) =>
    LOOKUP_RESULTS.map(([result, label]) => ({ id: result, label, value: m.total('bot_lookups_total', { result }) })),
  not_found: (m) => {
    const missed = m.total('bot_lookups_total', { result: 'not_found' });
    const answered =
      missed + m.total('bot_lookups_total', { result: 'found' }) + m.total('bot_lookups_total', { result: 'cached' });
    return [{ id: 'not_found', label: 'not found', value: share(missed, answered) }];
  },
  upstream_latency: (m) =>
    INTERFACES.flatMap((upstream) => {
      const { boundaries, counts } = m.buckets('bot_lookup_duration_seconds', { interface: upstream });
      return QUANTILES.map(([name, q]) => ({
        id: `${upstream}_${name}`,
        label: `${upstream} ${name}`,
        value: histogramQuantile(q, boundaries, counts) ?? null,
      }));
    }),
  upstream_retries: (m) =>
    INTERFACES.flatMap((upstream) =>
      RETRY_REASONS.map((reason) => ({
        id: `${upstream}_${reason}`,
        label: `${upstream}: ${words(reason)}`,
        value: m.total('bot_upstream_retries_total', { interface: upstream, reason }),
      })),
    ),
  handoffs: (m) =>
    HANDOFF_STATES.map((state) => ({ id: state, label: state, value: m.total('bot_handoffs_total', { state }) })),
  notify: (m) =>
    (['sent', 'blocked'] as const).map((result) => ({
      id: result,
      label: result,
      value: m.total('bot_watch_updates_total', { result }),
    })),
};

export function dayFigures(collected: CollectedMetrics): FigureReading[] {
  const recorded = new Recorded(collected);
  return DAY_PICTURE.map(({ id, title, means, unit }) => ({ id, title, means, unit, series: COMPUTE[id](recorded) }));
}
