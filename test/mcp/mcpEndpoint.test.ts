/**
 * POST /mcp as an AI agent meets it: the official SDK's own client, over real HTTP on loopback, against the
 * started app and the interface simulators. The client speaks both eras: the 2025 handshake (initialize,
 * what Copilot Studio and most hosts send today) and the stateless 2026-07-28 protocol.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { TrackOutput } from '../../src/mcp/trackingTools';
import { BOT_IDENTITY, configFor, startApp, type RunningApp } from '../support/app';
import { fetchWithHost } from '../support/hostRequest';
import {
  AUDIENCE,
  claimsAt,
  CUSTOMER_SECRET,
  ISSUER,
  sharedSecret,
  signCustomerToken,
} from '../support/customerTokens';
import { useSimulators } from '../support/upstreams';
import { parsePrometheus, valueOf } from '../telemetry/prometheusText';

const upstreams = useSimulators();
const KEY = 'mcp-SECRET-key-0123456789abcdef';
const DL_SECRET = 'dl-SECRET-0123456789-abcdefghij';
const ID_SECRET = 'customer-ids-SECRET-0123456789abcdefgh';
const ORDER = 'ORD-1001';
const TRACKING_NUMBER = '1Z7X3F940344156200';
/** A JSON-RPC error, as the endpoint answers a refusal or a bad request. */
interface RpcError {
  jsonrpc: string;
  id: number | null;
  error: { code: number; message: string };
}

/** Signed-in customers possible; ORDER_DETAILS at the product's default, masked. */
const signInSettings = {
  ORDER_DETAILS: 'masked',
  DIRECTLINE_SECRET: DL_SECRET,
  WEBCHAT_ALLOWED_ORIGINS: 'https://shop.example',
  CUSTOMER_ID_SECRET: ID_SECRET,
  CUSTOMER_TOKEN_SECRET: CUSTOMER_SECRET,
  CUSTOMER_TOKEN_ISSUER: ISSUER,
  CUSTOMER_TOKEN_AUDIENCE: AUDIENCE,
};

const running: RunningApp[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const app of running.splice(0)) {
    // Nothing of what the agent asked about, nor the key, is in a log line.
    for (const line of app.logs)
      for (const secret of [ORDER, TRACKING_NUMBER, KEY, 'customer-8231']) expect(line).not.toContain(secret);
    await app.close();
  }
});

async function start(env: NodeJS.ProcessEnv = {}): Promise<RunningApp> {
  const app = await startApp(configFor(upstreams, { ...signInSettings, ...env }));
  running.push(app);
  return app;
}

async function connect(app: RunningApp, options: { key?: string; era?: 'legacy' | 'auto' } = {}): Promise<Client> {
  const client = new Client(
    { name: 'test-agent', version: '1.0.0' },
    { versionNegotiation: { mode: options.era ?? 'legacy' } },
  );
  const headers: Record<string, string> = options.key ? { Authorization: `Bearer ${options.key}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

const textOf = (result: { content?: unknown }) =>
  (result.content as Array<{ type: string; text: string }>).map((block) => block.text).join('\n');

describe.each(['legacy', 'auto'] as const)('an MCP client (%s negotiation)', (era) => {
  test('lists the two tools, each with its input and output schema, the privacy rule in the tracking one', async () => {
    const app = await start();
    const client = await connect(app, { era });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['list_orders', 'track']);
    const track = tools.find((tool) => tool.name === 'track')!;
    expect(Object.keys(track.inputSchema.properties ?? {}).sort()).toEqual([
      'customer_token',
      'identifier',
      'kind',
      'language',
      'store_id',
    ]);
    expect(track.inputSchema.required).toEqual(['identifier']);
    expect(track.outputSchema?.properties).toHaveProperty('shipments');
    expect(track.description).toMatch(/sign in/i);
  });

  test('tracks a tracking number: the carrier, the number and its link, and the text a chat channel gets', async () => {
    const app = await start();
    const client = await connect(app, { era });
    const result = await client.callTool({ name: 'track', arguments: { identifier: TRACKING_NUMBER } });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as TrackOutput;
    expect(answer).toMatchObject({ kind: 'tracking_number', details: 'full', found: true });
    expect(answer.shipments[0]).toMatchObject({
      status: 'in_transit',
      tracking_number: TRACKING_NUMBER,
      carrier: 'UPS',
    });
    expect(answer.shipments[0].tracking_link).toMatch(/^https:\/\//);
    expect(answer.shipments[0].events.length).toBeGreaterThan(0);
    expect(textOf(result)).toContain(TRACKING_NUMBER);
  });
});

describe('tracking an order number', () => {
  test("without a customer token: the visitor's view, masked as in Web Chat, and the text says where signing in shows more", async () => {
    const app = await start();
    const client = await connect(app);
    const result = await client.callTool({
      name: 'track',
      arguments: { identifier: ORDER, kind: 'order_number', language: 'de' },
    });
    const answer = result.structuredContent as TrackOutput;
    expect(answer).toMatchObject({ kind: 'order_number', details: 'masked', found: true });
    expect(answer.shipments[0].status).toBe('delivered');
    for (const hidden of ['carrier', 'tracking_number', 'tracking_link'])
      expect(answer.shipments[0]).not.toHaveProperty(hidden);
    expect(answer.shipments[0].events.every((event: object) => !('location' in event))).toBe(true);
    // The answer a German text channel gets: its intro, and how to see the rest.
    expect(textOf(result)).toContain('Im Chat unserer Website sehen Sie angemeldet');
    expect(textOf(result)).not.toMatch(/DHL/);
  });

  test("with the owner's customer token: the owner's view, the order recognized without a kind by the shop's format", async () => {
    const app = await start({ ORDER_NUMBER_PATTERN: 'ORD-\\d{4}' });
    const client = await connect(app);
    const token = await signCustomerToken(claimsAt(app.clock.now()), { alg: 'HS256', key: sharedSecret() });
    const result = await client.callTool({ name: 'track', arguments: { identifier: ORDER, customer_token: token } });
    const answer = result.structuredContent as TrackOutput;
    expect(answer).toMatchObject({ kind: 'order_number', details: 'full', found: true });
    expect(answer.shipments[0]).toMatchObject({ carrier: 'DHL', tracking_number: expect.any(String) as unknown });
  });

  test("a customer token that does not own the order: the visitor's view, and the text says it is not theirs", async () => {
    const app = await start();
    const client = await connect(app);
    const token = await signCustomerToken(
      claimsAt(app.clock.now(), { orders: [{ input_type: 'order_number', identifier: 'ORD-1002' }] }),
      { alg: 'HS256', key: sharedSecret() },
    );
    const result = await client.callTool({
      name: 'track',
      arguments: { identifier: ORDER, kind: 'order_number', customer_token: token },
    });
    expect(result.structuredContent).toMatchObject({ details: 'masked', found: true });
    expect(textOf(result)).toContain("This order isn't in your account");
  });

  test('ORDER_DETAILS=verified: without the owner’s token, not found, and the interface is not even asked', async () => {
    const app = await start({ ORDER_DETAILS: 'verified' });
    const client = await connect(app);
    const result = await client.callTool({ name: 'track', arguments: { identifier: ORDER, kind: 'order_number' } });
    expect(result.structuredContent).toEqual({ kind: 'order_number', found: false, details: 'full', shipments: [] });
    expect(upstreams.checkpoints.requests).toHaveLength(0);
  });

  test('a refused customer token is an error that asks the user to sign in again, not a retry', async () => {
    const app = await start();
    const client = await connect(app);
    const result = await client.callTool({
      name: 'track',
      arguments: { identifier: ORDER, kind: 'order_number', customer_token: 'not-a-token' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/sign in/i);
  });

  test('list_orders: the signed-in customer’s orders from their token', async () => {
    const app = await start();
    const client = await connect(app);
    const token = await signCustomerToken(claimsAt(app.clock.now()), { alg: 'HS256', key: sharedSecret() });
    const result = await client.callTool({ name: 'list_orders', arguments: { customer_token: token } });
    expect(result.structuredContent).toEqual({ orders: [{ kind: 'order_number', identifier: ORDER, title: ORDER }] });
    expect(textOf(result)).toContain(ORDER);
  });
});

test('a lookup through MCP is counted as one, apart from the chat’s, and a second ask comes from the bot’s cache', async () => {
  const app = await start({ METRICS_TOKEN: 'metrics-SECRET-token-0123456789', LOOKUP_CACHE_TTL_MS: '60000' });
  const client = await connect(app);
  for (let ask = 0; ask < 2; ask++)
    await client.callTool({ name: 'track', arguments: { identifier: TRACKING_NUMBER } });
  const metrics = parsePrometheus(
    await (
      await fetch(`${app.url}/metrics`, { headers: { authorization: 'Bearer metrics-SECRET-token-0123456789' } })
    ).text(),
  );
  expect(
    valueOf(metrics, 'bot_lookups_total', {
      kind: 'tracking_number',
      interface: 'trackings',
      result: 'found',
      via: 'mcp',
    }),
  ).toBe(1);
  expect(
    valueOf(metrics, 'bot_lookups_total', {
      kind: 'tracking_number',
      interface: 'trackings',
      result: 'cached',
      via: 'mcp',
    }),
  ).toBe(1);
  expect(upstreams.trackings.requests).toHaveLength(1);
});

test("the docs' one-line try (a bare tools/call, as curl sends it) answers the tracking number", async () => {
  const app = await start();
  const call = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'track', arguments: { identifier: TRACKING_NUMBER } },
  };
  const { status, text } = await app.post('/mcp', call, { Accept: 'application/json, text/event-stream' });
  expect(status).toBe(200);
  const data = JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? text) as { result: { structuredContent: unknown } };
  expect(data.result.structuredContent).toMatchObject({ kind: 'tracking_number', found: true });
});

describe('the door', () => {
  const rpc = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
  const accept = { Accept: 'application/json, text/event-stream' };

  test('without ACTIONS_API_KEY, outside production: this machine only, by its own name', async () => {
    const app = await start();
    const answer = await fetchWithHost<RpcError>(`${app.url}/mcp`, 'rebound.example', rpc);
    expect(answer.status).toBe(401);
    expect(answer.body.error.message).toContain('only this machine');
  });

  test('ACTIONS_RATE_LIMIT per client: past it, a JSON-RPC error and Retry-After', async () => {
    const app = await start({ ACTIONS_RATE_LIMIT: '2' });
    for (let call = 0; call < 2; call++) expect((await app.post('/mcp', rpc, accept)).status).toBe(200);
    const response = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...accept },
      body: JSON.stringify(rpc),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { code: expect.any(Number) as unknown, message: expect.stringContaining('ACTIONS_RATE_LIMIT') as unknown },
    });
  });

  test('with ACTIONS_API_KEY set, a client without the key is refused, and one with it is let in', async () => {
    const app = await start({ NODE_ENV: 'production', ...BOT_IDENTITY, ACTIONS_API_KEY: KEY });
    await expect(connect(app)).rejects.toThrow(/401|unauthorized|key/i);
    const client = await connect(app, { key: KEY });
    expect((await client.listTools()).tools).toHaveLength(2);
  });

  test('in production without ACTIONS_API_KEY the endpoint is off', async () => {
    const app = await start({ NODE_ENV: 'production', ...BOT_IDENTITY });
    const { status } = await app.post(
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { Accept: 'application/json, text/event-stream' },
    );
    expect(status).toBe(404);
  });

  test('the refusal is a JSON-RPC error naming where the key goes, never the key', async () => {
    const app = await start({ NODE_ENV: 'production', ...BOT_IDENTITY, ACTIONS_API_KEY: KEY });
    const { status, body, text } = await app.post(
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { Authorization: 'Bearer wrong', Accept: 'application/json, text/event-stream' },
    );
    expect(status).toBe(401);
    expect(body).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: expect.any(Number) as unknown,
        message: expect.stringContaining('Authorization: Bearer') as unknown,
      },
    });
    expect(text).not.toContain(KEY);
  });
});

describe('bad requests get a JSON-RPC error, never a 500', () => {
  const accept = { Accept: 'application/json, text/event-stream' };
  test.each([
    ['not JSON', '{"jsonrpc":', 400, -32700],
    [
      'nested too deep',
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: JSON.parse('{"a":'.repeat(40) + '1' + '}'.repeat(40)) as unknown,
      }),
      400,
      -32600,
    ],
    [
      'larger than the limit',
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(70_000) } }),
      413,
      -32600,
    ],
    ['an empty batch', '[]', 400, -32600],
  ])('%s', async (_what, body, status, code) => {
    const app = await start();
    const answer = await app.post<Partial<RpcError> | undefined>('/mcp', body, accept);
    expect({ status: answer.status, error: answer.body?.error?.code, jsonrpc: answer.body?.jsonrpc }).toEqual({
      status,
      error: code,
      jsonrpc: '2.0',
    });
  });

  test.each([
    ['a body that is not JSON by its type', { 'Content-Type': 'text/plain' }, 415],
    ['a compressed body', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, 415],
  ])('%s: the server’s own refusal, in JSON-RPC', async (_what, headers, status) => {
    const app = await start();
    const response = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { ...accept, ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringMatching(/Content-(Type|Encoding)/) as unknown },
    });
  });

  test('another method than POST: 405, in JSON-RPC', async () => {
    const app = await start();
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const response = await fetch(`${app.url}/mcp`, { method, headers: accept });
      expect({ method, status: response.status, body: await response.json() }).toMatchObject({
        method,
        status: 405,
        body: { jsonrpc: '2.0', error: { code: -32600 } },
      });
    }
  });

  test('a tool called with a bad argument answers an error result naming it', async () => {
    const app = await start();
    const client = await connect(app);
    const result = await client.callTool({ name: 'track', arguments: { identifier: ORDER, language: 'pt' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('language');
  });

  test('an identifier several kinds fit, without a kind, is an error that names them', async () => {
    const app = await start();
    const client = await connect(app);
    const result = await client.callTool({ name: 'track', arguments: { identifier: ORDER } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('kind set to one of order_number');
  });

  test('the tracking service down: an error result in the asked language, after the bot’s retries, not a 500', async () => {
    const app = await start();
    const client = await connect(app);
    upstreams.trackings.inject(...Array.from({ length: 10 }, () => ({ kind: 'status' as const, status: 503 })));
    const result = await client.callTool({ name: 'track', arguments: { identifier: TRACKING_NUMBER, language: 'fr' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Désolé');
    expect(upstreams.trackings.requests.length).toBeGreaterThan(1);
  });

  test('an identifier no kind fits is an error that says to give its kind', async () => {
    const app = await start();
    const client = await connect(app);
    const result = await client.callTool({ name: 'track', arguments: { identifier: 'hello there' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('kind');
  });
});
