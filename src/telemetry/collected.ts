/**
 * The metrics as recorded so far in this process, in plain data: what the sandbox's Insights panel reads
 * (through Telemetry.collect) and what dayFigures computes from, so neither depends on OpenTelemetry's types.
 * Counts are cumulative since the start.
 */
import type { MetricName } from './catalog';

/** A counter's total, or a gauge's last reading, for one set of labels. */
export interface ValuePoint {
  labels: Readonly<Record<string, string>>;
  value: number;
}

export interface HistogramPoint {
  labels: Readonly<Record<string, string>>;
  /** Upper bounds of the finite buckets, ascending. */
  boundaries: readonly number[];
  /** Observations in each bucket (not cumulative): one more than the boundaries, the last one above them all. */
  counts: readonly number[];
}

export type CollectedMetric =
  | { name: MetricName; kind: 'value'; points: readonly ValuePoint[] }
  | { name: MetricName; kind: 'histogram'; points: readonly HistogramPoint[] };
export type CollectedMetrics = readonly CollectedMetric[];
