/**
 * The sandbox page at /: the chat widget's one tag as a store embeds it (inline, so its frame, token and
 * Direct Line are the production path, on the local channel), a language picker, the demo numbers, the
 * agent hub's panel and the Insights panel.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Server } from 'restify';
import { projectRoot } from '../../src/projectRoot';
import { answerAtOnce } from '../../src/http/answerAtOnce';
import { DEMO } from '../simulators';
import { SANDBOX_HELP_PATH, SHOP_PORT_OFFSET } from '../upstreams';

/** What the page offers to try: one of each kind and a few stories. */
export const DEMO_LOOKUPS = [
  {
    label: 'Order number: three parcels, three carriers',
    input_type: 'order_number',
    identifier: DEMO.checkpoints.inTransitMultiShipment,
  },
  // Second, so the start line's "Try:" shows it too.
  {
    label: 'Order number: moves every minute (try Notify me)',
    input_type: 'order_number',
    identifier: DEMO.checkpoints.moving,
  },
  {
    label: 'Order number: delivered to a neighbour',
    input_type: 'order_number',
    identifier: DEMO.checkpoints.delivered,
  },
  { label: 'Order number: held in customs, delayed', input_type: 'order_number', identifier: DEMO.checkpoints.delayed },
  { label: 'Order number: address problem', input_type: 'order_number', identifier: DEMO.checkpoints.exception },
  {
    label: 'Tracking number: UPS, in transit',
    input_type: 'tracking_number',
    identifier: DEMO.trackings.trackingNumbers.inTransit,
  },
  {
    label: 'Tracking number: FedEx, out for delivery',
    input_type: 'tracking_number',
    identifier: DEMO.trackings.trackingNumbers.outForDelivery,
  },
  { label: 'Tracking number: lost', input_type: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.lost },
  { label: 'Order ID: three shipments', input_type: 'order_id', identifier: DEMO.trackings.orderIds.multiShipment },
  {
    label: 'Store order: #1001 at store-us-1',
    input_type: 'external_order',
    identifier: DEMO.trackings.externalOrders.usStore.externalOrder,
    store_id: DEMO.trackings.externalOrders.usStore.storeId,
  },
  { label: 'Unknown order number', input_type: 'order_number', identifier: DEMO.checkpoints.unknown },
] as const;

export function registerSandboxPage(server: Server): void {
  const root = projectRoot();
  const file = (name: string, type: string, cache = 'no-cache') =>
    answerAtOnce((_req, res) => {
      res.writeHead(200, { 'content-type': type, 'cache-control': cache });
      createReadStream(name).pipe(res);
    });
  server.get('/', file(path.join(root, 'sandbox', 'page', 'index.html'), 'text/html; charset=utf-8'));
  server.get('/sandbox/app.js', file(path.join(root, 'sandbox', 'page', 'app.js'), 'text/javascript; charset=utf-8'));
  server.get(
    '/sandbox/insights.js',
    file(path.join(root, 'sandbox', 'page', 'insights.js'), 'text/javascript; charset=utf-8'),
  );
  server.get('/sandbox/icon.png', file(path.join(root, 'manifest', 'color.png'), 'image/png', 'max-age=86400'));
  // The demo shop, by the host name the page was opened with: a store's site on another origin (the next port).
  server.get(
    '/sandbox/shop',
    answerAtOnce((req, res) => {
      // Parsed as a URL: "[::1]:3978" has colons of its own. The shop listens on IPv4 loopback, which localhost reaches.
      const page = new URL(`http://${req.headers.host ?? 'localhost'}`);
      const host = page.hostname === '127.0.0.1' ? page.hostname : 'localhost';
      res.writeHead(302, {
        location: `http://${host}:${Number(page.port || 80) + SHOP_PORT_OFFSET}/`,
        'cache-control': 'no-cache',
      });
      res.end();
    }),
  );
  registerHelpPage(server);
  server.get(
    '/sandbox/demo.json',
    answerAtOnce((_req, res) => {
      res.send(200, DEMO_LOOKUPS);
    }),
  );
}

/** What a problem's "Help page" button opens in the sandbox (and in `npm run chat`'s): a stand-in that says where the shop's own goes. */
export function registerHelpPage(server: Server): void {
  server.get(
    SANDBOX_HELP_PATH,
    answerAtOnce((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(HELP_PAGE);
    }),
  );
}

const HELP_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Your help page</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}code{background:#f0f0f0;padding:0 .2rem}</style></head>
<body><h1>Your shop's help page opens here</h1>
<p>When something is wrong with a parcel, the bot's answer links your help page, in the customer's language.
In the sandbox this stand-in takes its place.</p>
<p>Set <code>SUPPORT_URL</code> to your page, and <code>SUPPORT_URL_DE</code>, <code>SUPPORT_URL_FR</code>, … to the page in each language you have.</p>
</body></html>
`;
