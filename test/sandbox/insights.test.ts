/**
 * GET /sandbox/insights, the sandbox page's Insights panel's data, on the wire: the picture of a day
 * (DAY_PICTURE) from the metrics the sandbox keeps in process, moving as customers talk to the bot (a
 * found order, an unknown one, a request for a person), with a sample every 5 s of the injected clock for
 * the last 10 minutes. It exists only in sandbox mode, answers only this machine, and carries nothing personal.
 */
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { attachSandbox } from '../../sandbox/attach';
import { sandboxTelemetry } from '../../sandbox/upstreams';
import { DEMO } from '../../sandbox/simulators';
import { silentLogger } from '../../src/runtime/logger';
import { DAY_PICTURE } from '../../src/telemetry/dayPicture';
import { configFor, startApp, type RunningApp } from '../support/app';
import { TestChannel } from '../support/channel';
import { ManualClock } from '../support/manualClock';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const started: RunningApp[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((app) => app.close()));
});

/** The app as sandbox mode wires it: metrics kept in process, the sandbox attached, its samples on `clock`. */
async function sandboxApp(clock: ManualClock): Promise<RunningApp> {
  const config = configFor(upstreams, { HANDOFF: 'botframework', ORDER_NUMBER_PATTERN: 'ORD-\\d{4}' });
  const app = await startApp({ ...config, telemetry: sandboxTelemetry(config) });
  started.push(app);
  attachSandbox(app.app.server, {
    botUrl: app.url,
    logger: silentLogger,
    insights: { collect: app.app.telemetry.collect, clock },
  });
  return app;
}

interface Insights {
  at: number;
  sampleEveryMs: number;
  times: number[];
  figures: Array<{
    id: string;
    title: string;
    series: Array<{ id: string; value: number | null; history: Array<number | null> }>;
  }>;
}

async function insights(app: RunningApp): Promise<{ status: number; text: string; body: Insights }> {
  const response = await fetch(`${app.url}/sandbox/insights`);
  const text = await response.text();
  return { status: response.status, text, body: (response.ok ? JSON.parse(text) : undefined) as Insights };
}

const series = (body: Insights, figure: string, id: string) =>
  body.figures.find((f) => f.id === figure)!.series.find((s) => s.id === id)!;
const customer = (app: RunningApp, conversationId: string, userId: string) =>
  new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'en-US', conversationId, userId });

test('outside sandbox mode there is no such route; with the sandbox but no metrics kept, neither', async () => {
  const plain = await startApp(configFor(upstreams));
  started.push(plain);
  expect((await insights(plain)).status).toBe(404);
  attachSandbox(plain.app.server, {
    botUrl: plain.url,
    logger: silentLogger,
    insights: { collect: plain.app.telemetry.collect },
  });
  expect(plain.app.telemetry.collect).toBeUndefined();
  expect((await insights(plain)).status).toBe(404);
});

test('a found order, an unknown one and a request for a person: the figures move, and the history keeps a sample every 5 s for 10 minutes', async () => {
  const clock = new ManualClock();
  const app = await sandboxApp(clock);
  const before = await insights(app);
  expect(before.status).toBe(200);
  expect(before.body.figures.map((f) => [f.id, f.title])).toEqual(DAY_PICTURE.map((f) => [f.id, f.title]));
  expect(series(before.body, 'containment', 'answered').value).toBeNull();
  expect(series(before.body, 'not_found', 'not_found').value).toBeNull();
  expect(series(before.body, 'lookups', 'found')).toMatchObject({ value: 0, history: [0] });
  expect(before.body.times).toEqual([clock.now()]);

  const alex = customer(app, 'conv-INSIGHT-alex', 'user-INSIGHT-alex');
  await alex.say(DEMO.checkpoints.delivered);
  await alex.say(DEMO.checkpoints.unknown);
  const sam = customer(app, 'conv-INSIGHT-sam', 'user-INSIGHT-sam');
  await sam.say(DEMO.checkpoints.delayed);
  await sam.say('talk to a person');

  // Five seconds on: the sampler takes its sample by itself (and sleeps again once it has).
  await clock.sleeping(1);
  await clock.advance(5_000);
  await clock.sleeping(1);
  const after = await insights(app);
  expect(after.body.times).toEqual([before.body.at, before.body.at + 5_000]);
  expect(series(after.body, 'lookups', 'found')).toMatchObject({ value: 2, history: [0, 2] });
  expect(series(after.body, 'lookups', 'not_found')).toMatchObject({ value: 1, history: [0, 1] });
  // One of three answered lookups missed; one of two conversations went to a person.
  expect(series(after.body, 'not_found', 'not_found').value).toBeCloseTo(100 / 3, 10);
  expect(series(after.body, 'containment', 'answered')).toMatchObject({ value: 50, history: [null, 50] });
  expect(series(after.body, 'handoffs', 'initiated').value).toBe(1);
  const p50 = series(after.body, 'upstream_latency', 'checkpoints_p50').value;
  expect(p50).toBeGreaterThan(0);
  expect(p50).toBeLessThanOrEqual(series(after.body, 'upstream_latency', 'checkpoints_p95').value!);
  expect(series(after.body, 'upstream_latency', 'trackings_p50').value).toBeNull();

  // A reading within the same 5 s replaces that slot's sample: the newest point is now, not one more point.
  await clock.advance(1_000);
  expect((await insights(app)).body.times).toEqual([before.body.at, before.body.at + 6_000]);

  // Ten minutes on, the first samples are gone: 120 slots of 5 s at the most.
  for (let i = 0; i < 125; i++) {
    await clock.advance(5_000);
    await clock.sleeping(1);
  }
  const later = await insights(app);
  expect(later.body.times.length).toBeLessThanOrEqual(120);
  expect(later.body.times[0]).toBeGreaterThan(later.body.at - 10 * 60_000);
  expect(series(later.body, 'lookups', 'found').history.every((value) => value === 2)).toBe(true);

  // Nothing personal: no order number, no user or conversation id, no customer's words.
  for (const secret of ['ORD-', 'INSIGHT', 'talk to a person'])
    expect({ secret, found: later.text.includes(secret) }).toEqual({ secret, found: false });
});

/** This machine's first address that is not loopback, if it has one. */
const outside = Object.values(os.networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

(outside ? test : test.skip)(
  'a connection from another machine (any address but loopback) is refused, like the agent hub',
  async () => {
    const app = await sandboxApp(new ManualClock());
    // The same server's routes, reached over this machine's network address rather than loopback.
    const front = http.createServer((req, res) => app.app.server.server.emit('request', req, res));
    await new Promise<void>((resolve) => front.listen(0, '0.0.0.0', resolve));
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.get(
          {
            host: outside,
            port: (front.address() as AddressInfo).port,
            path: '/sandbox/insights',
            headers: { host: 'localhost' },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
      });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({
        error: { code: 'Forbidden', message: 'Insights answers this machine only' },
      });
    } finally {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
    }
  },
);
