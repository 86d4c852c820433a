/**
 * The sandbox page at /: Web Chat's own browser bundle, served from node_modules (no CDN),
 * a language picker and the demo numbers, talking to the bot through the local channel.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { Request, Response, Server } from 'restify';
import { projectRoot } from '../../src/projectRoot';
import { DEMO } from '../simulators';

/** What the page offers to try: one of each kind and a few stories. */
export const DEMO_LOOKUPS = [
  { label: 'Order number: three parcels, three carriers', input_type: 'order_number', identifier: DEMO.checkpoints.inTransitMultiShipment },
  { label: 'Order number: delivered to a neighbour', input_type: 'order_number', identifier: DEMO.checkpoints.delivered },
  { label: 'Order number: held in customs, delayed', input_type: 'order_number', identifier: DEMO.checkpoints.delayed },
  { label: 'Order number: address problem', input_type: 'order_number', identifier: DEMO.checkpoints.exception },
  { label: 'Tracking number: UPS, in transit', input_type: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.inTransit },
  { label: 'Tracking number: FedEx, out for delivery', input_type: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.outForDelivery },
  { label: 'Tracking number: lost', input_type: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.lost },
  { label: 'Order ID: three shipments', input_type: 'order_id', identifier: DEMO.trackings.orderIds.multiShipment },
  { label: 'Store order: #1001 at store-us-1', input_type: 'external_order', identifier: DEMO.trackings.externalOrders.usStore.externalOrder, store_id: DEMO.trackings.externalOrders.usStore.storeId },
  { label: 'Unknown order number', input_type: 'order_number', identifier: DEMO.checkpoints.unknown },
] as const;

export function webChatBundle(): string | undefined {
  try {
    // The package exports only its entry point (lib/index.js); the browser bundle sits in dist/ beside lib/.
    const file = path.join(path.dirname(require.resolve('botframework-webchat')), '..', 'dist', 'webchat.js');
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

export function registerSandboxPage(server: Server): void {
  const root = projectRoot();
  const file = (name: string, type: string, cache = 'no-cache') => async (_req: Request, res: Response) => {
    res.writeHead(200, { 'content-type': type, 'cache-control': cache });
    createReadStream(name).pipe(res);
  };
  server.get('/', file(path.join(root, 'sandbox', 'page', 'index.html'), 'text/html; charset=utf-8'));
  server.get('/sandbox/app.js', file(path.join(root, 'sandbox', 'page', 'app.js'), 'text/javascript; charset=utf-8'));
  server.get('/sandbox/icon.png', file(path.join(root, 'manifest', 'color.png'), 'image/png', 'max-age=86400'));
  server.get('/sandbox/demo.json', async (_req: Request, res: Response) => {
    res.send(200, DEMO_LOOKUPS);
  });
  const bundle = webChatBundle();
  server.get('/sandbox/webchat.js', async (req: Request, res: Response) => {
    if (!bundle) return void res.send(404, { code: 'not_found', message: 'botframework-webchat is not installed: run npm ci' });
    await file(bundle, 'text/javascript; charset=utf-8', 'max-age=3600')(req, res);
  });
}
