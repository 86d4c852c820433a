/**
 * OTLP to a collector (issue #27): with OTEL_EXPORTER_OTLP_ENDPOINT set, the metrics go, over real HTTP on
 * loopback, to a stand-in collector, as http/json or http/protobuf, under the catalog's names. The service
 * runs as an operator runs it (its own process: the OTLP exporter loads Node's http by a dynamic import,
 * which jest's module sandbox refuses), and its stop sends the last export, so no test waits for the interval.
 * Nothing personal travels in an export either.
 */
import { DEMO } from '../../sandbox/simulators';
import { TestChannel } from '../support/channel';
import { startService, stopAllServices } from '../support/serviceProcess';
import { CREDENTIALS, upstreamEnv, useSimulators } from '../support/upstreams';
import { useCollector } from './collector';

const upstreams = useSimulators();
const collector = useCollector();
afterAll(() => stopAllServices());

/** The service, one lookup of a customer whose ids the search below looks for, then its stop. What it printed, and its exit code. */
async function lookupThenStop(env: Record<string, string>): Promise<{ output: string; code: number | null }> {
  const service = await startService({
    NODE_ENV: 'test',
    ...upstreamEnv(upstreams),
    ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
    ...env,
  });
  const { replies } = await new TestChannel({
    botUrl: service.url,
    mode: 'expectReplies',
    locale: 'en',
    conversationId: 'conv-SEARCH-otlp',
    userId: 'user-SEARCH-otlp',
  }).say(DEMO.checkpoints.delivered);
  expect(replies.length).toBeGreaterThan(0);
  service.child.kill('SIGTERM');
  const code = await service.exited;
  return { output: service.output(), code };
}

test('http/json: the collector receives the metrics under their names, with their labels, and no number or id', async () => {
  const { code } = await lookupThenStop({
    OTEL_EXPORTER_OTLP_ENDPOINT: `${collector.url}/`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: 'shop-bot',
  });
  expect(code).toBe(0);
  // The same endpoint takes the traces too, at /v1/traces (traceExport.test.ts): one metrics export, at the stop.
  const [sent, ...more] = collector.received.filter((received) => received.path !== '/v1/traces');
  expect(more).toEqual([]);
  expect(sent.path).toBe('/v1/metrics');
  expect(sent.contentType).toMatch(/^application\/json/);
  const text = sent.body.toString('utf8');
  const names = [...text.matchAll(/"name":"(bot_[a-z_]+)"/g)].map((match) => match[1]);
  expect(names).toEqual(
    expect.arrayContaining([
      'bot_turns_total',
      'bot_turn_duration_seconds',
      'bot_conversations_total',
      'bot_lookups_total',
      'bot_lookup_duration_seconds',
    ]),
  );
  expect(text).toContain('"stringValue":"shop-bot"');
  expect(text).toContain('{"key":"result","value":{"stringValue":"found"}}');
  for (const secret of ['SEARCH', DEMO.checkpoints.delivered, CREDENTIALS.token])
    expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
});

test('each instance names itself in its export (service.instance.id, new at every start): a collector keeps the counters of several instances apart', async () => {
  const instanceOf = async () => {
    await lookupThenStop({
      OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: `${collector.url}/v1/metrics`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    });
    const text = collector.received
      .splice(0)
      .map((received) => received.body.toString('utf8'))
      .join('\n');
    return /\{"key":"service\.instance\.id","value":\{"stringValue":"([^"]+)"\}\}/.exec(text)?.[1];
  };
  const [one, other] = [await instanceOf(), await instanceOf()];
  expect(one).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(other).toMatch(/^[0-9a-f-]{36}$/);
  expect(other).not.toBe(one);
});

test("http/protobuf (the default), to the signal's own endpoint: the same names, in protobuf", async () => {
  await lookupThenStop({ OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: `${collector.url}/otlp/metrics` });
  const [sent] = collector.received;
  expect(sent.path).toBe('/otlp/metrics');
  expect(sent.contentType).toBe('application/x-protobuf');
  // Protobuf keeps strings as UTF-8 bytes: the names and label values are readable in the body.
  const body = sent.body.toString('latin1');
  for (const name of ['bot_turns_total', 'bot_lookups_total', 'bot_lookup_duration_seconds', 'order-tracking-bot'])
    expect(body).toContain(name);
  expect(body).not.toContain('SEARCH');
});

test('a collector that is down: a warning in the log, and the service still answers and stops cleanly', async () => {
  const { output, code } = await lookupThenStop({
    OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: 'http://127.0.0.1:9/v1/metrics',
    OTEL_EXPORTER_OTLP_TIMEOUT: '500',
  });
  expect(output).toContain('metrics export failed');
  expect(output).toContain('"msg":"metrics on"');
  expect(code).toBe(0);
});
