/**
 * Signed-in customers on the wire: the store's page sends the customer token its server signed to
 * POST /api/webchat/token (a new conversation) or POST /api/webchat/customer (newer claims for the one
 * under way). A token that does not pass, for HS256 and for a key set served on loopback (RS256, ES256),
 * gets a 401 naming customerToken, one log line with the reason, and no call to Direct Line (a stand-in
 * here); no log line holds the token or its sub. One that passes gets a user id that is the same for the
 * same customer everywhere and says nothing of them, and their claims are kept for it until `exp`.
 */
import { Writable } from 'node:stream';
import type { Server } from 'restify';
import type { JWTPayload } from 'jose';
import type { CustomerTokenSettings } from '../../src/customers/customerToken';
import { MemoryStateStorage } from '../../src/bot/memoryStateStorage';
import { CustomerSignIn } from '../../src/customers/customerSignIn';
import { CustomerTokenVerifier } from '../../src/customers/customerToken';
import { CustomerUserIds } from '../../src/customers/customerUserIds';
import { StoreKeys } from '../../src/customers/storeKeys';
import { StoredCustomers } from '../../src/customers/storedCustomers';
import { createServer } from '../../src/http/server';
import { registerWebchatTokenRoute } from '../../src/http/webchatToken';
import { createLogger } from '../../src/log';
import { answerOf, configFor, startApp } from '../support/app';
import {
  AUDIENCE,
  CUSTOMER_SECRET,
  ISSUER,
  claimsAt,
  sharedSecret,
  signCustomerToken,
  startStoreKeySet,
  storeKey,
  unsignedToken,
  type StoreKey,
  type StoreKeySet,
} from '../support/customerTokens';
import { FakeClock } from '../support/fakeClock';
import { startFakeDirectLine, type FakeDirectLine } from '../support/fakeDirectLine';
import { useSimulators } from '../support/upstreams';
import type { GivenToken, RenewedCustomer } from './webchatReplies';

const DL_SECRET = 'dl-SECRET-0123456789-abcdefghij';
const ID_SECRET = 'customer-ids-SECRET-0123456789abcdefgh';
const SHOP = 'https://shop.example';
const TOKEN_PATH = '/api/webchat/token';
const CUSTOMER_PATH = '/api/webchat/customer';
const RENEWAL_PATH = '/api/webchat/renewal';
const MINUTE = 60_000;

let directLine: FakeDirectLine;
const running: Array<() => Promise<void>> = [];
beforeEach(async () => {
  directLine = await startFakeDirectLine();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((close) => close()));
  await directLine.close();
});

interface Store {
  url: string;
  logs: string[];
  clock: FakeClock;
  customers: StoredCustomers;
  /** The route's answer, its body read as `Body`: what the test expects there. */
  ask<Body = unknown>(path: string, body: unknown): Promise<{ status: number; body: Body }>;
}

async function start(tokens: CustomerTokenSettings | undefined, keys: { timeoutMs?: number } = {}): Promise<Store> {
  const logs: string[] = [];
  const logger = createLogger(
    'trace',
    new Writable({ write: (chunk, _e, done) => (logs.push(String(chunk)), done()) }),
  );
  const clock = new FakeClock();
  const customers = new StoredCustomers(
    new MemoryStateStorage({ maxItems: 100, idleMs: 24 * 60 * MINUTE }, clock),
    clock,
  );
  const storeKeys = tokens && 'jwksUrl' in tokens ? new StoreKeys(tokens.jwksUrl, clock, keys) : undefined;
  const signIn =
    tokens &&
    new CustomerSignIn(new CustomerTokenVerifier(tokens, clock, storeKeys), new CustomerUserIds(ID_SECRET), customers);
  const server: Server = createServer({ logger });
  registerWebchatTokenRoute(
    server,
    {
      secret: DL_SECRET,
      endpoint: directLine.endpoint,
      allowedOrigins: [SHOP],
      tokensPerMinute: 0,
      trustedProxyHops: 0,
    },
    { logger, clock, signIn },
  );
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  running.push(
    () => new Promise<void>((resolve) => (server.close(() => resolve()), server.server.closeAllConnections())),
  );
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    logs,
    clock,
    customers,
    async ask<Body>(path: string, body: unknown) {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: SHOP },
        body: JSON.stringify(body),
      });
      return answerOf<Body>(response);
    },
  };
}

const HS256: CustomerTokenSettings = {
  algorithm: 'HS256',
  secret: CUSTOMER_SECRET,
  audience: AUDIENCE,
  issuer: ISSUER,
};

/** How each setup signs: the store's own way, and the ways an attacker tries. */
interface Signing {
  settings: CustomerTokenSettings;
  /** The store's honest signature. */
  sign(claims: JWTPayload): Promise<string>;
  /** A signature the store never made, under the right algorithm. */
  forge(claims: JWTPayload): Promise<string>;
  /** Signed with another algorithm (for key sets: HS256 with the public key as the secret, the classic confusion). */
  otherAlgorithms: Array<[string, (claims: JWTPayload) => Promise<string>]>;
  keySet?: StoreKeySet;
  keys?: StoreKey[];
}

/** Key pairs take a while to make: each is made once for the file. */
const made = new Map<string, StoreKey>();
const keyOnce = (algorithm: 'RS256' | 'ES256', role: string, kid = 'key-2026-11'): StoreKey => {
  const name = `${algorithm}/${role}`;
  if (!made.has(name)) made.set(name, storeKey(algorithm, kid));
  return made.get(name)!;
};

async function signing(algorithm: 'HS256' | 'RS256' | 'ES256'): Promise<Signing> {
  if (algorithm === 'HS256') {
    const rsa = keyOnce('RS256', 'other');
    return {
      settings: HS256,
      sign: (claims) => signCustomerToken(claims, { alg: 'HS256', key: sharedSecret() }),
      forge: (claims) =>
        signCustomerToken(claims, { alg: 'HS256', key: sharedSecret('another-SECRET-0123456789abcdefghijk') }),
      otherAlgorithms: [
        ['RS256', (claims) => signCustomerToken(claims, { alg: 'RS256', key: rsa.privateKey })],
        ['HS512 with the secret', (claims) => signCustomerToken(claims, { alg: 'HS512', key: sharedSecret() })],
      ],
    };
  }
  const key = keyOnce(algorithm, 'store');
  const stranger = keyOnce(algorithm, 'stranger');
  const keySet = await startStoreKeySet([key]);
  running.push(() => keySet.close());
  const publicPem = key.publicKey.export({ format: 'pem', type: 'spki' }) as string;
  const other = keyOnce(algorithm === 'RS256' ? 'ES256' : 'RS256', 'other');
  return {
    settings: { algorithm, jwksUrl: keySet.url, audience: AUDIENCE, issuer: ISSUER },
    sign: (claims) => signCustomerToken(claims, { alg: algorithm, key: key.privateKey, kid: key.kid }),
    forge: (claims) => signCustomerToken(claims, { alg: algorithm, key: stranger.privateKey, kid: key.kid }),
    otherAlgorithms: [
      [
        'HS256 with the public key as the secret',
        (claims) => signCustomerToken(claims, { alg: 'HS256', key: new TextEncoder().encode(publicPem), kid: key.kid }),
      ],
      [
        algorithm === 'RS256' ? 'ES256' : 'RS256',
        (claims) =>
          signCustomerToken(claims, {
            alg: algorithm === 'RS256' ? 'ES256' : 'RS256',
            key: other.privateKey,
            kid: key.kid,
          }),
      ],
    ],
    keySet,
    keys: [key],
  };
}

type Case = [string, string, (s: Signing, now: number) => Promise<string>];
const SECONDS = (ms: number) => Math.floor(ms / 1000);
const CASES: Case[] = [
  ['a wrong signature', 'bad_signature', (s, now) => s.forge(claimsAt(now))],
  ['alg: none', 'wrong_algorithm', (_s, now) => Promise.resolve(unsignedToken(claimsAt(now)))],
  [
    'expired',
    'expired',
    (s, now) => s.sign(claimsAt(now, { iat: SECONDS(now) - 40 * 60, exp: SECONDS(now) - 2 * 60 })),
  ],
  ['not yet valid (nbf)', 'not_yet_valid', (s, now) => s.sign(claimsAt(now, { nbf: SECONDS(now) + 5 * 60 }))],
  [
    'issued in the future (iat)',
    'not_yet_valid',
    (s, now) => s.sign(claimsAt(now, { iat: SECONDS(now) + 5 * 60, exp: SECONDS(now) + 20 * 60 })),
  ],
  ['no sub', 'no_subject', (s, now) => s.sign(claimsAt(now, { sub: undefined }))],
  ['a sub that is not a string', 'malformed_claims', (s, now) => s.sign(claimsAt(now, { sub: 8231 as never }))],
  ['no exp', 'no_expiry', (s, now) => s.sign(claimsAt(now, { exp: undefined }))],
  [
    'a life of two hours',
    'too_long_lived',
    (s, now) => s.sign(claimsAt(now, { iat: undefined, exp: SECONDS(now) + 2 * 60 * 60 })),
  ],
  [
    'exp - iat over an hour',
    'too_long_lived',
    (s, now) => s.sign(claimsAt(now, { iat: SECONDS(now) - 30 * 60, exp: SECONDS(now) + 50 * 60 })),
  ],
  ['oversized', 'oversized', (s, now) => s.sign(claimsAt(now, { name: undefined, padding: 'x'.repeat(4_100) }))],
  ['another audience', 'wrong_audience', (s, now) => s.sign(claimsAt(now, { aud: 'another-bot' }))],
  ['no audience', 'wrong_audience', (s, now) => s.sign(claimsAt(now, { aud: undefined }))],
  ['another issuer', 'wrong_issuer', (s, now) => s.sign(claimsAt(now, { iss: 'https://evil.example' }))],
  ['orders that are not a list', 'malformed_orders', (s, now) => s.sign(claimsAt(now, { orders: 'ORD-1001' }))],
  [
    'an order of a kind a store does not own (tracking_number)',
    'malformed_orders',
    (s, now) =>
      s.sign(claimsAt(now, { orders: [{ input_type: 'tracking_number', identifier: '1Z999AA10123456784' }] })),
  ],
  [
    'a store_id on an order number',
    'malformed_orders',
    (s, now) =>
      s.sign(claimsAt(now, { orders: [{ input_type: 'order_number', identifier: 'ORD-1', store_id: 'store-us-1' }] })),
  ],
  [
    'an identifier over 100 characters',
    'malformed_orders',
    (s, now) =>
      s.sign(claimsAt(now, { orders: [{ input_type: 'external_order', identifier: 'A'.repeat(101), store_id: 's' }] })),
  ],
  [
    '51 orders',
    'malformed_orders',
    (s, now) =>
      s.sign(
        claimsAt(now, {
          orders: Array.from({ length: 51 }, (_, i) => ({ input_type: 'order_number', identifier: `O${i}` })),
        }),
      ),
  ],
  ['a name of 201 characters', 'malformed_claims', (s, now) => s.sign(claimsAt(now, { name: 'A'.repeat(201) }))],
  ['a locale that is no language tag', 'malformed_claims', (s, now) => s.sign(claimsAt(now, { locale: '<script>' }))],
  ['no JWT at all', 'malformed', () => Promise.resolve('not-a-jwt')],
];

async function expectRefused(store: Store, path: string, token: string, reason: string): Promise<void> {
  const { status, body } = await store.ask(path, { customerToken: token });
  expect({ status, body }).toEqual({
    status: 401,
    body: { code: 'unauthenticated', message: expect.any(String) as unknown, argument: 'customerToken' },
  });
  const saying = store.logs.filter((line) => line.includes('"reason"'));
  expect(saying).toHaveLength(1);
  expect(JSON.parse(saying[0])).toMatchObject({ reason, msg: 'customer token refused' });
  for (const line of store.logs) {
    expect(line).not.toContain(token.slice(0, 60));
    expect(line).not.toContain('customer-8231');
    expect(line).not.toContain('Ana Lima');
  }
  expect(directLine.requests).toHaveLength(0);
}

describe.each(['HS256', 'RS256', 'ES256'] as const)('%s', (algorithm) => {
  test.each(CASES)('%s: 401, the reason (%s) in one log line, no call to Direct Line', async (_what, reason, make) => {
    const s = await signing(algorithm);
    const store = await start(s.settings);
    await expectRefused(store, TOKEN_PATH, await make(s, store.clock.now()), reason);
  });

  test('another algorithm: 401 wrong_algorithm, whatever the key', async () => {
    const s = await signing(algorithm);
    for (const [, make] of s.otherAlgorithms) {
      const store = await start(s.settings);
      await expectRefused(store, TOKEN_PATH, await make(claimsAt(store.clock.now())), 'wrong_algorithm');
    }
  });

  test('the same refusals on the renewal route', async () => {
    const s = await signing(algorithm);
    const store = await start(s.settings);
    await expectRefused(store, CUSTOMER_PATH, await s.forge(claimsAt(store.clock.now())), 'bad_signature');
  });

  test('the store’s own token: a Direct Line token for the customer’s id, their claims kept (orders normalized) until exp', async () => {
    const s = await signing(algorithm);
    const store = await start(s.settings);
    const now = store.clock.now();
    const orders = [
      { input_type: 'order_number', identifier: ' ORD-1003 ' },
      { input_type: 'external_order', identifier: '#1001', store_id: 'store-uk-1' },
      { input_type: 'order_id', identifier: 'AB12CD34EF56' },
    ];
    const token = await s.sign(claimsAt(now, { orders }));
    const { status, body } = await store.ask<GivenToken>(TOKEN_PATH, { customerToken: token });
    expect(status).toBe(200);
    expect(body).toEqual({
      token: 'dl-token-1',
      conversationId: 'conv-1',
      userId: expect.stringMatching(/^dl_[A-Za-z0-9_-]{32}$/) as unknown,
      expiresIn: 1800,
      renewal: expect.any(String) as unknown,
      renewableFor: 30 * 60,
    });
    expect(directLine.requests.map((r) => r.body)).toEqual([{ user: { id: body.userId }, trustedOrigins: [SHOP] }]);
    expect(await store.customers.find(body.userId)).toEqual({
      userId: body.userId,
      name: 'Ana Lima',
      locale: 'pt-BR',
      orders: [
        { kind: 'order_number', identifier: 'ORD-1003' },
        { kind: 'external_order', identifier: '#1001', storeId: 'store-uk-1' },
        { kind: 'order_id', identifier: 'AB12CD34EF56' },
      ],
      expiresAt: (SECONDS(now) + 30 * 60) * 1000,
    });
    for (const line of store.logs)
      for (const secret of [token.slice(0, 60), 'customer-8231', 'Ana Lima', body.userId])
        expect(line).not.toContain(secret);
  });
});

describe('the store’s key set', () => {
  test('rotation: a new kid is fetched and accepted; the old key, gone from the set, is refused once the cached set is ten minutes old', async () => {
    const old = storeKey('RS256', 'key-2026-10');
    const next = storeKey('RS256', 'key-2026-11');
    const keySet = await startStoreKeySet([old]);
    running.push(() => keySet.close());
    const store = await start({ algorithm: 'RS256', jwksUrl: keySet.url, audience: AUDIENCE, issuer: ISSUER });
    const signed = (key: StoreKey) =>
      signCustomerToken(claimsAt(store.clock.now()), { alg: 'RS256', key: key.privateKey, kid: key.kid });

    expect((await store.ask(CUSTOMER_PATH, { customerToken: await signed(old) })).status).toBe(200);
    expect(keySet.hits).toBe(1);
    // The store publishes its next key beside the old one and signs with it.
    keySet.keys = [old, next];
    await store.clock.sleep(MINUTE);
    expect((await store.ask(CUSTOMER_PATH, { customerToken: await signed(next) })).status).toBe(200);
    expect(keySet.hits).toBe(2);
    // The old key leaves the set: the cached set still has it for a while, then not.
    keySet.keys = [next];
    expect((await store.ask(CUSTOMER_PATH, { customerToken: await signed(old) })).status).toBe(200);
    await store.clock.sleep(10 * MINUTE);
    await expectRefused(store, CUSTOMER_PATH, await signed(old), 'unknown_key');
    expect((await store.ask(CUSTOMER_PATH, { customerToken: await signed(next) })).status).toBe(200);
  });

  test('a flood of unknown kids fetches the set at most once per 30 s', async () => {
    const key = storeKey('ES256', 'key-1');
    const keySet = await startStoreKeySet([key]);
    running.push(() => keySet.close());
    const store = await start({ algorithm: 'ES256', jwksUrl: keySet.url, audience: AUDIENCE, issuer: ISSUER });
    const made = (kid: string) =>
      signCustomerToken(claimsAt(store.clock.now()), { alg: 'ES256', key: storeKey('ES256', kid).privateKey, kid });
    const answers = [];
    for (let i = 0; i < 20; i++)
      answers.push((await store.ask(TOKEN_PATH, { customerToken: await made(`made-up-${i}`) })).status);
    expect(answers).toEqual(Array(20).fill(401));
    expect(keySet.hits).toBe(1);
    await store.clock.sleep(30_000);
    expect((await store.ask(TOKEN_PATH, { customerToken: await made('made-up-again') })).status).toBe(401);
    expect(keySet.hits).toBe(2);
    expect(directLine.requests).toHaveLength(0);
  });

  test('a key set that fails from the start is asked once per 30 s, not on every customer’s request; once it answers, its keys serve', async () => {
    const key = storeKey('RS256', 'key-1');
    const keySet = await startStoreKeySet([key]);
    running.push(() => keySet.close());
    keySet.failWith = 503;
    const store = await start({ algorithm: 'RS256', jwksUrl: keySet.url, audience: AUDIENCE, issuer: ISSUER });
    const signed = () =>
      signCustomerToken(claimsAt(store.clock.now()), { alg: 'RS256', key: key.privateKey, kid: key.kid });
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push((await store.ask(TOKEN_PATH, { customerToken: await signed() })).status);
    expect(answers).toEqual(Array(20).fill(401));
    expect(keySet.hits).toBe(1);
    expect(store.logs.filter((line) => line.includes('"keys_unavailable"'))).toHaveLength(20);
    // Still failing 30 s later: asked once more, then remembered again.
    await store.clock.sleep(30_000);
    for (let i = 0; i < 5; i++)
      expect((await store.ask(TOKEN_PATH, { customerToken: await signed() })).status).toBe(401);
    expect(keySet.hits).toBe(2);
    // The store's server recovers: within the 30 s the failure is still the answer, after them the keys.
    keySet.failWith = undefined;
    await store.clock.sleep(29_000);
    expect((await store.ask(TOKEN_PATH, { customerToken: await signed() })).status).toBe(401);
    expect(keySet.hits).toBe(2);
    await store.clock.sleep(1_000);
    expect((await store.ask(TOKEN_PATH, { customerToken: await signed() })).status).toBe(200);
    expect((await store.ask(TOKEN_PATH, { customerToken: await signed() })).status).toBe(200);
    expect(keySet.hits).toBe(3);
  });

  test('a key set that does not answer in time: 401 keys_unavailable, no call to Direct Line', async () => {
    const key = storeKey('RS256', 'key-1');
    const keySet = await startStoreKeySet([key]);
    running.push(() => keySet.close());
    keySet.hang = true;
    const store = await start({ algorithm: 'RS256', jwksUrl: keySet.url, audience: AUDIENCE }, { timeoutMs: 200 });
    await expectRefused(
      store,
      TOKEN_PATH,
      await signCustomerToken(claimsAt(store.clock.now()), { alg: 'RS256', key: key.privateKey, kid: key.kid }),
      'keys_unavailable',
    );
  });

  test.each([
    ['a key set over 64 KB', { oversized: 100_000 }],
    // A redirect is not followed, not even to the same store: the set is where the operator said.
    ['a redirect', { redirect: '/keys-elsewhere.json' }],
  ])('%s: 401 keys_unavailable, one request and no call to Direct Line', async (_what, answer) => {
    const key = storeKey('RS256', 'key-1');
    const keySet = await startStoreKeySet([key]);
    running.push(() => keySet.close());
    Object.assign(keySet, answer);
    const store = await start({ algorithm: 'RS256', jwksUrl: keySet.url, audience: AUDIENCE });
    await expectRefused(
      store,
      TOKEN_PATH,
      await signCustomerToken(claimsAt(store.clock.now()), { alg: 'RS256', key: key.privateKey, kid: key.kid }),
      'keys_unavailable',
    );
    expect(keySet.hits).toBe(1);
    expect(directLine.requests).toHaveLength(0);
  });
});

describe('the customer’s user id', () => {
  test('the same sub: the same id twice and on both routes; another sub: another id; the sub is not in it', async () => {
    const store = await start(HS256);
    const sign = (sub: string) =>
      signCustomerToken(claimsAt(store.clock.now(), { sub }), { alg: 'HS256', key: sharedSecret() });
    const first = (await store.ask<GivenToken>(TOKEN_PATH, { customerToken: await sign('customer-8231') })).body.userId;
    const again = (await store.ask<GivenToken>(TOKEN_PATH, { customerToken: await sign('customer-8231') })).body.userId;
    const renewed = (await store.ask<RenewedCustomer>(CUSTOMER_PATH, { customerToken: await sign('customer-8231') }))
      .body.userId;
    const other = (await store.ask<GivenToken>(TOKEN_PATH, { customerToken: await sign('customer-8232') })).body.userId;
    expect(first).toMatch(/^dl_[A-Za-z0-9_-]{32}$/);
    expect([again, renewed]).toEqual([first, first]);
    expect(other).not.toBe(first);
    for (const id of [first, other]) {
      expect(id).not.toContain('8231');
      expect(id).not.toContain(Buffer.from('customer-8231').toString('base64url').slice(0, 8));
    }
    // Another CUSTOMER_ID_SECRET, another key: another id for the same customer.
    expect(new CustomerUserIds('another-id-SECRET-0123456789').of('customer-8231')).not.toBe(first);
  });

  test('the renewal route starts no conversation and keeps the newer claims until their exp, then nobody', async () => {
    const store = await start(HS256);
    const sign = (extra: JWTPayload) =>
      signCustomerToken(claimsAt(store.clock.now(), extra), { alg: 'HS256', key: sharedSecret() });
    const { userId } = (await store.ask<GivenToken>(TOKEN_PATH, { customerToken: await sign({}) })).body;
    await store.clock.sleep(25 * MINUTE);
    const renewed = await store.ask(CUSTOMER_PATH, {
      customerToken: await sign({ orders: [{ input_type: 'order_number', identifier: 'ORD-2002' }] }),
    });
    expect(renewed).toMatchObject({ status: 200, body: { userId } });
    expect(directLine.requests).toHaveLength(1);
    const renewedUntil = store.clock.now() + 30 * MINUTE;
    expect((await store.customers.find(userId))?.orders).toEqual([{ kind: 'order_number', identifier: 'ORD-2002' }]);
    // The first token's exp has passed; the renewed claims hold until theirs.
    await store.clock.sleep(renewedUntil - 1_000 - store.clock.now());
    expect((await store.customers.find(userId))?.name).toBe('Ana Lima');
    await store.clock.sleep(1_000);
    expect(await store.customers.find(userId)).toBeUndefined();
  });

  test('a signed-in conversation is renewed until the customer token’s exp; a newer token of theirs moves the bound, another customer’s does not', async () => {
    const store = await start(HS256);
    const sign = (sub = 'customer-8231') =>
      signCustomerToken(claimsAt(store.clock.now(), { sub }), { alg: 'HS256', key: sharedSecret() });
    const given = (await store.ask<GivenToken>(TOKEN_PATH, { customerToken: await sign() })).body;
    expect(given.renewableFor).toBe(30 * 60);
    const renew = (token: string, renewal: string) => store.ask(RENEWAL_PATH, { token, renewal });

    await store.clock.sleep(20 * MINUTE);
    expect(await renew(given.token, given.renewal)).toMatchObject({ status: 200, body: { renewableFor: 10 * 60 } });
    // The next page's newer token: the same customer, so the conversation's renewal moves to its exp.
    const moved = (
      await store.ask<Required<RenewedCustomer>>(CUSTOMER_PATH, { customerToken: await sign(), renewal: given.renewal })
    ).body;
    expect(moved).toEqual({ userId: given.userId, renewal: expect.any(String) as unknown, renewableFor: 30 * 60 });
    // Another customer on the same browser: their token renews their claims, never this conversation.
    const other = (
      await store.ask<RenewedCustomer>(CUSTOMER_PATH, {
        customerToken: await sign('customer-9999'),
        renewal: given.renewal,
      })
    ).body;
    expect(other).toEqual({ userId: expect.not.stringMatching(given.userId) as unknown });

    await store.clock.sleep(15 * MINUTE);
    // The first token's exp has passed: its renewal no longer renews; the moved one does, until the newer exp.
    expect(await renew(given.token, given.renewal)).toMatchObject({ status: 401, body: { argument: 'renewal' } });
    expect(await renew(given.token, moved.renewal)).toMatchObject({ status: 200, body: { renewableFor: 15 * 60 } });
    await store.clock.sleep(15 * MINUTE);
    expect(await renew(given.token, moved.renewal)).toMatchObject({ status: 401, body: { argument: 'renewal' } });
  });

  test('the renewal route needs a token: {} is a 400 naming customerToken', async () => {
    const store = await start(HS256);
    expect(await store.ask(CUSTOMER_PATH, {})).toMatchObject({
      status: 400,
      body: { code: 'invalid_argument', argument: 'customerToken' },
    });
    expect(await store.ask(CUSTOMER_PATH, { customerToken: 'x', userId: 'dl_someone-else' })).toMatchObject({
      status: 400,
      body: { argument: 'userId' },
    });
  });

  test('without customer tokens set up: 401 saying so, on both routes, and no call', async () => {
    const store = await start(undefined);
    const token = await signCustomerToken(claimsAt(store.clock.now()), { alg: 'HS256', key: sharedSecret() });
    for (const path of [TOKEN_PATH, CUSTOMER_PATH]) {
      const { status, body } = await store.ask(path, { customerToken: token });
      expect({ status, body }).toEqual({
        status: 401,
        body: {
          code: 'unauthenticated',
          message: expect.stringContaining('CUSTOMER_TOKEN_SECRET') as unknown,
          argument: 'customerToken',
        },
      });
    }
    expect(directLine.requests).toHaveLength(0);
  });
});

describe('in the service', () => {
  const upstreams = useSimulators();

  test('CUSTOMER_TOKEN_SECRET set: the customer signs in, and the app’s directory finds them by the id the page got', async () => {
    const app = await startApp(
      configFor(upstreams, {
        DIRECTLINE_SECRET: DL_SECRET,
        DIRECTLINE_ENDPOINT: directLine.endpoint,
        WEBCHAT_ALLOWED_ORIGINS: SHOP,
        CUSTOMER_TOKEN_SECRET: CUSTOMER_SECRET,
        CUSTOMER_TOKEN_ISSUER: ISSUER,
        CUSTOMER_ID_SECRET: ID_SECRET,
      }),
    );
    running.push(() => app.close());
    const token = await signCustomerToken(claimsAt(app.clock.now()), { alg: 'HS256', key: sharedSecret() });
    const given = await app.post<GivenToken>(TOKEN_PATH, { customerToken: token }, { Origin: SHOP });
    expect(given.status).toBe(200);
    expect((await app.app.customers.find(given.body.userId))?.orders).toEqual([
      { kind: 'order_number', identifier: 'ORD-1001' },
    ]);
    for (const line of app.logs)
      for (const secret of [token.slice(0, 60), 'customer-8231', CUSTOMER_SECRET, ID_SECRET, given.body.userId])
        expect(line).not.toContain(secret);
  });
});
