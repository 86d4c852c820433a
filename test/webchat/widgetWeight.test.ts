/**
 * What the widget costs a store's pages, as docs/store-site.md tells it, held to what the bot really
 * serves: the one script on every page (its size within 10 % of the documented one), and what the
 * customer's browser loads the first time they open the chat (Web Chat and Adaptive Cards, gzipped), then
 * keeps for a year.
 */
import { readFileSync } from 'node:fs';
import { configFor, startApp, type RunningApp } from '../support/app';
import { useSimulators } from '../support/upstreams';

const docs = readFileSync('docs/store-site.md', 'utf8');
const upstreams = useSimulators();
let app: RunningApp;
beforeAll(async () => {
  app = await startApp(configFor(upstreams));
});
afterAll(() => app.close());

/** A documented size, "about 19 KB" or "about 1 MB", in bytes (KB and MB of 1,000). */
function documented(pattern: RegExp): number {
  const match = pattern.exec(docs);
  expect(match).not.toBeNull();
  return Number(match![1].replace(',', '.')) * (match![2] === 'MB' ? 1e6 : 1e3);
}

async function served(path: string, gzip = false): Promise<{ bytes: number; cache: string | null }> {
  // fetch would unpack a gzipped answer: count what came over the wire, from Content-Length.
  const response = await fetch(`${app.url}${path}`, { headers: { 'accept-encoding': gzip ? 'gzip' : 'identity' } });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return { bytes: Number(response.headers.get('content-length')), cache: response.headers.get('cache-control') };
}

test('every page of the store loads /webchat.js, of the size the docs say (within 10 %)', async () => {
  const said = documented(/`\/webchat\.js` \(about\s+([\d.,]+)\s+(KB)/);
  const script = await served('/webchat.js');
  expect(Math.abs(script.bytes - said) / script.bytes).toBeLessThanOrEqual(0.1);
});

test('the first open loads Web Chat and Adaptive Cards, about what the docs say (within 10 %), cached for a year', async () => {
  const said = documented(/first time the customer opens the chat[^.]*?about\s+([\d.,]+)\s+(MB)/);
  const html = await (await fetch(`${app.url}/webchat/frame?locale=en`)).text();
  const bundles = [...html.matchAll(/src="(\/webchat\/(?:webchat|adaptivecards)-[0-9a-f]{12}\.js)"/g)].map((m) => m[1]);
  expect(bundles).toHaveLength(2);
  const sizes = await Promise.all(bundles.map((path) => served(path, true)));
  for (const { cache } of sizes) expect(cache).toBe('public, max-age=31536000, immutable');
  const [frameScript, toggle] = await Promise.all([served('/webchat/frame.js'), served('/webchat/card-toggle.js')]);
  const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0) + frameScript.bytes + toggle.bytes;
  expect(Math.abs(total - said) / total).toBeLessThanOrEqual(0.1);
});
