/**
 * Traces to a collector (issue #27): a customer's turns (found, from the cache, not found, refused by a rate
 * limit and retried, failed after its retries, a tracking number on Interface B, a handoff) reach a stand-in
 * OTLP collector on loopback as one trace per turn: `bot.turn`, its `tracking.lookup`s, and an HTTP client
 * span per attempt, whose traceparent is what the interface received. The log lines written in a span name
 * it. And nothing exported carries a number, an id, a token or a key. The service runs in its own process,
 * as in otlpExport.test.ts (the OTLP exporter's dynamic import of http), and its stop sends the last spans.
 */
import { DEMO, SIM_ACCESS_TOKEN, SIM_PHONE_NUMBER_ID, startGraphApiSimulator } from '../../sandbox/simulators';
import { WhatsAppCustomer } from '../channels/whatsapp/metaSide';
import { TestChannel } from '../support/channel';
import { startService, stopAllServices } from '../support/serviceProcess';
import { API_KEY, CREDENTIALS, upstreamEnv, useSimulators } from '../support/upstreams';
import { useCollector } from './collector';
import { exportedSpans, traceparentOf, type ExportedSpan } from './otlpTraces';
import { whatsAppEnv } from '../support/whatsAppSettings';

const USER = 'user-SEARCH-traces-0009';
const CONVERSATION = 'conv-SEARCH-traces-0010';
const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;

const upstreams = useSimulators();
const collector = useCollector();
afterAll(() => stopAllServices());

/** The service with these settings; each message said in turn; then its stop. What it logged. */
async function conversation(env: Record<string, string>, said: Array<string | (() => void)>): Promise<string> {
  const service = await startService({
    NODE_ENV: 'test',
    ...upstreamEnv(upstreams),
    ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
    UPSTREAM_MAX_ATTEMPTS: '2',
    HANDOFF: 'botframework',
    ...env,
  });
  const chat = new TestChannel({
    botUrl: service.url,
    mode: 'expectReplies',
    locale: 'en',
    conversationId: CONVERSATION,
    userId: USER,
  });
  for (const step of said) {
    if (typeof step === 'function') step();
    else expect((await chat.say(step)).status).toBe(200);
  }
  service.child.kill('SIGTERM');
  expect(await service.exited).toBe(0);
  return service.output();
}

/** A 429 that asks for no wait: retried at once, so no test waits for a backoff. */
const rateLimited = () => ({ kind: 'status', status: 429, retryAfter: '0' }) as const;

const childrenOf = (spans: ExportedSpan[], parent: ExportedSpan) =>
  spans.filter((span) => span.traceId === parent.traceId && span.parentSpanId === parent.spanId);

test('one trace per turn: bot.turn, its lookups, an HTTP span per attempt with the traceparent the interface received, and log lines that name their span', async () => {
  const output = await conversation(
    { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' },
    [
      () => upstreams.checkpoints.inject(rateLimited()),
      DEMO.checkpoints.delivered,
      DEMO.checkpoints.delivered,
      DEMO.checkpoints.unknown,
      () => upstreams.checkpoints.inject(rateLimited(), rateLimited()),
      DEMO.checkpoints.delayed,
      DEMO.trackings.trackingNumbers.inTransit,
      'talk to a person',
    ],
  );
  const spans = exportedSpans(collector.received);

  const turns = spans.filter((span) => span.name === 'bot.turn');
  expect(turns).toHaveLength(6);
  for (const turn of turns) {
    expect(turn).toMatchObject({
      kind: SERVER,
      parentSpanId: undefined,
      attributes: { 'bot.channel': 'webchat', 'bot.activity_type': 'message' },
    });
    expect(turn.status.code).not.toBe(ERROR);
  }
  expect(new Set(turns.map((turn) => turn.traceId)).size).toBe(6);

  // Each turn's lookup, in the order they were asked, child of its turn.
  const lookups = turns.map((turn) => childrenOf(spans, turn).filter((span) => span.name === 'tracking.lookup'));
  expect(lookups.map((each) => each.map((lookup) => lookup.attributes))).toEqual([
    [
      {
        'tracking.kind': 'order_number',
        'tracking.interface': 'checkpoints',
        'tracking.result': 'found',
        'tracking.cached': false,
      },
    ],
    [
      {
        'tracking.kind': 'order_number',
        'tracking.interface': 'checkpoints',
        'tracking.result': 'cached',
        'tracking.cached': true,
      },
    ],
    [
      {
        'tracking.kind': 'order_number',
        'tracking.interface': 'checkpoints',
        'tracking.result': 'not_found',
        'tracking.cached': false,
      },
    ],
    // Failed: by the error's class, never its message (which may quote the number).
    [
      {
        'tracking.kind': 'order_number',
        'tracking.interface': 'checkpoints',
        'tracking.result': 'failed',
        'tracking.cached': false,
        'error.type': 'RetriesExhaustedError',
      },
    ],
    [
      {
        'tracking.kind': 'tracking_number',
        'tracking.interface': 'trackings',
        'tracking.result': 'found',
        'tracking.cached': false,
      },
    ],
    // The handoff sums up the case from what was found, from the cache.
    [
      {
        'tracking.kind': 'order_number',
        'tracking.interface': 'checkpoints',
        'tracking.result': 'cached',
        'tracking.cached': true,
      },
      {
        'tracking.kind': 'tracking_number',
        'tracking.interface': 'trackings',
        'tracking.result': 'cached',
        'tracking.cached': true,
      },
    ],
  ]);
  expect(lookups[3][0].status).toEqual({ code: ERROR });

  // The attempts: the rate-limited one and its retry as siblings, none for the cached answer.
  const attempts = lookups.map(([lookup]) => (lookup ? childrenOf(spans, lookup) : []));
  const port = Number(new URL(upstreams.checkpoints.url).port);
  const query = 'user=REDACTED&orderNo=REDACTED&lang=REDACTED';
  expect(
    attempts[0].map((span) => ({
      name: span.name,
      kind: span.kind,
      attributes: span.attributes,
      status: span.status.code,
    })),
  ).toEqual([
    {
      name: 'GET',
      kind: CLIENT,
      attributes: {
        'http.request.method': 'GET',
        'server.address': '127.0.0.1',
        'server.port': port,
        'tracking.interface': 'checkpoints',
        'url.full': `${upstreams.checkpoints.url}/v2/checkpoints?${query}`,
        'http.response.status_code': 429,
        'error.type': '429',
      },
      status: ERROR,
    },
    {
      name: 'GET',
      kind: CLIENT,
      attributes: {
        'http.request.method': 'GET',
        'server.address': '127.0.0.1',
        'server.port': port,
        'tracking.interface': 'checkpoints',
        'url.full': `${upstreams.checkpoints.url}/v2/checkpoints?${query}`,
        'http.request.resend_count': 1,
        'http.response.status_code': 200,
      },
      // Unset: a client span that got its answer is not marked.
      status: 0,
    },
  ]);
  expect(attempts[1]).toEqual([]);
  expect(attempts[2].map((span) => span.attributes['http.response.status_code'])).toEqual([404]);
  expect(
    attempts[3].map((span) => [
      span.attributes['http.response.status_code'],
      span.attributes['http.request.resend_count'],
    ]),
  ).toEqual([
    [429, undefined],
    [429, 1],
  ]);
  expect(
    attempts[4].map((span) => [span.name, span.attributes['url.full'], span.attributes['http.response.status_code']]),
  ).toEqual([['POST', `${upstreams.trackings.url}/example.storeapi.v1.PublicAPI/ListTrackings`, 200]]);

  // On the wire: every request carried the traceparent of exactly one exported attempt, and every attempt was one request.
  const clientSpans = spans.filter((span) => span.kind === CLIENT);
  const onTheWire = [...upstreams.checkpoints.requests, ...upstreams.trackings.requests].map(
    (request) => request.headers.traceparent,
  );
  expect(onTheWire.sort()).toEqual(clientSpans.map((span) => traceparentOf(span)).sort());

  // The log lines written in a span carry its ids; the others none.
  const lines = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; trace_id?: string; span_id?: string });
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const upstreamCalls = lines.filter((line) => line.msg === 'upstream call' || line.msg === 'upstream call failed');
  // One line per call (its attempts in it): found, not found, failed, Interface B's.
  expect(upstreamCalls).toHaveLength(4);
  for (const line of upstreamCalls)
    expect(byId.get(line.span_id!)).toMatchObject({ name: 'tracking.lookup', traceId: line.trace_id });
  const turnLines = lines.filter((line) => line.msg === 'turn');
  expect(turnLines.map((line) => byId.get(line.span_id!)?.name)).toEqual(Array(6).fill('bot.turn'));
  expect(lines.find((line) => line.msg === 'order-tracking bot listening')).not.toHaveProperty('trace_id');
  expect(lines.find((line) => line.msg === 'traces on')).toMatchObject({
    otlp: { protocol: 'http/json' },
    sampler: { name: 'parentbased_always_on', ratio: 1 },
  });

  // Nothing personal or secret in any byte exported: numbers, ids, the token, the key.
  const exported = collector.received.map((each) => each.body.toString('utf8')).join('\n');
  const searched = [
    DEMO.checkpoints.delivered,
    DEMO.checkpoints.unknown,
    DEMO.checkpoints.delayed,
    DEMO.trackings.trackingNumbers.inTransit,
    USER,
    CONVERSATION,
    'SEARCH',
    CREDENTIALS.token,
    API_KEY,
  ];
  for (const secret of searched) expect({ secret, found: exported.includes(secret) }).toEqual({ secret, found: false });
  // The user id is four digits, which ids and timestamps may hold by chance: searched in every text of every span.
  const texts = spans.flatMap((span) => [
    span.name,
    span.status.message ?? '',
    ...Object.keys(span.attributes),
    ...Object.values(span.attributes).map(String),
  ]);
  expect(texts.filter((text) => text.includes(CREDENTIALS.userId))).toEqual([]);
});

test("http/protobuf (the default), to the signal's own endpoint: the spans arrive in protobuf, and the metrics are not switched on by it", async () => {
  await conversation({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.url}/otlp/traces` }, [
    DEMO.checkpoints.delivered,
  ]);
  expect(collector.received.map((each) => [each.path, each.contentType])).toEqual([
    ['/otlp/traces', 'application/x-protobuf'],
  ]);
  // Protobuf keeps strings as UTF-8 bytes: the span names and attribute values are readable in the body.
  const body = collector.received[0].body.toString('latin1');
  for (const text of ['bot.turn', 'tracking.lookup', 'tracking.result', 'found', 'url.full', 'REDACTED'])
    expect(body).toContain(text);
  expect(body).not.toContain(DEMO.checkpoints.delivered);
});

test('OTEL_TRACES_SAMPLER=always_off: nothing is exported, and the interfaces still receive a traceparent, marked not sampled', async () => {
  await conversation(
    {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_TRACES_SAMPLER: 'always_off',
    },
    [DEMO.checkpoints.delivered],
  );
  expect(exportedSpans(collector.received)).toEqual([]);
  const [request] = upstreams.checkpoints.requests;
  expect(request.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
});

test('a WhatsApp customer: their turns are traced, and no span carries their phone number or a message id (which encodes it)', async () => {
  const graph = await startGraphApiSimulator();
  const PHONE = '5491155554321';
  const SECRET = 'app-SECRET-traces-36';
  const ids: string[] = [];
  try {
    const service = await startService({
      NODE_ENV: 'test',
      ...upstreamEnv(upstreams),
      ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      ...whatsAppEnv(graph, { appSecret: SECRET, verifyToken: 'verify-SECRET-traces-36' }),
    });
    const phone = new WhatsAppCustomer(`${service.url}/api/whatsapp`, SECRET, SIM_PHONE_NUMBER_ID, PHONE);
    ids.push(phone.nextId(), phone.nextId());
    expect(await phone.deliver(phone.text(DEMO.checkpoints.delivered, ids[0]))).toBe(200);
    expect(await phone.deliver(phone.text(`and ${DEMO.trackings.trackingNumbers.inTransit}?`, ids[1]))).toBe(200);
    // The service is another process: its answers reach the stand-in when its turns are done.
    for (let i = 0; i < 500 && graph.sent.filter((sent) => sent.type === 'interactive').length < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  } finally {
    await graph.close();
  }
  const turns = exportedSpans(collector.received).filter((span) => span.name === 'bot.turn');
  expect(turns.map((turn) => turn.attributes['bot.channel'])).toEqual(['whatsapp', 'whatsapp']);
  const exported = collector.received.map((each) => each.body.toString('utf8')).join('\n');
  for (const secret of [
    PHONE,
    PHONE.slice(-7),
    ...ids,
    ...ids.map((id) => id.slice(6)),
    DEMO.checkpoints.delivered,
    DEMO.trackings.trackingNumbers.inTransit,
    SIM_ACCESS_TOKEN,
    SECRET,
  ]) {
    expect({ secret, found: exported.includes(secret) }).toEqual({ secret, found: false });
  }
});
