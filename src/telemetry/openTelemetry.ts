/**
 * The metrics on the OpenTelemetry SDK: one MeterProvider of this app's own (nothing global, so two apps
 * in one process never mix), the catalog's instruments, and the readers the settings ask for: Prometheus
 * text for GET /metrics, OTLP pushed to a collector. Loaded only when a setting switches metrics on.
 */
import type { Attributes, Counter, Histogram } from '@opentelemetry/api';
import { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type IMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { Logger } from '../runtime/logger';
import { errorLogFields } from '../tracking/errors';
import { boundedLabels, METRICS, type MetricName } from './catalog';
import { InProcessReader } from './inProcessReader';
import type { Metrics, Telemetry, TelemetrySettings } from './metrics';

/** ExportResultCode.SUCCESS of @opentelemetry/core (not a dependency of ours for one number). */
const EXPORTED = 0;

export function openTelemetry(settings: TelemetrySettings, logger: Logger): Telemetry {
  const prometheus = settings.metricsToken ? new PrometheusExporter({ preventServerStart: true, withoutScopeInfo: true }) : undefined;
  const readers: IMetricReader[] = [];
  if (prometheus) readers.push(prometheus);
  const inProcess = settings.inProcess ? new InProcessReader() : undefined;
  if (inProcess) readers.push(inProcess);
  if (settings.otlp) {
    readers.push(
      new PeriodicExportingMetricReader({
        exporter: reportingFailures(otlpExporter(settings.otlp), logger),
        exportIntervalMillis: settings.otlp.intervalMs,
        exportTimeoutMillis: Math.min(settings.otlp.intervalMs, 30_000),
      }),
    );
  }
  const provider = new MeterProvider({ resource: resourceFromAttributes({ 'service.name': settings.serviceName }), readers });
  const meter = provider.getMeter(settings.serviceName);

  const counters = new Map<MetricName, Counter>();
  const histograms = new Map<MetricName, Histogram>();
  for (const [name, spec] of Object.entries(METRICS) as Array<[MetricName, (typeof METRICS)[MetricName]]>) {
    if (spec.kind === 'counter') counters.set(name, meter.createCounter(name, { description: spec.help }));
    if (spec.kind === 'histogram') histograms.set(name, meter.createHistogram(name, { description: spec.help, unit: 's', advice: { explicitBucketBoundaries: [...spec.buckets] } }));
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
    scrape: prometheus && (async () => serializer.serialize((await prometheus.collect()).resourceMetrics)),
    collect: inProcess && (() => inProcess.metrics()),
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}

/** OTLP over HTTP, as OTEL_EXPORTER_OTLP_PROTOCOL says; each exporter's code is loaded only when it is the one used. */
function otlpExporter(otlp: NonNullable<TelemetrySettings['otlp']>): PushMetricExporter {
  if (otlp.protocol === 'http/json') {
    const { OTLPMetricExporter } = require('@opentelemetry/exporter-metrics-otlp-http') as typeof import('@opentelemetry/exporter-metrics-otlp-http');
    return new OTLPMetricExporter({ url: otlp.url });
  }
  const { OTLPMetricExporter } = require('@opentelemetry/exporter-metrics-otlp-proto') as typeof import('@opentelemetry/exporter-metrics-otlp-proto');
  return new OTLPMetricExporter({ url: otlp.url });
}

/** A collector that is down or refuses is worth a warning; the SDK would only tell its own diagnostic logger, which is silent. */
function reportingFailures(exporter: PushMetricExporter, logger: Logger): PushMetricExporter {
  return {
    export: (metrics, done) =>
      exporter.export(metrics, (result) => {
        if (result.code !== EXPORTED) logger.warn({ error: errorLogFields(result.error) }, 'metrics export failed; the next export tries again');
        done(result);
      }),
    forceFlush: () => exporter.forceFlush(),
    shutdown: () => exporter.shutdown(),
    selectAggregationTemporality: exporter.selectAggregationTemporality?.bind(exporter),
    selectAggregation: exporter.selectAggregation?.bind(exporter),
  };
}
