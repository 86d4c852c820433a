/**
 * Application Insights through Azure Monitor's OpenTelemetry exporters, inside this app's own providers:
 * not the distro's useAzureMonitor, which registers global providers and instruments http (Interface A's
 * URL, with orderNo and user in its query, would become dependency telemetry) and the console. What the
 * exporter does besides exporting is switched off where it can be through its public options: no offline storage
 * (no files of ours on disk) and no statsbeat (its own telemetry, sent to Microsoft's endpoints). Its poll of Azure
 * Monitor's remote settings has no such switch and is left to run: it sends nothing of ours, and the exporter is
 * talking to Azure anyway. Tests keep it off the internet through the standard proxy variables (test/support/offline.js).
 */
import { AzureMonitorMetricExporter, AzureMonitorTraceExporter } from '@azure/monitor-opentelemetry-exporter';

/** What the exporter reads to skip statsbeat: read once, when an exporter is built. */
const NO_STATSBEAT = 'APPLICATION_INSIGHTS_NO_STATSBEAT';

/** @public Loaded on demand with require(), which knip does not follow to this export. */
export function azureMonitorTraceExporter(connectionString: string): AzureMonitorTraceExporter {
  return quietly(() => new AzureMonitorTraceExporter({ connectionString, disableOfflineStorage: true }));
}

/** @public Loaded on demand with require(), which knip does not follow to this export. */
export function azureMonitorMetricExporter(connectionString: string): AzureMonitorMetricExporter {
  return quietly(() => new AzureMonitorMetricExporter({ connectionString, disableOfflineStorage: true }));
}

/** Builds an exporter with statsbeat off. */
function quietly<T>(build: () => T): T {
  const before = process.env[NO_STATSBEAT];
  process.env[NO_STATSBEAT] = 'true';
  try {
    return build();
  } finally {
    if (before === undefined) delete process.env[NO_STATSBEAT];
    else process.env[NO_STATSBEAT] = before;
  }
}
