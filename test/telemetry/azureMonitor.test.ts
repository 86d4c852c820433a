/**
 * Application Insights (issue #27): with APPLICATIONINSIGHTS_CONNECTION_STRING the traces and the metrics go
 * to its ingestion endpoint, here a stand-in on loopback. A customer looks up a moving parcel (the first
 * attempt rate-limited), asks for updates, and one arrives: the turns arrive as requests, the lookups and
 * HTTP attempts as dependencies, the update's check as a trace of its own linked to the turn that started
 * the watch, and the metrics under our names. Nothing exported names a number, an id, a token or a key.
 * What else the exporter does: azureMonitorOffline.test.ts.
 */
import { DEMO, startCheckpointsSimulator, startTrackingsSimulator, type Simulator } from '../../sandbox/simulators';
import { configFor, startApp } from '../support/app';
import { conversation } from '../support/transcript';
import { startConnector, TestChannel, type Connector } from '../support/channel';
import { FakeClock } from '../support/fakeClock';
import { trustedLoopbackCertificate } from '../support/loopbackTls';
import { API_KEY, CREDENTIALS } from '../support/upstreams';
import { readKql, readWorkbook, typeFilterPasses } from './kql';
import { connectionString, startIngestion } from './azureIngestion';

const workbook = readWorkbook();

const MINUTE = 60_000;
const USER = 'user-SEARCH-insights-0011';
const CONVERSATION = 'conv-SEARCH-insights-0012';

interface Envelope {
  name: string;
  tags: Record<string, string>;
  data: {
    baseType: string;
    baseData: {
      name?: string;
      id?: string;
      success?: boolean;
      resultCode?: string;
      type?: string;
      target?: string;
      data?: string;
      properties?: Record<string, string>;
      metrics?: Array<{ name: string }>;
    };
  };
}

/** The moving parcel's time: it moves when the test says. */
let parcelTime = Date.now();
const upstreams = {} as { checkpoints: Simulator; trackings: Simulator };
let connector: Connector;
let tls: ReturnType<typeof trustedLoopbackCertificate>;
beforeAll(async () => {
  tls = trustedLoopbackCertificate();
  [upstreams.checkpoints, upstreams.trackings, connector] = await Promise.all([
    startCheckpointsSimulator({ userId: CREDENTIALS.userId, token: CREDENTIALS.token, now: () => parcelTime }),
    startTrackingsSimulator({ apiKey: API_KEY }),
    startConnector(),
  ]);
});
afterAll(async () => {
  await Promise.all([upstreams.checkpoints.close(), upstreams.trackings.close(), connector.close()]);
  tls.restore();
});

test('turns arrive as requests, lookups and attempts as dependencies, an update as a trace linked to its watch, the metrics by name; nothing personal or secret', async () => {
  const ingestion = await startIngestion(tls);
  const clock = new FakeClock();
  const running = await startApp(
    configFor(upstreams, {
      APPLICATIONINSIGHTS_CONNECTION_STRING: connectionString(ingestion.url),
      NOTIFY_INTERVAL_MS: String(MINUTE),
      ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
    }),
    { clock },
  );
  try {
    const customer = new TestChannel({
      botUrl: running.url,
      mode: 'normal',
      connector,
      locale: 'en',
      conversationId: CONVERSATION,
      userId: USER,
    });
    upstreams.checkpoints.inject({ kind: 'status', status: 429, retryAfter: '0' });
    await customer.say(DEMO.checkpoints.delivered);
    await customer.say(DEMO.checkpoints.moving);
    await customer.say('Notify me');
    parcelTime += MINUTE;
    await clock.sleep(MINUTE);
    await running.app.updates.scheduler.runDue();
    expect(connector.received.at(-1)?.activity.text).toMatch(/^News on ORD-1014: /);
    await running.app.telemetry.flush();
  } finally {
    await running.app.telemetry.shutdown();
    await running.close();
    await ingestion.close();
  }

  const envelopes = ingestion.bodies.flatMap((body) => JSON.parse(body) as Envelope[]);
  const requests = envelopes.filter((envelope) => envelope.data.baseType === 'RequestData');
  const dependencies = envelopes.filter((envelope) => envelope.data.baseType === 'RemoteDependencyData');
  expect(
    requests.map((request) => [
      request.data.baseData.name,
      request.data.baseData.success,
      request.data.baseData.properties?.['bot.channel'],
    ]),
  ).toEqual(Array(3).fill(['bot.turn', true, 'webchat']));
  const lookups = dependencies.filter((dependency) => dependency.data.baseData.name === 'tracking.lookup');
  // Two asked, one when the watch starts, one when it is checked (the tests' cache is off).
  expect(lookups.map((lookup) => lookup.data.baseData.properties?.['tracking.result'])).toEqual(Array(4).fill('found'));
  // Application Insights names an HTTP dependency by its method and path (never the query).
  const attempts = dependencies.filter((dependency) => dependency.data.baseData.type === 'Http');
  expect(
    attempts.map((attempt) => [
      attempt.data.baseData.name,
      attempt.data.baseData.resultCode,
      attempt.data.baseData.success,
    ]),
  ).toEqual([
    ['GET /v2/checkpoints', '429', false],
    ['GET /v2/checkpoints', '200', true],
    ['GET /v2/checkpoints', '200', true],
    ['GET /v2/checkpoints', '200', true],
    ['GET /v2/checkpoints', '200', true],
  ]);
  for (const attempt of attempts)
    expect(attempt.data.baseData.data).toMatch(/\/v2\/checkpoints\?user=REDACTED&orderNo=REDACTED&lang=REDACTED$/);
  // The workbook's interface latency reads these very dependencies: its type filter lets each through (the exporter
  // writes "Http", and KQL's == is case-sensitive), and each carries the dimensions it reads (its interface's name, not a host).
  const latency = workbook.items.find((item) => item.content.title === 'Tracking interfaces: p50 and p95')!.content
    .query;
  const read = readKql(latency).dimensions.map((dimension) => dimension.key);
  expect(read).toEqual(['tracking.interface']);
  for (const attempt of attempts) {
    expect({
      type: attempt.data.baseData.type,
      passes: typeFilterPasses(latency, attempt.data.baseData.type!),
    }).toEqual({ type: 'Http', passes: true });
    expect(attempt.data.baseData.properties).toMatchObject({ 'tracking.interface': 'checkpoints' });
  }

  // The update's check: a trace of its own, with the lookup and the attempt in it, linked to the "Notify me" turn.
  const [check] = dependencies.filter((dependency) => dependency.data.baseData.name === 'watch.check');
  expect(check.data.baseData.properties).toMatchObject({ 'watch.result': 'changed', 'watch.update': 'sent' });
  const checkTrace = check.tags['ai.operation.id'];
  expect(requests.map((request) => request.tags['ai.operation.id'])).not.toContain(checkTrace);
  const [link] = JSON.parse(check.data.baseData.properties!['_MS.links']) as Array<{
    operation_Id: string;
    id: string;
  }>;
  expect(requests.at(-1)).toMatchObject({
    tags: { 'ai.operation.id': link.operation_Id },
    data: { baseData: { id: link.id } },
  });
  expect(
    dependencies
      .filter((dependency) => dependency.tags['ai.operation.id'] === checkTrace)
      .map((dependency) => dependency.data.baseData.name)
      .sort(),
  ).toEqual(['GET /v2/checkpoints', 'tracking.lookup', 'watch.check']);

  const metrics = envelopes
    .filter((envelope) => envelope.data.baseType === 'MetricData')
    .flatMap((envelope) => envelope.data.baseData.metrics!.map((metric) => metric.name));
  expect(metrics).toEqual(
    expect.arrayContaining([
      'bot_turns_total',
      'bot_lookups_total',
      'bot_lookup_duration_seconds',
      'bot_upstream_retries_total',
      'bot_watch_updates_total',
    ]),
  );

  const exported = ingestion.bodies.join('\n');
  for (const secret of [
    DEMO.checkpoints.delivered,
    DEMO.checkpoints.moving,
    USER,
    CONVERSATION,
    'SEARCH',
    CREDENTIALS.token,
    API_KEY,
  ])
    expect({ secret, found: exported.includes(secret) }).toEqual({ secret, found: false });
  // The user id is four digits: searched in every property and every name, not in ids and times.
  const texts = envelopes.flatMap((envelope) => [
    envelope.data.baseData.name ?? '',
    envelope.data.baseData.data ?? '',
    envelope.data.baseData.target ?? '',
    ...Object.entries(envelope.data.baseData.properties ?? {})
      .filter(([key]) => key !== '_MS.links')
      .flat(),
  ]);
  expect(texts.filter((text) => text.includes(CREDENTIALS.userId))).toEqual([]);
});

test('a turn that fails anyway (botbuilder crashing on an odd activity) is a failed request that says nothing of the activity; the next turn is its own, and succeeds', async () => {
  const ingestion = await startIngestion(tls);
  const talk = conversation(
    configFor(upstreams, { APPLICATIONINSIGHTS_CONNECTION_STRING: connectionString(ingestion.url) }),
    { channelId: 'webchat', locale: 'en-US' },
  );
  try {
    // What the HTTP route refuses, straight into the bot: botbuilder's mention lookup calls type.toLowerCase() on it.
    const [sorry] = await talk.say({
      text: 'ORD-7701',
      entities: [{}] as never,
      recipient: { id: 'bot', name: 'Bot' },
    });
    expect(sorry.text).toBe('Sorry, something went wrong on my side. Please send that again.');
    await talk.say('hello');
    await talk.telemetry.flush();

    const envelopes = ingestion.bodies.flatMap((body) => JSON.parse(body) as Envelope[]);
    const turns = envelopes.filter(
      (envelope) => envelope.data.baseType === 'RequestData' && envelope.data.baseData.name === 'bot.turn',
    );
    expect(turns.map((turn) => turn.data.baseData.success)).toEqual([false, true]);
    // The span's error.type is an HTTP convention the exporter keeps out of custom properties: the request is failed, and no more.
    expect(turns[0].data.baseData.properties).toEqual({ 'bot.channel': 'webchat', 'bot.activity_type': 'message' });
    expect(turns[0].tags['ai.operation.id']).not.toBe(turns[1].tags['ai.operation.id']);
    expect(ingestion.bodies.join('\n')).not.toContain('ORD-7701');
  } finally {
    await talk.telemetry.shutdown();
    await ingestion.close();
  }
});
