/**
 * The port every part records through: what happened, in the catalog's names. Its default does nothing
 * and loads nothing; OpenTelemetry stands behind it only where a setting switches metrics on
 * (src/telemetry/telemetry.ts), so the core rooms record without knowing OpenTelemetry exists.
 */
import type { CounterName, GaugeName, HistogramName, LabelsOf } from './catalog';
import type { CollectedMetrics } from './collected';
import { NO_TRACING, type TraceSettings, type Tracing } from './tracing';

export interface Metrics {
  /** One more of `name`. */
  count<N extends CounterName>(name: N, labels: LabelsOf<N>): void;
  /** One measurement (seconds, for the durations). */
  observe<N extends HistogramName>(name: N, labels: LabelsOf<N>, value: number): void;
  /** A value read when the metrics are collected; undefined: nothing to report. */
  gauge<N extends GaugeName>(name: N, read: () => number | undefined): void;
}

/** Metrics off: nothing recorded, nothing loaded. */
export const NO_METRICS: Metrics = {
  count() {},
  observe() {},
  gauge() {},
};

/** Milliseconds as the seconds a duration metric records. */
export const seconds = (ms: number): number => ms / 1000;

export interface TelemetrySettings {
  /** METRICS_TOKEN: GET /metrics serves Prometheus text to whoever presents it; without it there is no such route. */
  metricsToken?: string;
  /** METRICS_TOKEN_PREVIOUS: while the token rolls, the one it replaces, accepted too. */
  metricsTokenPrevious?: string;
  /** Where OTLP pushes the metrics, over which protocol, how often; undefined: no OTLP. */
  otlp?: { url: string; protocol: 'http/protobuf' | 'http/json'; intervalMs: number };
  /** Kept in this process for collect(), exported nowhere: sandbox mode sets it for its Insights panel. */
  inProcess?: boolean;
  /** Traces, and where they go (OTLP, Application Insights); undefined: no traces, nothing of them loaded. */
  traces?: TraceSettings;
  /** APPLICATIONINSIGHTS_CONNECTION_STRING: traces and metrics go to Application Insights, the metrics every `intervalMs`. */
  azureMonitor?: { connectionString: string; intervalMs: number };
  /** OTEL_SERVICE_NAME: the service.name every export carries. */
  serviceName: string;
  /** service.instance.id: this process among the service's instances; createTelemetry makes one per start unless given. */
  instanceId?: string;
}

export interface Telemetry {
  metrics: Metrics;
  /** Spans of turns, lookups, upstream attempts and watch checks; NO_TRACING unless traces are on. */
  tracing: Tracing;
  /** The metrics as Prometheus text, where METRICS_TOKEN is set. */
  scrape?: () => Promise<string>;
  /** Everything recorded so far, where the settings keep it in process (sandbox mode). */
  collect?: () => Promise<CollectedMetrics>;
  /** Exports what is recorded now (metrics and spans), without waiting for the interval. */
  flush(): Promise<void>;
  /** The last export; a stopping process waits for it. */
  shutdown(): Promise<void>;
}

/** Telemetry off: the ports record nothing, nothing is exported. */
export const TELEMETRY_OFF: Telemetry = {
  metrics: NO_METRICS,
  tracing: NO_TRACING,
  flush: async () => {},
  shutdown: async () => {},
};
