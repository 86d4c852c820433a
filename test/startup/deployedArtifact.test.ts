/**
 * The one supported deploy path (docs/deploying.md), end to end: the build's dist/ with package.json and
 * package-lock.json in a folder of their own, a production-only install there (`npm ci --omit=dev` with
 * NODE_ENV=production, as the docs say), started as App Service starts it, with a store's settings and
 * upstreams on loopback. It serves the chat widget whole, every file its frame names, and a request in
 * flight at SIGTERM is answered before the process exits. A start that cannot find a file it serves is
 * not ready, and its log says which file and where it comes from.
 *
 * dist/ is the one globalSetup built (tsc and the copy of the files the widget serves, as `npm run build`
 * does); a second build here would cost 20 s for the same files.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO } from '../../sandbox/simulators';
import { azuriteForThisFile } from '../support/azuriteForThisFile';
import { filesUnder, importsOf, ROOT } from '../support/importGraph';
import { startService, stopAllServices, type ServiceProcess } from '../support/serviceProcess';
import { API_KEY, upstreamEnv, useSimulators } from '../support/upstreams';

const run = promisify(execFile);
jest.setTimeout(60_000);
const upstreams = useSimulators();
const azurite = azuriteForThisFile();

const ACTIONS_KEY = 'deploy-test-actions-key-0003';
/** What a store sets on App Service: production, the bot's identity, both upstreams, the widget, shared state. */
const storeSettings = (): Record<string, string> => ({
  NODE_ENV: 'production',
  MicrosoftAppType: 'MultiTenant',
  MicrosoftAppId: '00000000-0000-0000-0000-00000000de91',
  MicrosoftAppPassword: 'deploy-test-password',
  ...upstreamEnv(upstreams),
  ACTIONS_API_KEY: ACTIONS_KEY,
  DIRECTLINE_SECRET: 'deploy-test-directline-secret',
  WEBCHAT_ALLOWED_ORIGINS: 'https://shop.example',
  STORAGE: 'blob',
  AZURE_STORAGE_CONNECTION_STRING: azurite().connectionString,
  STORAGE_KEY_SECRET: 'storage-names-key-deployed-0123456789ab',
  SHUTDOWN_GRACE_MS: '10000',
});

let artifact: string;
const made: string[] = [];
/** A folder of its own, removed after the file. */
const folder = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
};

beforeAll(async () => {
  artifact = folder('artifact-');
  for (const name of ['dist', 'package.json', 'package-lock.json'])
    cpSync(path.join(ROOT, name), path.join(artifact, name), { recursive: true });
  const started = Date.now();
  // The registry is the one network this needs; npm's cache is warm from the checkout's own install.
  await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: artifact,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
  process.stdout.write(
    `deployedArtifact: the production install took ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}, 600_000);

afterAll(() => {
  stopAllServices();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const get = async (service: ServiceProcess, route: string) => {
  const response = await fetch(`${service.url}${route}`);
  return { route, status: response.status, body: Buffer.from(await response.arrayBuffer()) };
};

/** The files the widget's frame page loads, as its script tags name them. */
const scriptsOf = (page: string) => [...page.matchAll(/<script src="([^"]+)"/g)].map(([, src]) => src);

/** A flow action whose upstream answers slowly: in flight when SIGTERM comes. */
async function slowRequestThenStop(service: ServiceProcess, stop: () => void) {
  upstreams.trackings.setLatency(1_500);
  const before = upstreams.trackings.requests.length;
  const answer = fetch(`${service.url}/api/actions/list-trackings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ACTIONS_KEY}` },
    body: JSON.stringify({
      auth_header: { name: 'Authorization', value: `Bearer ${API_KEY}` },
      input_type: 'tracking_number',
      identifier: DEMO.trackings.trackingNumbers.inTransit,
    }),
  });
  // Once the upstream has the request, it is in flight, waiting on it (a fixed wait would race a loaded machine).
  while (upstreams.trackings.requests.length === before) await new Promise((resolve) => setTimeout(resolve, 10));
  stop();
  const response = await answer;
  return { status: response.status, body: (await response.json()) as { trackings?: { status: { code: string } }[] } };
}

test('started as documented (node dist/src/index.js, NODE_ENV=production), it serves the widget and every file its frame names, and drains on SIGTERM', async () => {
  const service = await startService(storeSettings(), { cwd: artifact });
  expect((await get(service, '/readyz')).status).toBe(200);

  const widget = await get(service, '/webchat.js');
  expect(widget.status).toBe(200);
  // The launcher opens the frame on the bot's own origin.
  expect(widget.body.toString()).toContain("'/webchat/frame?'");
  const frame = await get(service, '/webchat/frame');
  expect(frame.status).toBe(200);
  const scripts = scriptsOf(frame.body.toString());
  // The two bundles by the hash of what was found (a file not found is named "-missing").
  expect(scripts).toEqual([
    expect.stringMatching(/^\/webchat\/adaptivecards-[0-9a-f]{12}\.js$/),
    '/webchat/card-toggle.js',
    expect.stringMatching(/^\/webchat\/webchat-[0-9a-f]{12}\.js$/),
    '/webchat/frame.js',
  ]);
  const files = await Promise.all(scripts.map((src) => get(service, src)));
  expect(files.map(({ route, status }) => [route, status])).toEqual(scripts.map((src) => [src, 200]));
  // Web Chat's own bundle, byte for byte, though the production install has no botframework-webchat.
  const webchat = files.find(({ route }) => route.startsWith('/webchat/webchat-'))!;
  expect(webchat.body.equals(readFileSync(path.join(ROOT, 'node_modules/botframework-webchat/dist/webchat.js')))).toBe(
    true,
  );

  const { status, body } = await slowRequestThenStop(service, () => service.child.kill('SIGTERM'));
  expect(status).toBe(200);
  expect(body.trackings?.map((tracking) => tracking.status.code)).toEqual(['IN_TRANSIT']);
  expect(await service.exited).toBe(0);
  expect(service.output()).toContain('shutting down: finishing the turns in flight');
});

test('npm start, which App Service runs when no startup command is set, compiles nothing there and hands SIGTERM to the service, which drains', async () => {
  const service = await startService(storeSettings(), { cwd: artifact, command: ['npm', 'start'] });
  expect((await get(service, '/readyz')).status).toBe(200);
  // npm's child is the service itself, not a shell waiting on it: SIGTERM to npm reaches it.
  const [node] = readFileSync(`/proc/${service.child.pid}/task/${service.child.pid}/children`, 'utf8')
    .trim()
    .split(' ')
    .map(Number);
  expect(readFileSync(`/proc/${node}/cmdline`, 'utf8').split('\0')).toEqual([
    expect.stringMatching(/(^|\/)node$/),
    'dist/src/index.js',
    '',
  ]);

  const { status, body } = await slowRequestThenStop(service, () => service.child.kill('SIGTERM'));
  expect(status).toBe(200);
  expect(body.trackings?.map((tracking) => tracking.status.code)).toEqual(['IN_TRANSIT']);
  await service.exited;
  expect(service.output()).not.toMatch(/^> tsc /m);
  expect(service.output()).toContain('"msg":"stopped"');
});

test('a production start that cannot find a file it serves is not ready, and says which file and where it comes from', async () => {
  // The same install under a build that lacks Web Chat's bundle.
  const broken = folder('artifact-broken-');
  for (const name of ['dist', 'package.json'])
    cpSync(path.join(artifact, name), path.join(broken, name), { recursive: true });
  symlinkSync(path.join(artifact, 'node_modules'), path.join(broken, 'node_modules'));
  rmSync(path.join(broken, 'dist/src/webchat/served/webchat.js'));

  const service = await startService(storeSettings(), { cwd: broken });
  expect((await get(service, '/healthz')).status).toBe(200);
  const ready = await get(service, '/readyz');
  expect(ready.status).toBe(503);
  expect(JSON.parse(ready.body.toString())).toEqual({ status: 'unready', failing: ['web chat files'] });
  const line = service
    .output()
    .split('\n')
    .find((entry) => entry.includes('webchat.js'));
  expect(line).toMatch(/botframework-webchat/);
  expect(line).toMatch(/npm run build/);
  service.child.kill('SIGTERM');
  expect(await service.exited).toBe(0);
});

test('every package the service code imports loads from the production install', async () => {
  const packages = new Set(
    filesUnder('src', 'dialogs', 'sandbox')
      .flatMap((file) => importsOf(file))
      .map(({ specifier }) => specifier)
      .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
      .map((specifier) =>
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
  );
  const { stdout } = await run(
    process.execPath,
    [
      '-e',
      `for (const name of ${JSON.stringify([...packages].sort())}) { try { require(name); } catch (error) { console.log(name + ': ' + error.code); } }`,
    ],
    { cwd: artifact },
  );
  expect(stdout).toBe('');
});
