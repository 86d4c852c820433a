/**
 * A stand-in for Direct Line's token service on loopback: it records every request (method, path,
 * headers, JSON body) and answers what the test tells it to: a token by default, or a status, a hang,
 * a reset. Stopped by `close()`, with its connections.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export type DirectLineReply = { kind: 'token' } | { kind: 'status'; status: number; body?: unknown } | { kind: 'hang' } | { kind: 'reset' };

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
      const [status, answer] = reply.kind === 'status' ? [reply.status, reply.body ?? {}] : [200, { conversationId: `conv-${++issued}`, token: `dl-token-${issued}`, expires_in: 1800 }];
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
