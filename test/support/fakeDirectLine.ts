/**
 * A stand-in for Direct Line's token service on loopback: it records every request (method, path,
 * headers, JSON body) and answers what the test tells it to: a token by default (from tokens/refresh, one
 * for the bearer token's conversation, as Direct Line's), or a status, a hang,
 * a reset, a redirect, or an answer of `bytes` streamed with no Content-Length. Stopped by `close()`, with its connections.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

type DirectLineReply =
  | { kind: 'token' }
  | { kind: 'status'; status: number; body?: unknown }
  | { kind: 'hang' }
  | { kind: 'reset' }
  | { kind: 'redirect'; location: string }
  | { kind: 'oversized'; bytes: number };

export interface FakeDirectLine {
  /** The endpoint, as DIRECTLINE_ENDPOINT names it: …/v3/directline */
  endpoint: string;
  requests: RecordedRequest[];
  /** The next replies, in order; after them, tokens. */
  reply(...replies: DirectLineReply[]): void;
  close(): Promise<void>;
}

export async function startFakeDirectLine(): Promise<FakeDirectLine> {
  const requests: RecordedRequest[] = [];
  const queue: DirectLineReply[] = [];
  let issued = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // kept as text
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const reply = queue.shift() ?? { kind: 'token' };
      if (reply.kind === 'hang') return;
      if (reply.kind === 'reset') return void req.socket.destroy();
      if (reply.kind === 'redirect') {
        res.writeHead(307, { Location: reply.location });
        return void res.end();
      }
      if (reply.kind === 'oversized') return void streamOf(res, reply.bytes);
      const [status, answer] =
        reply.kind === 'status' ? [reply.status, reply.body ?? {}] : [200, tokenFor(req, ++issued)];
      const json = JSON.stringify(answer);
      res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
      res.end(json);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/v3/directline`,
    requests,
    reply: (...replies) => void queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A new conversation's token (`dl-token-{n}` for `conv-{n}`), or, from tokens/refresh, a new token for the bearer's conversation. */
function tokenFor(
  req: http.IncomingMessage,
  issued: number,
): { conversationId: string; token: string; expires_in: number } {
  const refreshed = req.url?.endsWith('/tokens/refresh')
    ? /^Bearer dl-token-(\d+)/.exec(req.headers.authorization ?? '')?.[1]
    : undefined;
  if (refreshed)
    return { conversationId: `conv-${refreshed}`, token: `dl-token-${refreshed}.${issued}`, expires_in: 1800 };
  return { conversationId: `conv-${issued}`, token: `dl-token-${issued}`, expires_in: 1800 };
}

/** A JSON answer of `bytes` in 16 KB chunks, its length not declared: only reading it shows how long it is. */
function streamOf(res: http.ServerResponse, bytes: number): void {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  const text = JSON.stringify({ conversationId: 'conv-big', token: 'x'.repeat(bytes), expires_in: 1800 });
  for (let at = 0; at < text.length; at += 16 * 1024) res.write(text.slice(at, at + 16 * 1024));
  res.end();
}

/** A fresh stand-in for each test of the file, closed after it: read `current` inside a test. */
export function useFakeDirectLine(): { readonly current: FakeDirectLine } {
  const held = {} as { current: FakeDirectLine };
  beforeEach(async () => {
    held.current = await startFakeDirectLine();
  });
  afterEach(() => held.current.close());
  return held;
}
