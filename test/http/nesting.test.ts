/**
 * Deep nesting, in what callers send and in what upstreams answer, is refused or reported as the
 * broken answer it is, and nothing a library logs can carry a request (its body or its headers).
 * Before: restify's "error in formatter" line logged the whole request, token and Authorization included.
 */
import { Writable } from 'node:stream';
import type { Request, Response } from 'restify';
import { DEMO } from '../../sandbox/simulators';
import type { ErrorBody } from '../../src/http/errorResponse';
import { answerAtOnce } from '../../src/http/answerAtOnce';
import { createServer, jsonBody } from '../../src/http/server';
import { createLogger } from '../../src/log';
import { configFor, startApp, type RunningApp } from '../support/app';
import { startConnector, TestChannel, type Connector } from '../support/channel';
import { API_KEY, CREDENTIALS, useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
let app: RunningApp;
let connector: Connector;
/** Everything written to stdout and stderr meanwhile: a library's own log lines go there. */
let printed: string[] = [];
const writes = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };

beforeAll(async () => {
  app = await startApp(configFor(upstreams));
  connector = await startConnector();
});
afterAll(async () => {
  await app.close();
  await connector.close();
});
beforeEach(() => {
  printed = [];
  process.stdout.write = (chunk: unknown, ...rest: never[]) => (
    printed.push(String(chunk)),
    writes.out(chunk as string, ...rest)
  );
  process.stderr.write = (chunk: unknown, ...rest: never[]) => (
    printed.push(String(chunk)),
    writes.err(chunk as string, ...rest)
  );
});
afterEach(() => {
  process.stdout.write = writes.out;
  process.stderr.write = writes.err;
});

/** `{"a": {"a": … 1 …}}`, `depth` levels deep. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const everything = () => [...app.logs, ...printed].join('\n');

test('Interface A answering with an unknown field nested 6,000 deep: the action route says the upstream broke (502), and no log line holds the token', async () => {
  upstreams.checkpoints.inject({ kind: 'raw', body: `{"header": [], "body": {}, "extra": ${nested(6_000)}}` });
  const { status, body } = await app.post<ErrorBody | undefined>('/api/actions/get-checkpoints-by-order-number', {
    orderNumber: DEMO.checkpoints.delivered,
    userId: CREDENTIALS.userId,
    token: CREDENTIALS.token,
  });
  expect({ status, code: body?.code }).toEqual({ status: 502, code: 'malformed_response' });
  expect(everything()).not.toContain(CREDENTIALS.token);
});

test('Interface B answering 6,000 deep: list-trackings answers 502, not 500 internal, and no log line holds the key', async () => {
  upstreams.trackings.inject({ kind: 'raw', body: `{"trackings": [], "extra": ${nested(6_000)}}` });
  const { status, body } = await app.post<ErrorBody | undefined>('/api/actions/list-trackings', {
    auth_header: { name: 'Authorization', value: `Bearer ${API_KEY}` },
    input_type: 'tracking_number',
    identifier: DEMO.trackings.trackingNumbers.inTransit,
  });
  expect({ status, code: body?.code }).toEqual({ status: 502, code: 'malformed_response' });
  expect(everything()).not.toContain(API_KEY);
});

test('in chat, an upstream answer nested 6,000 deep is the apology for an outage, not "something went wrong on my side"', async () => {
  upstreams.trackings.inject({ kind: 'raw', body: `{"trackings": [${nested(6_000)}]}` });
  const { replies } = await new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'en-US' }).say(
    DEMO.trackings.trackingNumbers.inTransit,
  );
  expect(replies.map((r) => r.text)).toEqual([
    "Sorry, I can't reach the tracking service right now. Please try again in a few minutes.",
  ]);
});

test.each(['conversation', 'from', 'recipient'])(
  'an activity whose %s is nested 5,000 deep is a 400 naming the body, and nothing is logged of it',
  async (field) => {
    const activity = `{"type": "message", "channelId": "webchat", "serviceUrl": "${connector.url}", "text": "hi", "conversation": {"id": "c1"}, "${field}": ${nested(5_000)}}`;
    const response = await fetch(`${app.url}/api/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer not-a-real-token-but-secret' },
      body: activity,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_argument', argument: 'body' });
    expect(everything()).not.toContain('not-a-real-token-but-secret');
  },
);

test('an action call nested 5,000 deep is a 400 naming the body', async () => {
  const { status, body } = await app.post(
    '/api/actions/list-trackings',
    `{"auth_header": {"name": "Authorization", "value": "Bearer ${API_KEY}"}, "input_type": "tracking_number", "identifier": "x", "extra": ${nested(5_000)}}`,
  );
  expect({ status, body }).toEqual({
    status: 400,
    body: expect.objectContaining({ code: 'invalid_argument', argument: 'body' }) as unknown,
  });
  expect(upstreams.trackings.requests).toHaveLength(0);
  expect(everything()).not.toContain(API_KEY);
});

test('whatever restify logs of a request is its method and path: a reply it cannot format no longer logs the body and headers', async () => {
  const lines: string[] = [];
  const server = createServer({
    logger: createLogger('info', new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) })),
  });
  server.post(
    '/unformattable',
    jsonBody(1024),
    answerAtOnce((_req: Request, res: Response) => {
      res.send(200, { answer: BigInt(1) });
    }),
  );
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  try {
    const { port } = server.address();
    const response = await fetch(`http://127.0.0.1:${port}/unformattable?token=in-the-query`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer header-secret' },
      body: '{"token": "body-secret"}',
    });
    expect(response.status).toBe(500);
    const logged = lines.join('\n');
    expect(logged).toContain('error in formatter');
    for (const secret of ['header-secret', 'body-secret', 'in-the-query']) expect(logged).not.toContain(secret);
    expect((JSON.parse(lines.find((line) => line.includes('error in formatter'))!) as { req: unknown }).req).toEqual({
      method: 'POST',
      path: '/unformattable',
    });
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
  }
});

test('a handler that returns its response (return res.send(…)): restify logs only the kind of what came back, not the request in it', async () => {
  const lines: string[] = [];
  const server = createServer({
    logger: createLogger('info', new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) })),
  });
  // A route written as the handshake once was: restify warns of any value an async handler returns, whole.
  server.get('/returns', async (_req: Request, res: Response) => {
    await Promise.resolve();
    const sent: unknown = res.send(403);
    return sent;
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  try {
    const { port } = server.address();
    const response = await fetch(`http://127.0.0.1:${port}/returns?hub.verify_token=query-secret`, {
      headers: { Authorization: 'Bearer header-secret' },
    });
    expect(response.status).toBe(403);
    const warned = lines.find((line) => line.includes('Discarded returned value'));
    expect((JSON.parse(warned!) as { value: unknown }).value).toBe('ServerResponse');
    for (const secret of ['header-secret', 'query-secret']) expect(lines.join('\n')).not.toContain(secret);
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
  }
});
