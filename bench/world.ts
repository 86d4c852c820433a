/** What surrounds the bot in the benchmark: the interface simulators at a fixed latency, and a connector that takes the replies. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startCheckpointsSimulator, startTrackingsSimulator, type Simulator } from '../sandbox/simulators';

export interface Connector {
  url: string;
  /** Activities received (typing indicators among them), and the largest one's size in bytes. */
  stats(): { replies: number; typing: number; largestBytes: number };
  /** The last reply's text: what the bench checks a kind of turn answers before it measures it. */
  lastText(): string | undefined;
  close(): Promise<void>;
}

/** Counts and measures what the bot sends; keeps only the last reply, so it costs no memory over a long run. */
export async function startConnector(): Promise<Connector> {
  let replies = 0;
  let typing = 0;
  let largestBytes = 0;
  let last: Buffer[] = [];
  const server = http.createServer((req, res) => {
    let bytes = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      chunks.push(chunk);
    });
    req.on('end', () => {
      replies++;
      largestBytes = Math.max(largestBytes, bytes);
      last = chunks;
      if (Buffer.concat(chunks).includes('"type":"typing"')) typing++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"id":"r${replies}"}`);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats: () => ({ replies, typing, largestBytes }),
    lastText: () => {
      const activity = last.length
        ? (JSON.parse(Buffer.concat(last).toString('utf8')) as { text?: string })
        : undefined;
      return activity?.text;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface Upstreams {
  checkpoints: Simulator;
  trackings: Simulator;
  userId: string;
  token: string;
  apiKey: string;
}

export async function startUpstreams(latencyMs: number): Promise<Upstreams> {
  const userId = '4242';
  const token = 'bench-checkpoints-token';
  const apiKey = 'bench-trackings-key';
  return {
    checkpoints: await startCheckpointsSimulator({ userId, token, latencyMs }),
    trackings: await startTrackingsSimulator({ apiKey, latencyMs }),
    userId,
    token,
    apiKey,
  };
}

/** The environment that points the bot at the simulators, its log silent; development, so the bench may post unsigned (on loopback). */
export function botEnv(upstreams: Upstreams): Record<string, string> {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    CHECKPOINTS_BASE_URL: upstreams.checkpoints.url,
    CHECKPOINTS_USER_ID: upstreams.userId,
    CHECKPOINTS_TOKEN: upstreams.token,
    TRACKINGS_BASE_URL: upstreams.trackings.url,
    TRACKINGS_API_KEY: upstreams.apiKey,
  };
}

export interface Collector {
  url: string;
  /** OTLP exports received, by signal. */
  received: { metrics: number; traces: number };
  close(): Promise<void>;
}

/**
 * A stand-in OpenTelemetry collector on loopback: takes OTLP/HTTP exports of metrics and traces
 * (POST /v1/metrics, /v1/traces), answers 200 and counts them; anything else is a 404. Reads each
 * body to its end, as a collector would, and keeps nothing of it.
 */
export async function startCollector(): Promise<Collector> {
  const received = { metrics: 0, traces: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const signal =
        req.method === 'POST' && req.url === '/v1/metrics'
          ? 'metrics'
          : req.method === 'POST' && req.url === '/v1/traces'
            ? 'traces'
            : undefined;
      if (signal) received[signal]++;
      res.writeHead(signal ? 200 : 404, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
