/**
 * A fast tracking interface shows as fast: calls that take 1 to 9 ms (an upstream on the same network, or
 * the sandbox's simulators) read as single-digit milliseconds in the Insights panel and on the Grafana
 * dashboard, not as the midpoint of a first bucket 50 ms wide (25 ms and 48 ms). Recorded through the real
 * metrics pipeline, as the panel reads it.
 */
import { silentLogger } from '../../src/runtime/logger';
import { dayFigures } from '../../src/telemetry/dayFigures';
import { openTelemetry } from '../../src/telemetry/openTelemetry';

async function panelFor(seconds: number[]) {
  const telemetry = openTelemetry({ serviceName: 'bucket-test', inProcess: true }, silentLogger);
  try {
    for (const value of seconds)
      telemetry.metrics.observe('bot_lookup_duration_seconds', { interface: 'checkpoints' }, value);
    const collected = await telemetry.collect!();
    const point = collected.find((metric) => metric.name === 'bot_lookup_duration_seconds')!;
    const latency = dayFigures(collected).find((figure) => figure.id === 'upstream_latency')!;
    return {
      boundaries: point.kind === 'histogram' ? point.points[0].boundaries : [],
      values: Object.fromEntries(latency.series.map((s) => [s.id, s.value])),
    };
  } finally {
    await telemetry.shutdown();
  }
}

test('the recorded buckets start at a millisecond and still reach the upstream deadline', async () => {
  const { boundaries } = await panelFor([0.003]);
  expect(boundaries[0]).toBeLessThanOrEqual(0.002);
  // A bucket per step a reader tells apart among fast calls: 1, 2.5, 5 and 10 ms are all there.
  expect(boundaries.filter((bound) => bound <= 0.01).length).toBeGreaterThanOrEqual(4);
  expect(boundaries[boundaries.length - 1]).toBe(60);
});

test('calls of 1 to 9 ms: p50 and p95 in single-digit milliseconds', async () => {
  const { values } = await panelFor([0.001, 0.002, 0.003, 0.004, 0.005, 0.006, 0.007, 0.008, 0.009, 0.004]);
  expect(values.checkpoints_p50).toBeGreaterThan(0.001);
  expect(values.checkpoints_p50).toBeLessThan(0.01);
  expect(values.checkpoints_p95).toBeLessThanOrEqual(0.01);
});

test('a slow interface still reads as slow: 2 to 3 s calls', async () => {
  const { values } = await panelFor([2.2, 2.5, 2.8, 2.9]);
  expect(values.checkpoints_p50).toBeGreaterThan(2);
  expect(values.checkpoints_p95).toBeLessThanOrEqual(4);
});
