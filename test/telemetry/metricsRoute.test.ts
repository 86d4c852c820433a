/**
 * What an operator's Prometheus sees at GET /metrics (issue #27), over real HTTP: customers talk to the bot on
 * loopback (the interface simulators behind it), and each metric moves when its event happens. The route needs
 * METRICS_TOKEN as a bearer token and does not exist without it; nothing in its text is an identifier, an id,
 * a customer's words or a secret.
 */
import { DEMO, SIM_ACCESS_TOKEN, SIM_PHONE_NUMBER_ID, startGraphApiSimulator } from '../../sandbox/simulators';
import { WhatsAppCustomer } from '../channels/whatsapp/metaSide';
import { answerOf, configFor, startApp, type RunningApp } from '../support/app';
import { TestChannel } from '../support/channel';
import { API_KEY, CREDENTIALS, useSimulators } from '../support/upstreams';
import { parsePrometheus, valueOf, type Sample } from './prometheusText';
import { whatsAppEnv } from '../support/whatsAppSettings';

const TOKEN = 'metrics-SECRET-token-0003';
const upstreams = useSimulators();
let running: RunningApp | undefined;
afterEach(() => running?.close());

async function start(env: NodeJS.ProcessEnv = {}): Promise<RunningApp> {
  running = await startApp(configFor(upstreams, { METRICS_TOKEN: TOKEN, ORDER_NUMBER_PATTERN: 'ORD-\\d{4}', ...env }));
  return running;
}

function scrape(
  app: RunningApp,
  authorization?: string,
): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
  return fetch(`${app.url}/metrics`, { headers: authorization ? { authorization } : {} }).then(answerOf);
}

async function samples(app: RunningApp): Promise<Sample[]> {
  const answer = await scrape(app, `Bearer ${TOKEN}`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(answer.text);
}

function customer(
  app: RunningApp,
  options: { channelId?: string; conversationId?: string; userId?: string } = {},
): TestChannel {
  return new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'en-US', ...options });
}

describe('GET /metrics', () => {
  test('without METRICS_TOKEN the route does not exist', async () => {
    const app = await start({ METRICS_TOKEN: '' });
    const answer = await scrape(app, `Bearer ${TOKEN}`);
    expect(answer.status).toBe(404);
  });

  test('without the token, or with a wrong one, 401 in the one error shape, and the token in no reply or log line', async () => {
    const app = await start();
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const answer = await scrape(app, authorization);
      expect({ authorization, status: answer.status, body: answer.body }).toEqual({
        authorization,
        status: 401,
        body: {
          code: 'unauthenticated',
          message: expect.stringContaining('METRICS_TOKEN') as unknown,
          argument: 'Authorization',
        },
      });
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(answer.text).not.toContain(TOKEN.slice(8));
    }
    await samples(app);
    expect(app.logs.join('\n')).not.toContain(TOKEN.slice(8));
  });

  test('OTEL_SDK_DISABLED=true turns it off even with the token set', async () => {
    const app = await start({ OTEL_SDK_DISABLED: 'TRUE' });
    expect((await scrape(app, `Bearer ${TOKEN}`)).status).toBe(404);
  });
});

describe('what the metrics count, as customers talk', () => {
  test('a found order, a miss and a refused number: each lookup counted by kind, interface and result; turns and conversations by channel', async () => {
    const app = await start();
    const web = customer(app);
    await web.say({
      type: 'conversationUpdate',
      membersAdded: [{ id: 'customer', name: 'Customer' }],
      text: undefined,
    });
    await web.say(DEMO.checkpoints.delivered);
    await web.say(DEMO.trackings.trackingNumbers.unknown);
    // The interface refuses the number (invalid_argument): the customer hears "not found", the operator sees refused.
    upstreams.trackings.inject({
      kind: 'status',
      status: 400,
      body: {
        code: 'invalid_argument',
        message: 'bad',
        details: [{ type: 'google.rpc.BadRequest', debug: { fieldViolations: [{ field: 'tracking_number' }] } }],
      },
    });
    await web.say(DEMO.trackings.trackingNumbers.inTransit);
    await customer(app, { channelId: 'msteams' }).say(DEMO.checkpoints.delivered);

    const metrics = await samples(app);
    expect(
      valueOf(metrics, 'bot_lookups_total', {
        kind: 'order_number',
        interface: 'checkpoints',
        result: 'found',
        via: 'chat',
      }),
    ).toBe(2);
    expect(
      valueOf(metrics, 'bot_lookups_total', {
        kind: 'tracking_number',
        interface: 'trackings',
        result: 'not_found',
        via: 'chat',
      }),
    ).toBe(1);
    expect(
      valueOf(metrics, 'bot_lookups_total', {
        kind: 'tracking_number',
        interface: 'trackings',
        result: 'refused',
        via: 'chat',
      }),
    ).toBe(1);
    expect(valueOf(metrics, 'bot_turns_total', { channel: 'webchat' })).toBe(4);
    expect(valueOf(metrics, 'bot_turns_total', { channel: 'msteams' })).toBe(1);
    expect(valueOf(metrics, 'bot_turn_duration_seconds_count', { channel: 'webchat' })).toBe(4);
    expect(valueOf(metrics, 'bot_conversations_total', { channel: 'webchat' })).toBe(1);
    expect(valueOf(metrics, 'bot_conversations_total', { channel: 'msteams' })).toBe(1);
    expect(valueOf(metrics, 'bot_lookup_duration_seconds_count', { interface: 'checkpoints' })).toBe(2);
    expect(valueOf(metrics, 'bot_lookup_duration_seconds_count', { interface: 'trackings' })).toBe(2);
  });

  test('a lookup answered from the cache counts as cached', async () => {
    const app = await start({ LOOKUP_CACHE_TTL_MS: '60000' });
    const web = customer(app);
    await web.say(DEMO.checkpoints.delivered);
    await web.say(DEMO.checkpoints.delivered);
    const metrics = await samples(app);
    expect(
      valueOf(metrics, 'bot_lookups_total', {
        kind: 'order_number',
        interface: 'checkpoints',
        result: 'found',
        via: 'chat',
      }),
    ).toBe(1);
    expect(
      valueOf(metrics, 'bot_lookups_total', {
        kind: 'order_number',
        interface: 'checkpoints',
        result: 'cached',
        via: 'chat',
      }),
    ).toBe(1);
    expect(valueOf(metrics, 'bot_lookup_duration_seconds_count', { interface: 'checkpoints' })).toBe(1);
  });

  test('an interface that answers 503 then 429 then works: two retries, each by its reason', async () => {
    const app = await start();
    upstreams.checkpoints.inject({ kind: 'status', status: 503 }, { kind: 'status', status: 429, retryAfter: '1' });
    await customer(app).say(DEMO.checkpoints.delivered);
    const metrics = await samples(app);
    expect(valueOf(metrics, 'bot_upstream_retries_total', { interface: 'checkpoints', reason: 'server_error' })).toBe(
      1,
    );
    expect(valueOf(metrics, 'bot_upstream_retries_total', { interface: 'checkpoints', reason: 'rate_limited' })).toBe(
      1,
    );
    expect(
      valueOf(metrics, 'bot_lookups_total', {
        kind: 'order_number',
        interface: 'checkpoints',
        result: 'found',
        via: 'chat',
      }),
    ).toBe(1);
  });

  test('the lookup limit: the refused lookup counts as limited, and the limit as hit in the conversation', async () => {
    const app = await start({ LOOKUP_LIMIT: '1' });
    const web = customer(app);
    await web.say(DEMO.checkpoints.delivered);
    await web.say(DEMO.checkpoints.inTransitMultiShipment);
    const metrics = await samples(app);
    expect(
      valueOf(metrics, 'bot_lookups_total', {
        kind: 'order_number',
        interface: 'checkpoints',
        result: 'limited',
        via: 'chat',
      }),
    ).toBe(1);
    expect(valueOf(metrics, 'bot_limits_hit_total', { limit: 'lookups', scope: 'conversation' })).toBe(1);
  });

  test('which limit refused: a guesser after three misses apart from a customer asking for a person too often', async () => {
    const app = await start({ HANDOFF: 'botframework', HANDOFF_LIMIT: '1' });
    const guesser = customer(app);
    for (const guess of ['ZZ77MISS0001', 'ZZ77MISS0002', 'ZZ77MISS0003', 'ZZ77MISS0004'])
      await guesser.say(`tracking number ${guess}`);
    const impatient = customer(app);
    await impatient.say('I want to talk to a human');
    await impatient.say({ type: 'event', name: 'handoff.status', value: { state: 'completed' } });
    await impatient.say('I want to talk to a human');
    const metrics = await samples(app);
    expect(valueOf(metrics, 'bot_limits_hit_total', { limit: 'misses', scope: 'conversation' })).toBe(1);
    expect(valueOf(metrics, 'bot_limits_hit_total', { limit: 'handoffs', scope: 'conversation' })).toBe(1);
    expect(valueOf(metrics, 'bot_limits_hit_total', { limit: 'lookups', scope: 'conversation' })).toBe(0);
  });

  test('a customer asks for a person and the hub accepts: a handoff initiated, then accepted', async () => {
    const app = await start({ HANDOFF: 'botframework' });
    const web = customer(app);
    await web.say(DEMO.checkpoints.delivered);
    await web.say('I want to talk to a human');
    await web.say({ type: 'event', name: 'handoff.status', value: { state: 'accepted' } });
    const metrics = await samples(app);
    expect(valueOf(metrics, 'bot_handoffs_total', { mode: 'botframework', state: 'initiated' })).toBe(1);
    expect(valueOf(metrics, 'bot_handoffs_total', { mode: 'botframework', state: 'accepted' })).toBe(1);
  });

  test('a channel nobody knows is counted as other: a caller cannot grow the label set', async () => {
    const app = await start();
    await customer(app, { channelId: 'made-up-channel-4711' }).say('hello');
    const metrics = await samples(app);
    expect(valueOf(metrics, 'bot_turns_total', { channel: 'other' })).toBe(1);
    expect(
      metrics.filter(
        (sample) =>
          sample.name.startsWith('bot_') && Object.values(sample.labels).some((value) => value.includes('4711')),
      ),
    ).toEqual([]);
  });
});

test("nothing in the whole text is an identifier, a user or conversation id, a customer's words or a secret", async () => {
  const app = await start({
    HANDOFF: 'botframework',
    LOOKUP_CACHE_TTL_MS: '60000',
    TRACKINGS_STORES: 'store-us-1=Example Store US, store-uk-1=Example Store UK',
  });
  const USER = 'user-SEARCH-9b2c';
  const CONVERSATION = 'conv-SEARCH-7f3a';
  const web = customer(app, { userId: USER, conversationId: CONVERSATION });
  const typed = [
    DEMO.checkpoints.inTransitMultiShipment,
    'my order #1001 from Example Store UK',
    DEMO.trackings.trackingNumbers.unknown,
    'ZZ77SEARCH01',
    'where is my parcel SEARCHWORDS',
    'talk to a person',
  ];
  for (const said of typed) await web.say(said);
  await customer(app, { channelId: 'SEARCH-channel' }).say(DEMO.trackings.orderIds.singleShipment);
  const text = (await scrape(app, `Bearer ${TOKEN}`)).text;
  // The search reads what is there.
  expect(text).toContain('bot_lookups_total{kind="order_number"');
  for (const secret of [
    USER,
    CONVERSATION,
    'SEARCH',
    '#1001',
    'Example Store',
    'ORD-',
    DEMO.trackings.trackingNumbers.unknown,
    DEMO.trackings.orderIds.singleShipment,
    TOKEN,
    CREDENTIALS.token,
    API_KEY,
    'parcel',
  ]) {
    expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
  }
});

test('a WhatsApp customer: their phone number, and the message ids that encode it, in no metric name, label or value', async () => {
  const graph = await startGraphApiSimulator();
  try {
    const PHONE = '5491155554321';
    const app = await start({
      ...whatsAppEnv(graph, { appSecret: 'app-SECRET-metrics', verifyToken: 'verify-SECRET-metrics' }),
    });
    const phone = new WhatsAppCustomer(`${app.url}/api/whatsapp`, 'app-SECRET-metrics', SIM_PHONE_NUMBER_ID, PHONE);
    const ids = [phone.nextId(), phone.nextId(), phone.nextId()];
    for (const [i, words] of [
      'where is ORD-1001',
      `and ${DEMO.trackings.trackingNumbers.inTransit}?`,
      'talk to a person',
    ].entries())
      expect(await phone.deliver(phone.text(words, ids[i]))).toBe(200);
    await app.app.whatsapp!.idle();
    expect(graph.sent.length).toBeGreaterThan(2);
    const text = (await scrape(app, `Bearer ${TOKEN}`)).text;
    // The search reads what is there: the WhatsApp turns are counted.
    expect(valueOf(parsePrometheus(text), 'bot_turns_total', { channel: 'whatsapp' })).toBe(3);
    for (const secret of [
      PHONE,
      PHONE.slice(-7),
      ...ids,
      ...ids.map((id) => id.slice(6)),
      'ORD-1001',
      DEMO.trackings.trackingNumbers.inTransit,
      SIM_ACCESS_TOKEN,
    ]) {
      expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
    }
  } finally {
    await graph.close();
  }
});
