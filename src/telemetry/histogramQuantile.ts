/**
 * A quantile from a histogram's buckets, as Prometheus's histogram_quantile computes it, so the sandbox's
 * Insights panel and the Grafana dashboard show the same p50 and p95 from the same buckets: find the
 * bucket the rank falls in and interpolate linearly within it (the first bucket starts at 0; a rank in the
 * bucket above every bound answers the highest finite bound). Undefined when nothing was observed.
 */
export function histogramQuantile(
  q: number,
  boundaries: readonly number[],
  counts: readonly number[],
): number | undefined {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0 || boundaries.length === 0) return undefined;
  const rank = q * total;
  let below = 0;
  for (let b = 0; b < boundaries.length; b++) {
    const inBucket = counts[b] ?? 0;
    if (inBucket > 0 && below + inBucket >= rank) {
      if (b === 0 && boundaries[0] <= 0) return boundaries[0];
      const start = b === 0 ? 0 : boundaries[b - 1];
      return start + (boundaries[b] - start) * ((rank - below) / inBucket);
    }
    below += inBucket;
  }
  return boundaries[boundaries.length - 1];
}
