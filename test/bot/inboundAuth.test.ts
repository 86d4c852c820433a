/**
 * Inbound auth for real: with MicrosoftAppId set, POST /api/messages takes only activities whose
 * token the channel signed for this bot. Tokens are signed by a test key whose OpenID metadata and
 * JWKS a loopback server publishes (test/support/tokenIssuer.ts); nothing reaches the internet.
 */
import { format } from 'node:util';
import type { Activity } from 'botbuilder';
import { DEMO } from '../../sandbox/simulators';
import { configFor, startApp, type RunningApp } from '../support/app';
import { summarize } from '../support/channel';
import {
  CHANNEL_ISSUER,
  CHANNEL_KID,
  refuseInternet,
  startTokenIssuer,
  type TokenIssuer,
} from '../support/tokenIssuer';
import { useSimulators } from '../support/upstreams';

const APP_ID = '6b0f8a0e-3c1d-4f7a-9e2b-5d4c3b2a1f00';
const APP_PASSWORD = 'pw-SECRET-inbound-auth-0003';
const OTHER_APP_ID = '0d9c8b7a-6f5e-4d3c-2b1a-0f9e8d7c6b5a';
const SERVICE_URL = 'https://webchat.botframework.com/';
const TRACKING_NUMBER = DEMO.trackings.trackingNumbers.inTransit;
const MINUTE = 60;
const HOUR = 60 * MINUTE;

const upstreams = useSimulators();
let issuer: TokenIssuer;
let app: RunningApp;
let internet: ReturnType<typeof refuseInternet>;
/** What botbuilder writes with console.* (it bypasses our logger), for the leak checks. */
const consoleLines: string[] = [];

beforeAll(async () => {
  internet = refuseInternet();
  for (const level of ['error', 'warn', 'log'] as const) {
    jest.spyOn(console, level).mockImplementation((...args) => void consoleLines.push(format(...args)));
  }
  issuer = await startTokenIssuer(['webchat', 'msteams']);
  const env = { MicrosoftAppId: APP_ID, MicrosoftAppPassword: APP_PASSWORD, MicrosoftAppType: 'MultiTenant' };
  // As the service runs: what libraries print goes through our log (src/index.ts routes the console there).
  app = await startApp(configFor(upstreams, env), { authEndpoints: issuer.endpoints, routeConsole: true });
});
afterAll(async () => {
  await app?.close();
  await issuer?.close();
  internet.restore();
  jest.restoreAllMocks();
});
afterEach(() => expect(internet.attempts).toEqual([]));

const now = () => Math.floor(Date.now() / 1000);
/** The claims of a real channel token for this bot (a JWT's exp and nbf are in seconds). */
const claims = (overrides: object = {}) => ({
  iss: CHANNEL_ISSUER,
  aud: APP_ID,
  serviceurl: SERVICE_URL,
  nbf: now() - 5 * MINUTE,
  exp: now() + HOUR,
  ...overrides,
});
const bearer = (token: string) => `Bearer ${token}`;

let sequence = 0;
/** A customer asking for a tracking number: if it got through, the bot would look it up at once. */
function activity(overrides: object = {}) {
  sequence += 1;
  return {
    type: 'message',
    id: `act-${sequence}`,
    channelId: 'webchat',
    serviceUrl: SERVICE_URL,
    conversation: { id: `conv-auth-${sequence}` },
    from: { id: 'customer-1', name: 'Customer' },
    recipient: { id: APP_ID, name: 'Order Tracking' },
    locale: 'en-US',
    // Replies come back in the HTTP body, so the bot never needs an outbound token from Azure AD.
    deliveryMode: 'expectReplies',
    text: `where is ${TRACKING_NUMBER}?`,
    ...overrides,
  };
}

/** A JSON log line, as far as these tests read it. */
interface LogLine {
  level: number;
  msg: string;
  reason?: string;
  channel?: string;
}

/** The replies of an expectReplies turn, as the response's body carries them. */
interface Replies {
  activities: Partial<Activity>[];
}

/** Posts an activity with the Authorization header (if any) and checks that no secret leaks. */
async function send(authorization: string | undefined, body = activity()) {
  const logsBefore = app.logs.length;
  const consoleBefore = consoleLines.length;
  const response = await app.post(
    '/api/messages',
    body,
    authorization === undefined ? {} : { Authorization: authorization },
  );
  const credential = authorization?.split(' ').at(-1);
  const written = [...app.logs.slice(logsBefore), ...consoleLines.slice(consoleBefore), response.text].join('\n');
  expect(written).not.toContain(APP_PASSWORD);
  if (credential) expect(written).not.toContain(credential);
  return response;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A valid token with its payload swapped for other claims, signature kept. */
function tampered(token: string, payload: object): string {
  const [header, , signature] = token.split('.');
  return [header, base64url(payload), signature].join('.');
}

interface Refusal {
  name: string;
  authorization: () => Promise<string | undefined>;
  activity?: object;
  /** Which check refused it: botbuilder's or jsonwebtoken's message, in our log line (never in the reply). */
  reason: string;
  /** A path of the local metadata server this case must have been checked against. */
  checkedAgainst?: string;
}

// Every refusal gets the same 401 "Unauthorized", whichever check failed; the reason is logged.
const refusals: Refusal[] = [
  {
    name: 'a request without a token',
    authorization: () => Promise.resolve(undefined),
    reason: 'Unauthorized Access. Request is not authorized',
  },
  {
    name: 'an empty Bearer token',
    authorization: () => Promise.resolve('Bearer '),
    reason: 'Unauthorized. No valid identity.',
  },
  {
    name: 'something that is not a JWT',
    authorization: () => Promise.resolve('Bearer not-a-token'),
    reason: 'Unauthorized. No valid identity.',
  },
  {
    name: 'a JWT with a part missing',
    authorization: () => Promise.resolve('Bearer abc.def'),
    reason: 'Unauthorized. No valid identity.',
  },
  {
    name: 'a valid token under another scheme',
    authorization: async () => `Basic ${await issuer.sign(claims())}`,
    reason: 'Unauthorized. No valid identity.',
  },
  {
    name: 'a valid token without the Bearer scheme',
    authorization: () => issuer.sign(claims()),
    reason: 'Unauthorized. No valid identity.',
  },
  {
    name: 'a token that expired an hour ago',
    authorization: async () => bearer(await issuer.sign(claims({ nbf: now() - 2 * HOUR, exp: now() - HOUR }))),
    reason: 'The token has expired',
  },
  {
    // jsonwebtoken accepts a token without exp; Bot Framework's tokens always carry one.
    name: 'a token that never expires (no exp)',
    authorization: async () => bearer(await issuer.sign((({ exp: _exp, ...rest }) => rest)(claims()))),
    reason: 'Unauthorized. The token has no expiry (exp).',
  },
  {
    name: 'a token that is valid only from an hour from now',
    authorization: async () => bearer(await issuer.sign(claims({ nbf: now() + HOUR, exp: now() + 2 * HOUR }))),
    reason: 'jwt not active',
  },
  {
    name: 'a token for another bot',
    authorization: async () => bearer(await issuer.sign(claims({ aud: OTHER_APP_ID }))),
    reason: `Unauthorized. Invalid AppId passed on token: ${OTHER_APP_ID}`,
  },
  {
    name: 'a token for no bot in particular',
    authorization: async () => bearer(await issuer.sign(claims({ aud: undefined }))),
    reason: 'Unauthorized. Invalid AppId passed on token: null',
  },
  {
    name: 'a token from another issuer, signed with the channel key',
    authorization: async () => bearer(await issuer.sign(claims({ iss: 'https://tokens.example.com' }))),
    reason: 'Unauthorized. No valid identity.',
  },
  {
    // An Azure AD issuer sends the token down the emulator's path, to the emulator's keys (served locally).
    name: "a token claiming Azure AD's issuer, signed with the channel key",
    authorization: async () =>
      bearer(
        await issuer.sign(
          claims({ iss: 'https://sts.windows.net/d6d49420-f39b-4df7-a1dc-d59a935871db/', appid: APP_ID, ver: '1.0' }),
        ),
      ),
    reason: 'Signing Key could not be retrieved.',
    checkedAgainst: '/emulator/keys',
  },
  {
    name: 'a token signed by another key under the published key id',
    authorization: async () => bearer(await issuer.sign(claims(), { key: issuer.strangerKey })),
    reason: 'invalid signature',
    checkedAgainst: '/channel/keys',
  },
  {
    name: 'a token signed by a key that was never published',
    authorization: async () => bearer(await issuer.sign(claims(), { key: issuer.strangerKey, kid: 'unpublished-key' })),
    reason: 'Signing Key could not be retrieved.',
  },
  {
    name: "another bot's valid token with its audience rewritten to this bot",
    authorization: async () => bearer(tampered(await issuer.sign(claims({ aud: OTHER_APP_ID })), claims())),
    reason: 'invalid signature',
  },
  {
    name: 'an unsigned token (alg none)',
    authorization: () =>
      Promise.resolve(
        bearer([base64url({ alg: 'none', typ: 'JWT', kid: CHANNEL_KID }), base64url(claims()), ''].join('.')),
      ),
    reason: 'jwt signature is required',
  },
  {
    name: 'a token signed with HS256, the public key as the secret',
    authorization: async () =>
      bearer(await issuer.sign(claims(), { key: new TextEncoder().encode(issuer.publicPem), algorithm: 'HS256' })),
    reason: 'invalid algorithm',
  },
  {
    name: 'a valid token on an activity from a channel the key may not sign for',
    authorization: async () => bearer(await issuer.sign(claims())),
    activity: { channelId: 'slack' },
    reason: `Could not validate endorsement for key: ${CHANNEL_KID} with endorsements: webchat,msteams`,
  },
  {
    name: "a valid token on an activity naming another service URL than the token's",
    authorization: async () => bearer(await issuer.sign(claims())),
    activity: { serviceUrl: 'https://attacker.example.com/' },
    reason: 'Unauthorized. ServiceUrl claim do not match.',
  },
  // Checked before the body: a caller without a valid token learns nothing of what the bot accepts.
  {
    name: 'a request without a token, whose body is no activity (no conversation, a service URL that is none)',
    authorization: () => Promise.resolve(undefined),
    activity: { conversation: undefined, serviceUrl: 'not a url', locale: 42 },
    reason: 'Unauthorized Access. Request is not authorized',
  },
  {
    name: 'a forged token on a body with ids no channel sends',
    authorization: async () => bearer(tampered(await issuer.sign(claims()), claims({ aud: OTHER_APP_ID }))),
    activity: { id: 'ümlaut-\u0100', text: 'x'.repeat(40_000) },
    reason: 'invalid signature',
  },
  {
    // botbuilder routes channel "AseChannel" to its own check (Azure AD issuers, Microsoft's keys): no way around ours.
    name: 'a valid token on an activity claiming the App Service Environment channel',
    authorization: async () => bearer(await issuer.sign(claims())),
    activity: { channelId: 'AseChannel' },
    reason: 'Unauthorized. No valid identity.',
  },
];

describe('with MicrosoftAppId set, /api/messages turns away', () => {
  test.each(refusals)('$name', async (row) => {
    const consoleBefore = consoleLines.length;
    const logsBefore = app.logs.length;
    const response = await send(await row.authorization(), activity(row.activity));
    expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: 'Unauthorized' });
    // One JSON log line says why, and nothing else about it: not on the console (botframework-connector
    // printed stack traces and PEM keys there), not a second line in the log. (The request's own line may follow.)
    const written = app.logs
      .slice(logsBefore)
      .map((line) => JSON.parse(line) as LogLine)
      .filter((entry) => entry.level >= 30 && entry.msg !== 'http request');
    expect(written.map((entry) => [entry.msg, entry.reason])).toEqual([['inbound request refused', row.reason]]);
    expect(consoleLines.slice(consoleBefore)).toEqual([]);
    // Refused before the turn: no reply, and no lookup reached an interface.
    expect(response.text).not.toContain('activities');
    expect(upstreams.trackings.requests).toEqual([]);
    expect(upstreams.checkpoints.requests).toEqual([]);
    if (row.checkedAgainst) expect(issuer.hits).toContain(row.checkedAgainst);
  });
});

test('a refused request logs what it claimed at a bounded size: a 250 KB channelId is not 250 KB of log', async () => {
  const logsBefore = app.logs.length;
  const response = await send(bearer(await issuer.sign(claims())), activity({ channelId: 'x'.repeat(250_000) }));
  expect(response.status).toBe(401);
  const written = app.logs.slice(logsBefore);
  expect(written.map((line) => (JSON.parse(line) as LogLine).msg)).toContain('inbound request refused');
  for (const line of written) expect(line.length).toBeLessThan(2_000);
  expect((JSON.parse(written.find((line) => line.includes('inbound request refused'))!) as LogLine).channel).toMatch(
    /^x{200,}…/,
  );
});

describe('with MicrosoftAppId set, /api/messages accepts', () => {
  test('a token the channel signed for this bot, and the customer gets the answer', async () => {
    const response = await send(bearer(await issuer.sign(claims())));
    expect(response.status).toBe(200);
    expect(summarize((response.body as Replies).activities)).toEqual([
      `Here is the shipment for ${TRACKING_NUMBER}:`,
      '(card)',
    ]);
    expect(upstreams.trackings.requests).toHaveLength(1);
    // The keys came from the local server, not from login.botframework.com.
    expect(issuer.hits).toEqual(expect.arrayContaining(['/channel/.well-known/openidconfiguration', '/channel/keys']));
  });

  test('a token from Teams, the other channel the key signs for', async () => {
    const response = await send(bearer(await issuer.sign(claims())), activity({ channelId: 'msteams', text: 'help' }));
    expect(response.status).toBe(200);
    expect(summarize((response.body as Replies).activities)[0]).toMatch(/^I find your shipments/);
  });

  test('a malformed activity with a valid token: a 400 that names the field, as without auth', async () => {
    const response = await send(bearer(await issuer.sign(claims())), activity({ locale: 42 }));
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { code: 'invalid_argument', message: 'locale: must be a string', argument: 'locale' },
    });
    expect(upstreams.trackings.requests).toEqual([]);
  });

  test('a token that expired a minute ago: botbuilder allows five minutes of clock skew', async () => {
    const response = await send(bearer(await issuer.sign(claims({ nbf: now() - HOUR, exp: now() - MINUTE }))));
    expect(response.status).toBe(200);
    expect(summarize((response.body as Replies).activities)).toContain(`Here is the shipment for ${TRACKING_NUMBER}:`);
  });
});
