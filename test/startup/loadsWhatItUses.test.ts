/**
 * A start loads only what its configuration uses (#16): a production deployment with state in memory
 * never loads the sandbox, the Azure SDKs or botbuilder's text recognizers (botbuilder-dialogs' prompts),
 * each tens of milliseconds of a start. The same probe sees the sandbox and the Azure SDK load where the
 * configuration asks for them, so it cannot pass by seeing nothing.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startService, stopAllServices } from '../support/serviceProcess';

const PROBE = path.resolve(__dirname, '../support/loadedModules.cjs');
const IDENTITY = {
  MicrosoftAppType: 'SingleTenant',
  MicrosoftAppId: '00000000-0000-0000-0000-0000000010ad',
  MicrosoftAppPassword: 'startup-test-password',
  MicrosoftAppTenantId: '00000000-0000-0000-0000-0000000000aa',
};
const UPSTREAMS = {
  CHECKPOINTS_BASE_URL: 'http://127.0.0.1:9',
  CHECKPOINTS_USER_ID: '4242',
  CHECKPOINTS_TOKEN: 'startup-test-token',
  TRACKINGS_BASE_URL: 'http://127.0.0.1:9',
  TRACKINGS_API_KEY: 'startup-test-key',
};
/** An account nobody serves: the SDK loads and is built, and nothing needs to answer for this test. */
const UNREACHABLE_BLOB =
  'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;' +
  'BlobEndpoint=http://127.0.0.1:9/devstoreaccount1;QueueEndpoint=http://127.0.0.1:9/devstoreaccount1;';

afterAll(() => stopAllServices());

/** The files a start loaded, up to the moment it was asked to stop. */
async function loadedBy(env: Record<string, string>): Promise<string[]> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'loaded-')), 'modules.json');
  const service = await startService({ ...env, NODE_OPTIONS: `--require ${PROBE}`, LOADED_MODULES_FILE: file });
  service.child.kill('SIGTERM');
  await service.exited;
  return (JSON.parse(readFileSync(file, 'utf8')) as string[]).map((loaded) => loaded.split(path.sep).join('/'));
}

const SANDBOX = /\/dist\/sandbox\//;
const AZURE_SDKS = /node_modules\/@azure\/storage-(blob|queue)\//;
/** The JWT library: only where customers sign in (CUSTOMER_TOKEN_*; sandbox mode sets a demo secret). */
const JOSE = /node_modules\/jose\//;
/** OpenTelemetry, and Azure Monitor's exporter: only where METRICS_TOKEN, an OTLP endpoint or Application Insights switches metrics or traces on (#27). */
const OPENTELEMETRY = /node_modules\/(@opentelemetry|@azure\/monitor-opentelemetry-exporter)\//;
const RECOGNIZERS = /node_modules\/@microsoft\/recognizers-text|node_modules\/botbuilder-dialogs\/lib\/prompts\//;

test('production with state in memory: no sandbox, no Azure SDK, no text recognizers, no JWT library, no OpenTelemetry', async () => {
  const loaded = await loadedBy({ NODE_ENV: 'production', STORAGE: 'memory', ...IDENTITY, ...UPSTREAMS });
  expect(loaded.some((file) => file.includes('/dist/src/app.js'))).toBe(true);
  expect(
    loaded.filter(
      (file) =>
        SANDBOX.test(file) ||
        AZURE_SDKS.test(file) ||
        RECOGNIZERS.test(file) ||
        JOSE.test(file) ||
        OPENTELEMETRY.test(file),
    ),
  ).toEqual([]);
});

test('the MCP SDK only where POST /mcp is served: production loads it with ACTIONS_API_KEY, not without (#38)', async () => {
  const MCP_SDK = /node_modules\/@modelcontextprotocol\//;
  const off = await loadedBy({ NODE_ENV: 'production', ...IDENTITY, ...UPSTREAMS });
  expect(off.filter((file) => MCP_SDK.test(file))).toEqual([]);
  const on = await loadedBy({
    NODE_ENV: 'production',
    ...IDENTITY,
    ...UPSTREAMS,
    ACTIONS_API_KEY: 'startup-test-actions-key',
  });
  expect(on.some((file) => MCP_SDK.test(file))).toBe(true);
});

test('METRICS_TOKEN loads the metrics SDK and its Prometheus text, and no OTLP exporter; OTEL_SDK_DISABLED=true loads none of it', async () => {
  const on = await loadedBy({
    NODE_ENV: 'production',
    ...IDENTITY,
    ...UPSTREAMS,
    METRICS_TOKEN: 'startup-test-metrics-token',
  });
  expect(on.some((file) => /node_modules\/@opentelemetry\/sdk-metrics\//.test(file))).toBe(true);
  expect(on.some((file) => /node_modules\/@opentelemetry\/exporter-prometheus\//.test(file))).toBe(true);
  expect(on.filter((file) => /node_modules\/@opentelemetry\/exporter-metrics-otlp/.test(file))).toEqual([]);
  const disabled = await loadedBy({
    NODE_ENV: 'production',
    ...IDENTITY,
    ...UPSTREAMS,
    METRICS_TOKEN: 'startup-test-metrics-token',
    OTEL_SDK_DISABLED: 'true',
  });
  expect(disabled.filter((file) => OPENTELEMETRY.test(file))).toEqual([]);
});

test('traces to a collector load the tracer and its OTLP exporter, and no Application Insights; with a connection string, its exporter; OTEL_SDK_DISABLED=true loads none of it', async () => {
  const otlp = await loadedBy({
    NODE_ENV: 'production',
    ...IDENTITY,
    ...UPSTREAMS,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:9/v1/traces',
  });
  expect(otlp.some((file) => /node_modules\/@opentelemetry\/sdk-trace\//.test(file))).toBe(true);
  expect(otlp.some((file) => /node_modules\/@opentelemetry\/exporter-trace-otlp-proto\//.test(file))).toBe(true);
  // Traces alone switch no metrics on (OTLP's transformer loads parts of sdk-metrics for its types, not a provider of ours).
  expect(
    otlp.filter((file) =>
      /node_modules\/(@opentelemetry\/exporter-(metrics-otlp|prometheus)|@azure\/monitor-opentelemetry-exporter)/.test(
        file,
      ),
    ),
  ).toEqual([]);
  const insights = {
    APPLICATIONINSIGHTS_CONNECTION_STRING:
      'InstrumentationKey=00000000-0000-0000-0000-000000000000;IngestionEndpoint=https://127.0.0.1:9/',
  };
  const azure = await loadedBy({ NODE_ENV: 'production', ...IDENTITY, ...UPSTREAMS, ...insights });
  expect(azure.some((file) => /node_modules\/@azure\/monitor-opentelemetry-exporter\//.test(file))).toBe(true);
  const disabled = await loadedBy({
    NODE_ENV: 'production',
    ...IDENTITY,
    ...UPSTREAMS,
    ...insights,
    OTEL_SDK_DISABLED: 'true',
  });
  expect(disabled.filter((file) => OPENTELEMETRY.test(file))).toEqual([]);
});

test('blob storage loads the Azure SDKs, and still no sandbox', async () => {
  const loaded = await loadedBy({
    NODE_ENV: 'production',
    STORAGE: 'blob',
    AZURE_STORAGE_CONNECTION_STRING: UNREACHABLE_BLOB,
    STORAGE_KEY_SECRET: 'storage-key-SECRET-for-tests-000000001',
    ...IDENTITY,
    ...UPSTREAMS,
  });
  expect(loaded.some((file) => /node_modules\/@azure\/storage-blob\//.test(file))).toBe(true);
  expect(loaded.some((file) => /node_modules\/@azure\/storage-queue\//.test(file))).toBe(true);
  expect(loaded.filter((file) => SANDBOX.test(file))).toEqual([]);
});

test('sandbox mode loads the sandbox, the JWT library (its demo shop signs customers in) and the metrics SDK (its Insights panel), and no Azure SDK and no metrics exporter', async () => {
  const loaded = await loadedBy({ NODE_ENV: 'development', STORAGE: 'memory' });
  expect(loaded.some((file) => SANDBOX.test(file))).toBe(true);
  expect(loaded.some((file) => JOSE.test(file))).toBe(true);
  expect(loaded.some((file) => /node_modules\/@opentelemetry\/sdk-metrics\//.test(file))).toBe(true);
  expect(loaded.filter((file) => /node_modules\/@opentelemetry\/exporter-metrics-otlp/.test(file))).toEqual([]);
  expect(loaded.filter((file) => AZURE_SDKS.test(file) || RECOGNIZERS.test(file))).toEqual([]);
});
