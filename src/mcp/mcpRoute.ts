/**
 * POST /mcp: the lookup as tools for AI agents (Copilot Studio, helpdesk agents, assistants), over the Model
 * Context Protocol's Streamable HTTP, with the official SDK (@modelcontextprotocol/server 2.x). Stateless: each
 * request gets a fresh server from one factory, so any instance answers any request, in both eras the SDK
 * serves (the 2026-07-28 protocol, and the 2025 handshake through its stateless fallback, which today's hosts send).
 * The door is the action routes' (actionAccess.ts): our key, or this machine, and ACTIONS_RATE_LIMIT per client.
 * Every refusal is a JSON-RPC error an agent can read, never a 500: the body is read here, within the action
 * routes' size and nesting limits, before the SDK sees it.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { CallToolResult, McpHttpHandler, McpServer } from '@modelcontextprotocol/server';
import type { Request as RestifyRequest, Response as RestifyResponse, Server } from 'restify';
import type { ActionAccess } from '../http/actionAccess';
import { ACTION_MAX_BODY_BYTES, shapeRefusals } from '../http/server';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../runtime/nesting';
import { withoutLibraryOutput } from '../log';
import type { Logger } from '../runtime/logger';
import {
  ORDERS_INPUT,
  ORDERS_OUTPUT,
  TRACK_INPUT,
  TRACK_OUTPUT,
  type ToolAnswer,
  type TrackingTools,
} from './trackingTools';

const MCP_PATH = '/mcp';

type Sdk = typeof import('@modelcontextprotocol/server');

const PRIVACY =
  "Privacy is the shop's chat bot's own: a tracking number shows everything; an order number, order ID or store order shows its carrier, tracking number, link and places only to its owner, so without the customer's customer_token (or with one that does not own the order) the answer is masked (details: masked) or, where the shop says so, not found. When that happens, ask the customer to sign in on the shop's website rather than calling again.";

const JSON_RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  UNAUTHORIZED: -32001,
  RATE_LIMITED: -32029,
  INTERNAL_ERROR: -32603,
} as const;

/** A JSON-RPC error answer (id null: the request it answers may not have been read). */
function rpcError(res: RestifyResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
}

function toolResult<T extends Record<string, unknown>>(answer: ToolAnswer<T>): CallToolResult {
  if ('error' in answer) return { isError: true, content: [{ type: 'text', text: answer.error }] };
  return { content: [{ type: 'text', text: answer.text }], structuredContent: answer.structured };
}

function mcpServer(sdk: Sdk, tools: TrackingTools, version: string): McpServer {
  const server = new sdk.McpServer({ name: 'order-tracking-bot', version });
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };
  server.registerTool(
    'track',
    {
      title: 'Where is my order',
      description: `Tracks an order or parcel: each shipment's status, dates and events, and the answer the shop's chat gives, in the asked language. ${PRIVACY}`,
      inputSchema: TRACK_INPUT,
      outputSchema: TRACK_OUTPUT,
      annotations: readOnly,
    },
    async (input) => toolResult(await tools.track(input)),
  );
  server.registerTool(
    'list_orders',
    {
      title: "A signed-in customer's orders",
      description:
        "The orders the shop lists for a signed-in customer, newest first, from their customer_token; each is a `track` call away (with the same token, to see it in full). A refused token means: ask the customer to sign in on the shop's website again.",
      inputSchema: ORDERS_INPUT,
      outputSchema: ORDERS_OUTPUT,
      annotations: readOnly,
    },
    async (input) => toolResult(await tools.listOrders(input)),
  );
  return server;
}

export interface McpRouteDeps {
  tools: TrackingTools;
  access: ActionAccess;
  logger: Logger;
  version?: string;
}

export function registerMcpRoute(server: Server, deps: McpRouteDeps): void {
  if (deps.access.off) return;
  // Loaded only where the endpoint is served: the SDK costs a start about 50 ms.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only where the endpoint is served; registering routes stays synchronous
  const sdk = require('@modelcontextprotocol/server') as Sdk;
  // JSON answers, not a stream: the tools send nothing before their result. The SDK prints a warning that such
  // notifications would be dropped, at every start; there are none, so it is not the operator's to read.
  const handler = withoutLibraryOutput(() =>
    sdk.createMcpHandler(() => mcpServer(sdk, deps.tools, deps.version ?? '1'), {
      responseMode: 'json',
      maxRequestBodySize: ACTION_MAX_BODY_BYTES,
      // Only the error's name: a message may quote what the caller sent.
      onerror: (error) => deps.logger.debug({ error: { name: error.name } }, 'mcp request refused'),
    }),
  );
  server.post(MCP_PATH, async (req: RestifyRequest, res: RestifyResponse) => {
    const verdict = deps.access.check(req);
    if (!verdict.ok) {
      if (verdict.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(verdict.retryAfterSeconds));
      const limited = verdict.error.status === 429;
      return rpcError(
        res,
        verdict.error.status,
        limited ? JSON_RPC.RATE_LIMITED : JSON_RPC.UNAUTHORIZED,
        verdict.error.body.message,
      );
    }
    try {
      await answer(req, res, handler);
    } catch (error) {
      // A client gone mid-body, or a fault of ours: a JSON-RPC error if anything can still be said, and the error's name in the log.
      deps.logger.warn({ error: { name: (error as Error)?.name } }, 'mcp request failed');
      if (!res.headersSent) rpcError(res, 500, JSON_RPC.INTERNAL_ERROR, 'Internal error');
    }
  });
  // The server's own refusals here (a body not JSON by its type or compressed; GET and DELETE, as no session
  // is kept to open a stream on or to end) in JSON-RPC too.
  shapeRefusals(server, MCP_PATH, (refusal) => ({
    jsonrpc: '2.0',
    id: null,
    error: { code: JSON_RPC.INVALID_REQUEST, message: refusal.message },
  }));
}

/** The body read within the limits, handed to the SDK, and its response streamed back. */
async function answer(req: RestifyRequest, res: RestifyResponse, handler: McpHttpHandler): Promise<void> {
  const raw = await bodyOf(req, ACTION_MAX_BODY_BYTES);
  if (raw === undefined)
    return rpcError(res, 413, JSON_RPC.INVALID_REQUEST, `the body is larger than ${ACTION_MAX_BODY_BYTES} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return rpcError(res, 400, JSON_RPC.PARSE_ERROR, 'Parse error: the body is not valid JSON');
  }
  if (nestsDeeperThan(parsed))
    return rpcError(res, 400, JSON_RPC.INVALID_REQUEST, `the body nests more than ${MAX_JSON_DEPTH} levels deep`);
  const request = new Request(`http://localhost${MCP_PATH}`, { method: 'POST', headers: webHeaders(req), body: raw });
  const response = await handler.fetch(request, { parsedBody: parsed });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  // Nothing returned: restify logs an async handler's returned value whole, the request's headers with it.
  if (!response.body) {
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) =>
    Readable.fromWeb(response.body as WebReadableStream)
      .pipe(res)
      .on('finish', resolve)
      .on('error', reject),
  );
}

/** The body as text, or undefined past `max` bytes (reading stops there). */
async function bodyOf(req: RestifyRequest, max: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function webHeaders(req: RestifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}
