/**
 * The metrics on the OpenTelemetry SDK: one MeterProvider of this app's own (nothing global, so two apps
 * in one process never mix), the catalog's instruments, and the readers the settings ask for: Prometheus
 * text for GET /metrics, OTLP pushed to a collector, Application Insights. Loaded only when a setting switches metrics on.
 */
import type { Attributes, Counter, Histogram } from '@opentelemetry/api';
import { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  MeterProvider,
  PeriodicExportingMetricReader,
  type IMetricReader,
  type PushMetricExporter,
} from '@opentelemetry/sdk-metrics';
import type { Logger } from '../runtime/logger';
import { boundedLabels, METRICS, type MetricName } from './catalog';
import { InProcessReader } from './inProcessReader';
import { reportingFailures } from './exportFailures';
import type { Metrics, Telemetry, TelemetrySettings } from './metrics';
import { NO_TRACING } from './tracing';

const NEXT_EXPORT = 'the next export tries again';

export function openTelemetry(settings: TelemetrySettings, logger: Logger): Telemetry {
  const prometheus = settings.metricsToken
    ? new PrometheusExporter({ preventServerStart: true, withoutScopeInfo: true })
    : undefined;
  const readers: IMetricReader[] = [];
  if (prometheus) readers.push(prometheus);
  const inProcess = settings.inProcess ? new InProcessReader() : undefined;
  if (inProcess) readers.push(inProcess);
  const pushTo = (exporter: PushMetricExporter, intervalMs: number) =>
    readers.push(
      new PeriodicExportingMetricReader({
        exporter: reportingFailures(exporter, logger, 'metrics', NEXT_EXPORT),
        exportIntervalMillis: intervalMs,
        exportTimeoutMillis: Math.min(intervalMs, 30_000),
      }),
    );
  if (settings.otlp) pushTo(otlpExporter(settings.otlp), settings.otlp.intervalMs);
  if (settings.azureMonitor) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when this exporter is the one used; the factory stays synchronous
    const { azureMonitorMetricExporter } = require('./azureMonitor') as typeof import('./azureMonitor');
    pushTo(azureMonitorMetricExporter(settings.azureMonitor.connectionString), settings.azureMonitor.intervalMs);
  }
  const provider = new MeterProvider({
    resource: resourceFromAttributes({
      'service.name': settings.serviceName,
      'service.instance.id': settings.instanceId,
    }),
    readers,
  });
  const meter = provider.getMeter(settings.serviceName);

  const counters = new Map<MetricName, Counter>();
  const histograms = new Map<MetricName, Histogram>();
  for (const [name, spec] of Object.entries(METRICS) as Array<[MetricName, (typeof METRICS)[MetricName]]>) {
    if (spec.kind === 'counter') counters.set(name, meter.createCounter(name, { description: spec.help }));
    if (spec.kind === 'histogram')
      histograms.set(
        name,
        meter.createHistogram(name, {
          description: spec.help,
          unit: 's',
          advice: { explicitBucketBoundaries: [...spec.buckets] },
        }),
      );
  }
  const labels = (name: MetricName, given: object): Attributes => boundedLabels(name, given as Record<string, string>);
  const metrics: Metrics = {
    count: (name, given) => counters.get(name)?.add(1, labels(name, given)),
    observe: (name, given, value) => histograms.get(name)?.record(value, labels(name, given)),
    gauge: (name, read) =>
      meter.createObservableGauge(name, { description: METRICS[name].help }).addCallback((result) => {
        const value = read();
        if (value !== undefined) result.observe(value);
      }),
  };

  const serializer = new PrometheusSerializer(undefined, undefined, undefined, undefined, true);
  return {
    metrics,
    tracing: NO_TRACING,
    scrape: prometheus && (async () => serializer.serialize((await prometheus.collect()).resourceMetrics)),
    collect: inProcess && (() => inProcess.metrics()),
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}

/** OTLP over HTTP, as OTEL_EXPORTER_OTLP_PROTOCOL says; each exporter's code is loaded only when it is the one used. */
function otlpExporter(otlp: NonNullable<TelemetrySettings['otlp']>): PushMetricExporter {
  if (otlp.protocol === 'http/json') {
    const { OTLPMetricExporter } =
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when this exporter is the one used; the factory stays synchronous
      require('@opentelemetry/exporter-metrics-otlp-http') as typeof import('@opentelemetry/exporter-metrics-otlp-http');
    return new OTLPMetricExporter({ url: otlp.url });
  }
  const { OTLPMetricExporter } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when this exporter is the one used; the factory stays synchronous
    require('@opentelemetry/exporter-metrics-otlp-proto') as typeof import('@opentelemetry/exporter-metrics-otlp-proto');
  return new OTLPMetricExporter({ url: otlp.url });
}
