/**
 * Shared machinery of the interface simulators: a loopback `node:http` server that records every
 * request, answers queued faults first, adds latency, and closes hard (open sockets included) so a
 * test run never hangs on a simulated "hang".
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { refuseOtherHosts } from '../loopbackHost';

export type Fault =
  /** Answer this status. `body` is JSON-encoded unless `contentType` is given and `body` is a string; without `body` the interface's own error body is sent. */
  | {
      kind: 'status';
      status: number;
      retryAfter?: string;
      body?: unknown;
      contentType?: string;
      headers?: Record<string, string>;
    }
  /** Destroy the socket without answering (the client sees ECONNRESET / socket hang up). */
  | { kind: 'reset' }
  /** Never answer; the socket stays open until the client gives up or close() is called. */
  | { kind: 'hang' }
  /** Send exactly this body (malformed JSON, an HTML error page...). Status defaults to 200, content type to application/json. */
  | { kind: 'raw'; status?: number; body: string; contentType?: string }
  /** Answer normally, but only after `ms` (on top of the configured latency). */
  | { kind: 'delay'; ms: number };

export interface RecordedRequest {
  method: string;
  /** Pathname only, e.g. "/v2/checkpoints/". */
  path: string;
  /** Decoded query parameters (the last value wins when a name repeats). */
  query: Record<string, string>;
  /** Lower-case names, as node gives them. */
  headers: http.IncomingHttpHeaders;
  /** Raw request body ('' when none). */
  body: string;
}

export interface Simulator {
  /** e.g. "http://127.0.0.1:43123" (no trailing slash). */
  readonly url: string;
  /** Every request received, in order (faulted ones included). */
  readonly requests: RecordedRequest[];
  /** TCP connections accepted since the start or the last reset(): shows whether clients keep them alive. */
  readonly connections: number;
  /** Each queued fault answers exactly one upcoming request, in order; afterwards normal behaviour resumes. */
  inject(...faults: Fault[]): void;
  /** Fixed latency added to every normal answer. */
  setLatency(ms: number): void;
  /** Clear the fault queue and the recorded requests; latency back to its start value. */
  reset(): void;
  /** Close the server and destroy open sockets (hanging requests included). */
  close(): Promise<void>;
}

/** What an interface handler answers for one request; the body is sent as JSON. */
export interface SimAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface SimulatorConfig {
  host?: string;
  port?: number;
  latencyMs?: number;
  /** The interface's behaviour: a pure function of the recorded request. */
  handle(request: RecordedRequest): SimAnswer;
  /** The interface's error body for a `status` fault that brings no body of its own. */
  faultBody(status: number): unknown;
}

/** Bigger bodies are cut off: neither interface takes more than a few hundred bytes. */
const MAX_BODY_BYTES = 1024 * 1024;

export async function startSimulator(config: SimulatorConfig): Promise<Simulator> {
  const startLatency = config.latencyMs ?? 0;
  let latency = startLatency;
  let faults: Fault[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let closing: Promise<void> | undefined;

  // Timers are tracked so that close() can drop pending delayed answers.
  const later = (ms: number, fn: () => void): void => {
    if (ms <= 0) return fn();
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const answerNormally = (request: RecordedRequest, res: http.ServerResponse, extraMs: number): void => {
    later(latency + extraMs, () => {
      if (res.destroyed || res.writableEnded) return;
      let answer: SimAnswer;
      try {
        answer = config.handle(request);
      } catch (err) {
        // A bug in a simulator must show as a 500, not as a hung test.
        answer = { status: 500, body: config.faultBody(500) };
        console.error('simulator handler failed', err);
      }
      send(res, answer.status, JSON.stringify(answer.body), 'application/json', answer.headers);
    });
  };

  const answerFault = (fault: Fault, request: RecordedRequest, res: http.ServerResponse): void => {
    switch (fault.kind) {
      case 'status': {
        const headers: Record<string, string> = {
          ...fault.headers,
          ...(fault.retryAfter !== undefined && { 'retry-after': fault.retryAfter }),
        };
        const raw = fault.contentType !== undefined && typeof fault.body === 'string';
        const body = raw
          ? (fault.body as string)
          : JSON.stringify(fault.body === undefined ? config.faultBody(fault.status) : fault.body);
        return send(res, fault.status, body, fault.contentType ?? 'application/json', headers);
      }
      case 'raw':
        return send(res, fault.status ?? 200, fault.body, fault.contentType ?? 'application/json');
      case 'reset': {
        // resetAndDestroy sends a TCP RST, so the client reliably sees ECONNRESET.
        const socket = res.socket;
        if (socket && typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
        else socket?.destroy();
        return;
      }
      case 'hang':
        return; // the socket is tracked; close() destroys it
      case 'delay':
        return answerNormally(request, res, fault.ms);
    }
  };

  const server = http.createServer((req, res) => {
    // A simulator is reached by this machine's names only: a page cannot rebind a name of its own to it.
    if (refuseOtherHosts(req, res)) return;
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://simulator.invalid');
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const fault = faults.shift();
      if (fault) answerFault(fault, request, res);
      else answerNormally(request, res, 0);
    });
  });

  let connections = 0;
  server.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port ?? 0, config.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  const address = server.address() as AddressInfo;
  const url = `http://${urlHost(address.address)}:${address.port}`;

  return {
    url,
    requests,
    get connections() {
      return connections;
    },
    inject(...more: Fault[]) {
      faults.push(...more);
    },
    setLatency(ms: number) {
      latency = Math.max(0, ms);
    },
    reset() {
      faults = [];
      requests.length = 0; // keep the same array: callers may hold a reference to `requests`
      connections = 0;
      latency = startLatency;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}

function send(
  res: http.ServerResponse,
  status: number,
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { ...headers, 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** A wildcard listen address is reached through loopback; IPv6 literals need brackets in a URL. */
function urlHost(address: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return address.includes(':') ? `[${address}]` : address;
}
