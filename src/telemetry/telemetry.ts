/**
 * Metrics and traces on or off, decided once from the settings. Off (no METRICS_TOKEN, no OTLP endpoint,
 * no Application Insights, or OTEL_SDK_DISABLED=true), nothing of OpenTelemetry is loaded: the ports
 * record nothing, and a start and a turn cost what they did before. Sandbox mode keeps the metrics in
 * process (inProcess) for its Insights panel.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../runtime/logger';
import { TELEMETRY_OFF, type Telemetry, type TelemetrySettings } from './metrics';

export function createTelemetry(given: TelemetrySettings, logger: Logger): Telemetry {
  const metricsOn = !!(given.metricsToken || given.otlp || given.azureMonitor || given.inProcess);
  const { traces } = given;
  if (!metricsOn && !traces) return TELEMETRY_OFF;
  // One name for this process in every export (service.instance.id): several instances' counters stay apart in a collector.
  const settings = { ...given, instanceId: given.instanceId ?? randomUUID() };
  const metrics = metricsOn
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when telemetry is on; the factory stays synchronous
      (require('./openTelemetry') as typeof import('./openTelemetry')).openTelemetry(settings, logger)
    : TELEMETRY_OFF;
  if (!traces) return metrics;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when telemetry is on; the factory stays synchronous
  const spans = (require('./openTelemetryTraces') as typeof import('./openTelemetryTraces')).openTelemetryTraces(
    { ...settings, traces },
    logger,
  );
  return {
    ...metrics,
    tracing: spans.tracing,
    flush: async () => void (await Promise.all([metrics.flush(), spans.flush()])),
    shutdown: async () => void (await Promise.all([metrics.shutdown(), spans.shutdown()])),
  };
}

/**
 * What every log line adds where traces are on: the trace and span it was written in (trace_id, span_id),
 * so a log line and its trace find each other. Undefined with traces off: the logger adds nothing.
 */
export function traceLogFields(settings: TelemetrySettings): (() => Record<string, string>) | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when telemetry is on; the factory stays synchronous
  return settings.traces && (require('./traceLogFields') as typeof import('./traceLogFields')).traceLogFields;
}
