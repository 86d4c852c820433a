/**
 * A metric reader that keeps what is recorded in this process and hands it out on demand, as plain data
 * (collected.ts): sandbox mode's Insights panel reads it. Nothing is exported, nothing listens.
 */
import { DataPointType, MetricReader } from '@opentelemetry/sdk-metrics';
import { METRICS, type MetricName } from './catalog';
import type { CollectedMetric, CollectedMetrics } from './collected';

export class InProcessReader extends MetricReader {
  /** Everything recorded since the start, cumulative. */
  async metrics(): Promise<CollectedMetrics> {
    const { resourceMetrics } = await this.collect();
    return resourceMetrics.scopeMetrics.flatMap(({ metrics }) =>
      metrics.flatMap((metric): CollectedMetric[] => {
        const name = metric.descriptor.name as MetricName;
        // Only the catalog's metrics: whatever else a library may record on this provider is not ours to show.
        if (!(name in METRICS)) return [];
        const labels = (attributes: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(attributes).map(([key, value]) => [key, String(value)]));
        if (metric.dataPointType === DataPointType.HISTOGRAM) {
          return [
            {
              name,
              kind: 'histogram',
              points: metric.dataPoints.map((point) => ({
                labels: labels(point.attributes),
                boundaries: point.value.buckets.boundaries,
                counts: point.value.buckets.counts,
              })),
            },
          ];
        }
        if (metric.dataPointType === DataPointType.SUM || metric.dataPointType === DataPointType.GAUGE) {
          return [
            {
              name,
              kind: 'value',
              points: metric.dataPoints.map((point) => ({ labels: labels(point.attributes), value: point.value })),
            },
          ];
        }
        return [];
      }),
    );
  }

  protected override async onForceFlush(): Promise<void> {}

  protected override async onShutdown(): Promise<void> {}
}
