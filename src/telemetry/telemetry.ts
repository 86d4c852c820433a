/**
 * Metrics on or off, decided once from the settings. Off (no METRICS_TOKEN, no OTLP endpoint, or
 * OTEL_SDK_DISABLED=true), nothing of OpenTelemetry is loaded: the port records nothing, and a start
 * costs what it did before. Sandbox mode keeps them in process (inProcess) for its Insights panel.
 */
import type { Logger } from '../runtime/logger';
import { TELEMETRY_OFF, type Telemetry, type TelemetrySettings } from './metrics';

export function createTelemetry(settings: TelemetrySettings, logger: Logger): Telemetry {
  if (!settings.metricsToken && !settings.otlp && !settings.inProcess) return TELEMETRY_OFF;
  const { openTelemetry } = require('./openTelemetry') as typeof import('./openTelemetry');
  return openTelemetry(settings, logger);
}
