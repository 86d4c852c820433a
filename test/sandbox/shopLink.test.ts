/**
 * The sandbox page leads a newcomer to the demo shop (issue #24): a link in its side panel to
 * /sandbox/shop, which sends the browser to the shop `npm start` runs on the next port, by the host
 * name the page was opened with (the shop's origin is another, as a store's is).
 */
import http from 'node:http';
import { attachSandbox } from '../../sandbox/attach';
import { SHOP_PORT_OFFSET } from '../../sandbox/upstreams';
import { silentLogger } from '../../src/runtime/logger';
import { configFor, startApp, type RunningApp } from '../support/app';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
let app: RunningApp;
beforeAll(async () => {
  app = await startApp(configFor(upstreams));
  attachSandbox(app.app.server, { botUrl: app.url, logger: silentLogger });
});
afterAll(() => app.close());

function get(path: string, host: string): Promise<{ status: number; location?: string; body: string }> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
      })
      .on('error', reject);
  });
}

test.each(['localhost', '127.0.0.1', '[::1]'])(
  '/sandbox/shop on %s sends the browser to the demo shop on the next port',
  async (host) => {
    const port = Number(new URL(app.url).port);
    const answer = await get('/sandbox/shop', host);
    // The shop listens on IPv4 loopback: localhost reaches it from either name the page used.
    const shopHost = host === '127.0.0.1' ? host : 'localhost';
    expect({ status: answer.status, location: answer.location }).toEqual({
      status: 302,
      location: `http://${shopHost}:${port + SHOP_PORT_OFFSET}/`,
    });
  },
);

test('the sandbox page links to it', async () => {
  const page = await get('/', 'localhost');
  expect(page.body).toMatch(/<a [^>]*href="\/sandbox\/shop"[^>]*>[^<]*demo shop/i);
});
