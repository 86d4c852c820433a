/** Application Insights' ingestion (Breeze) on loopback, for the Azure Monitor tests. */
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { trustedLoopbackCertificate } from '../support/loopbackTls';

const IKEY = '00000000-0000-0000-0000-000000000000';

export const connectionString = (url: string) => `InstrumentationKey=${IKEY};IngestionEndpoint=${url}`;

/** Application Insights' ingestion (Breeze) on loopback, over https as the exporter insists: takes every batch, gzipped or not, and answers `status`. */
export async function startIngestion(
  tls: ReturnType<typeof trustedLoopbackCertificate>,
  status = 200,
): Promise<{ url: string; bodies: string[]; close(): Promise<void> }> {
  const bodies: string[] = [];
  const server = https.createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      bodies.push((req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'));
      const items = bodies.at(-1)!.trim().startsWith('[') ? (JSON.parse(bodies.at(-1)!) as unknown[]).length : 0;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ itemsReceived: items, itemsAccepted: status === 200 ? items : 0, errors: [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
