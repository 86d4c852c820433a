/** A collector's OTLP/HTTP receiver on loopback: takes every export, answers 200 as a collector does, keeps what it got. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  contentType: string;
  body: Buffer;
}

export interface Collector {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

async function startCollector(): Promise<Collector> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'] ?? '',
        body: Buffer.concat(chunks),
      });
      const json = (req.headers['content-type'] ?? '').includes('json');
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
      res.end(json ? '{}' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A collector for a test file: started before its tests, emptied after each, closed after all. */
export function useCollector(): Collector {
  const collector = { received: [] as Received[] } as unknown as Collector;
  beforeAll(async () => void Object.assign(collector, await startCollector()));
  afterEach(() => void (collector.received.length = 0));
  afterAll(() => collector.close());
  return collector;
}
