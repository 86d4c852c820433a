/**
 * A client that is slow to send its request, or idles on a connection, is dropped; others are
 * still served meanwhile. Before: Node's defaults (60 s for headers, 300 s for a request, checked
 * every 30 s) let 3,000 stalled connections stay open. Node's own timers drive this, so these tests
 * wait in real time, on timeouts made small, with upper bounds loose enough for a loaded machine.
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Server } from 'restify';
import { DEFAULT_CONNECTION_TIMEOUTS, type ConnectionTimeouts } from '../../src/http/connectionTimeouts';
import { createServer, jsonBody } from '../../src/http/server';
import { silentLogger } from '../../src/runtime/logger';

/** How long a test waits for a drop before it calls the connection still open. */
const PATIENCE_MS = 5_000;

const sockets: Socket[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    server.server.closeAllConnections();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
  }
});

async function startServer(timeouts: Partial<ConnectionTimeouts>): Promise<number> {
  const server = createServer({ logger: silentLogger, timeouts });
  server.get('/ping', (_req, res, next) => {
    res.send(200, { ok: true });
    next();
  });
  server.post('/echo', ...jsonBody(64 * 1024), (req, res, next) => {
    res.send(200, req.body);
    next();
  });
  servers.push(server);
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  return server.address().port;
}

interface Client {
  socket: Socket;
  received(): string;
  /** Resolves when the server closes the connection, with the time since the client connected. */
  closed: Promise<{ afterMs: number; received: string }>;
}

/** A raw connection that sends `text` and then whatever the test writes, no more. */
async function openClient(port: number, text: string): Promise<Client> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined); // a dropped connection may reset
  await once(socket, 'connect');
  const connected = performance.now();
  let received = '';
  socket.on('data', (chunk) => (received += String(chunk)));
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) =>
    socket.once('close', () => resolve({ afterMs: performance.now() - connected, received })),
  );
  socket.write(text);
  return { socket, received: () => received, closed };
}

const stillOpen = Symbol('still open');
const within = <T>(promise: Promise<T>, ms = PATIENCE_MS) =>
  Promise.race([promise, new Promise<typeof stillOpen>((resolve) => setTimeout(() => resolve(stillOpen), ms).unref())]);

const SMALL: ConnectionTimeouts = { headersMs: 300, requestMs: 600, keepAliveMs: 200, checkEveryMs: 50 };

test("by default a client gets 10 s for its headers, 15 s for the whole request and 5 s idle: within a channel's 15 s", () => {
  const server = createServer({ logger: silentLogger });
  expect(DEFAULT_CONNECTION_TIMEOUTS).toEqual({
    headersMs: 10_000,
    requestMs: 15_000,
    keepAliveMs: 5_000,
    checkEveryMs: 1_000,
  });
  const http = server.server as typeof server.server & { connectionsCheckingInterval: number };
  expect([http.headersTimeout, http.requestTimeout, http.keepAliveTimeout, http.connectionsCheckingInterval]).toEqual([
    10_000, 15_000, 5_000, 1_000,
  ]);
});

test('timeouts Node would refuse are refused at start: headers may not take longer than the whole request', () => {
  expect(() => createServer({ logger: silentLogger, timeouts: { headersMs: 2_000, requestMs: 1_000 } })).toThrow(
    'headersMs must not exceed requestMs',
  );
  expect(() => createServer({ logger: silentLogger, timeouts: { keepAliveMs: 0 } })).toThrow(
    'keepAliveMs must be a positive number',
  );
});

test('a client that sends part of its headers and stalls gets a 408 and is dropped after the headers timeout', async () => {
  const port = await startServer(SMALL);
  const client = await openClient(port, 'GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: applica');

  const closed = await within(client.closed);
  expect(closed).not.toBe(stillOpen);
  if (closed === stillOpen) return;
  expect(closed.received).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
  expect(closed.afterMs).toBeGreaterThanOrEqual(SMALL.headersMs - 20);
});

test('a client that sends its headers and trickles the body is dropped after the request timeout, though bytes keep coming', async () => {
  const port = await startServer(SMALL);
  const client = await openClient(
    port,
    'POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n[',
  );
  // One byte every 50 ms: the body would take 50 s, and the connection is never idle.
  const trickle = setInterval(() => client.socket.writable && client.socket.write('1'), 50);
  try {
    const closed = await within(client.closed);
    expect(closed).not.toBe(stillOpen);
    if (closed === stillOpen) return;
    expect(closed.received).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    expect(closed.afterMs).toBeGreaterThanOrEqual(SMALL.requestMs - 20);
  } finally {
    clearInterval(trickle);
  }
});

test('a keep-alive connection left idle after its answer is closed', async () => {
  const port = await startServer(SMALL);
  const client = await openClient(port, 'GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  while (!client.received().endsWith('{"ok":true}')) await new Promise((resolve) => setTimeout(resolve, 5));
  const answered = performance.now();

  const closed = await within(client.closed);
  expect(closed).not.toBe(stillOpen);
  if (closed === stillOpen) return;
  expect(closed.received).toMatch(/^HTTP\/1\.1 200 OK/);
  // Node closes it 1 s after the advertised keep-alive timeout, so a client never sends into a closing socket.
  expect(performance.now() - answered).toBeGreaterThanOrEqual(SMALL.keepAliveMs);
});

test('200 stalled clients are all dropped, and a normal request is answered while they hang', async () => {
  const timeouts = { ...SMALL, headersMs: 2_000, requestMs: 3_000 };
  const port = await startServer(timeouts);
  const stalled = await Promise.all(
    Array.from({ length: 200 }, () => openClient(port, 'GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\n')),
  );
  let dropped = 0;
  for (const client of stalled) void client.closed.then(() => dropped++);

  const answer = await fetch(`http://127.0.0.1:${port}/ping`, { headers: { Connection: 'close' } });
  expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 200, body: { ok: true } });
  // Answered while every stalled client still hung on.
  expect(dropped).toBe(0);

  const all = await within(Promise.all(stalled.map((client) => client.closed)), timeouts.headersMs + PATIENCE_MS);
  expect(all).not.toBe(stillOpen);
  if (all === stillOpen) return;
  expect(all.filter((closed) => /^HTTP\/1\.1 408/.test(closed.received))).toHaveLength(200);
});
