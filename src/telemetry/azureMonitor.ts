/**
 * Application Insights through Azure Monitor's OpenTelemetry exporters, inside this app's own providers:
 * not the distro's useAzureMonitor, which registers global providers and instruments http (Interface A's
 * URL, with orderNo and user in its query, would become dependency telemetry) and the console. What the
 * exporter does besides exporting is switched off: no offline storage (no files of ours on disk), no
 * statsbeat (its own telemetry, sent to Microsoft's endpoints), and no polling of its remote settings.
 */
import path from 'node:path';
import { AzureMonitorMetricExporter, AzureMonitorTraceExporter } from '@azure/monitor-opentelemetry-exporter';

/** What the exporter reads to skip statsbeat: read once, when an exporter is built. */
const NO_STATSBEAT = 'APPLICATION_INSIGHTS_NO_STATSBEAT';

export function azureMonitorTraceExporter(connectionString: string): AzureMonitorTraceExporter {
  return quietly(() => new AzureMonitorTraceExporter({ connectionString, disableOfflineStorage: true }));
}

export function azureMonitorMetricExporter(connectionString: string): AzureMonitorMetricExporter {
  return quietly(() => new AzureMonitorMetricExporter({ connectionString, disableOfflineStorage: true }));
}

/** Builds an exporter with statsbeat off, and stops the settings poll its constructor starts. */
function quietly<T>(build: () => T): T {
  const before = process.env[NO_STATSBEAT];
  process.env[NO_STATSBEAT] = 'true';
  try {
    return build();
  } finally {
    if (before === undefined) delete process.env[NO_STATSBEAT];
    else process.env[NO_STATSBEAT] = before;
    stopSettingsPoll();
  }
}

/**
 * Every exporter starts one shared poll of Azure Monitor's remote settings ("OneSettings", at
 * settings.sdk.monitor.azure.com, 5 to 15 s after start and hourly after), which no option turns off.
 * Its manager is not exported, so it is reached by its file; the version is pinned in package.json, and
 * test/telemetry/azureMonitor.test.ts fails if the poll ever goes out again.
 */
function stopSettingsPoll(): void {
  const file = path.join(path.dirname(require.resolve('@azure/monitor-opentelemetry-exporter')), '_configuration', 'configurationManager.js');
  const { ConfigurationManager } = require(file) as { ConfigurationManager: { getInstance(): { shutdown(): void } } };
  ConfigurationManager.getInstance().shutdown();
}
