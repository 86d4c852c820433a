/**
 * The service as a host starts it never runs an open bot. Before: with an upstream configured, NODE_ENV
 * unset (Azure App Service sets none) and no MicrosoftAppId, it listened on every interface with inbound
 * auth off, logged a warning, and answered an unsigned POST /api/messages with 200, replying wherever
 * the caller's serviceUrl pointed. Now such a start is refused, naming the settings; and a developer who
 * says NODE_ENV=development or test gets a service that only this machine can reach.
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { parseEnv } from 'node:util';
import { listeningLine, startService, stopAllServices } from '../support/serviceProcess';
import { API_KEY, CREDENTIALS, useSimulators } from '../support/upstreams';

jest.setTimeout(60_000);
const upstreams = useSimulators();
afterAll(() => stopAllServices());

/** .env.example as shipped (but the test's own port), with the upstreams filled in, as an operator would after a first read. */
const { PORT: _port, ...shipped } = parseEnv(readFileSync('.env.example', 'utf8')) as Record<string, string>;
const configured = () => ({
  ...shipped,
  CHECKPOINTS_BASE_URL: upstreams.checkpoints.url,
  CHECKPOINTS_USER_ID: CREDENTIALS.userId,
  CHECKPOINTS_TOKEN: CREDENTIALS.token,
  TRACKINGS_BASE_URL: upstreams.trackings.url,
  TRACKINGS_API_KEY: API_KEY,
});

/** An activity nobody signed, whose replies the caller wants in the response (so a 200 carries them). */
const unsigned = {
  type: 'message',
  id: 'unsigned-1',
  text: 'hello',
  channelId: 'emulator',
  serviceUrl: 'http://127.0.0.1:9/',
  deliveryMode: 'expectReplies',
  from: { id: 'stranger' },
  recipient: { id: 'bot' },
  conversation: { id: 'open-bot-check' },
};

/** What an unsigned POST /api/messages got: its status, or that the service refused to start (and what it printed). */
async function unsignedPost(
  env: Record<string, string>,
): Promise<{ answer: number | 'refused to start'; output: string }> {
  const started = await startService(env).catch((error: Error) => error);
  if (started instanceof Error) return { answer: 'refused to start', output: started.message };
  const response = await fetch(`${started.url}/api/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(unsigned),
  });
  started.child.kill();
  return { answer: response.status, output: started.output() };
}

/** Whether a TCP connection to host:port is taken. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

test.each([
  ['unset, as on Azure App Service', ''],
  ['production', 'production'],
])(
  'a configured service with NODE_ENV %s and no MicrosoftAppId refuses to start: an unsigned POST /api/messages never gets 200',
  async (_what, nodeEnv) => {
    const { answer, output } = await unsignedPost({ ...configured(), NODE_ENV: nodeEnv, MicrosoftAppId: '' });
    expect(answer).toBe('refused to start');
    expect(output).toContain('exited with 1');
    expect(output).toMatch(/MicrosoftAppId: is required .*NODE_ENV=development/);
    for (const secret of [CREDENTIALS.token, API_KEY]) expect(output).not.toContain(secret);
  },
);

test('NODE_ENV=test, said deliberately, runs a configured service without MicrosoftAppId on loopback only, and says inbound auth is off', async () => {
  const service = await startService({ ...configured(), NODE_ENV: 'test', MicrosoftAppId: '' });
  try {
    const { address, port } = await listeningLine(service);
    expect(address).toBe('127.0.0.1');
    // Another address of this machine is not listened on: every interface (the old default) would take it.
    expect(await accepts('127.0.0.2', port)).toBe(false);
    expect(await accepts('127.0.0.1', port)).toBe(true);
    expect(service.output()).toContain('INBOUND AUTH IS OFF');
  } finally {
    service.child.kill();
  }
});

test('with a bot identity it listens on every interface, as a host expects, and an unsigned POST /api/messages gets 401', async () => {
  const identity = {
    MicrosoftAppType: 'SingleTenant',
    MicrosoftAppId: '00000000-0000-0000-0000-00000000c105',
    MicrosoftAppPassword: 'fail-closed-password',
    MicrosoftAppTenantId: '00000000-0000-0000-0000-0000000000aa',
  };
  const service = await startService({ ...configured(), NODE_ENV: '', ...identity });
  try {
    const { address } = await listeningLine(service);
    expect(['::', '0.0.0.0']).toContain(address);
    const response = await fetch(`${service.url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(unsigned),
    });
    expect(response.status).toBe(401);
  } finally {
    service.child.kill();
  }
});
