/**
 * The per-client budgets count clients as they really are. Before: an IPv6 client rotating through
 * its own /64 got 100 tokens of 100 asked; `::ffff:203.0.113.7:50123` in X-Forwarded-For kept its port,
 * so every connection was a new client; and a flood of 10,050 new addresses made the table forget a
 * client that had spent its budget, which was then served again. Now an IPv6 client is its /64, every
 * form a proxy writes names the same client, and the table makes newcomers wait rather than forget.
 * The token route on the wire (Direct Line a stand-in on loopback), and the budget itself for the flood.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'restify';
import { ClientBudget } from '../../src/http/clientBudget';
import { createServer } from '../../src/http/server';
import { registerWebchatTokenRoute } from '../../src/http/webchatToken';
import { silentLogger } from '../../src/runtime/logger';
import type { WebchatSettings } from '../../src/webchatSettings';
import { configFor, startApp, type RunningApp } from '../support/app';
import { FakeClock } from '../support/fakeClock';
import { startFakeDirectLine, type FakeDirectLine } from '../support/fakeDirectLine';
import { useSimulators } from '../support/upstreams';

const SHOP = 'https://shop.example';
const PATH = '/api/webchat/token';

let directLine: FakeDirectLine;
const running: Array<() => Promise<void>> = [];
beforeEach(async () => {
  directLine = await startFakeDirectLine();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((close) => close()));
  await directLine.close();
});

/** The token route behind one trusted proxy: `ask(xff)` is a page's request as the proxy passes it on. */
async function tokenRoute(
  settings: Partial<WebchatSettings> = {},
): Promise<{ ask(forwardedFor?: string): Promise<number> }> {
  const server: Server = createServer({ logger: silentLogger });
  registerWebchatTokenRoute(
    server,
    {
      secret: 'dl-SECRET-0123456789',
      endpoint: directLine.endpoint,
      allowedOrigins: [SHOP],
      tokensPerMinute: 1,
      trustedProxyHops: 1,
      ...settings,
    },
    { logger: silentLogger, clock: new FakeClock() },
  );
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  running.push(
    () => new Promise<void>((resolve) => (server.close(() => resolve()), server.server.closeAllConnections())),
  );
  const url = `http://127.0.0.1:${server.address().port}${PATH}`;
  return {
    async ask(forwardedFor) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: SHOP };
      if (forwardedFor !== undefined) headers['X-Forwarded-For'] = forwardedFor;
      const response = await fetch(url, { method: 'POST', headers, body: '{}' });
      await response.arrayBuffer();
      return response.status;
    },
  };
}

/** A random address in the /64 `prefix` (four groups), as a host rotating through its own network. */
const inNetwork = (prefix: string) => `${prefix}:${[...randomBytes(8).toString('hex').match(/.{4}/g)!].join(':')}`;

describe('an IPv6 client is its /64', () => {
  test('100 requests from rotating addresses of one /64 get the budget (5), not 100; another /64 has its own', async () => {
    const route = await tokenRoute({ tokensPerMinute: 5 });
    const forms = [
      (a: string) => a,
      (a: string) => `[${a}]:${40_000 + Math.floor(Math.random() * 20_000)}`,
      (a: string) => a.toUpperCase(),
    ];
    const answers: number[] = [];
    for (let i = 0; i < 100; i++) answers.push(await route.ask(forms[i % forms.length](inNetwork('2001:db8:a:b'))));
    expect(answers.filter((status) => status === 200)).toHaveLength(5);
    expect(answers.filter((status) => status === 429)).toHaveLength(95);
    expect(directLine.requests).toHaveLength(5);
    expect(await route.ask(inNetwork('2001:db8:a:c'))).toBe(200);
  });

  test('CLIENT_IPV6_PREFIX sets the network: 48 counts a whole site as one, 128 each address alone', async () => {
    const site = await tokenRoute({ ipv6PrefixLength: 48 });
    expect(await site.ask('2001:db8:a:b::1')).toBe(200);
    expect(await site.ask('2001:db8:a:c::1')).toBe(429);
    expect(await site.ask('2001:db8:b:b::1')).toBe(200);
    const each = await tokenRoute({ ipv6PrefixLength: 128 });
    expect(await each.ask('2001:db8:a:b::1')).toBe(200);
    expect(await each.ask('2001:db8:a:b::2')).toBe(200);
    expect(await each.ask('[2001:db8:a:b:0::1]:5')).toBe(429);
  });
});

describe('X-Forwarded-For in every form a proxy writes', () => {
  // Each pair names one client: with a budget of one, the second is refused.
  test.each<[string, string, string]>([
    ['IPv4, then with a port', '203.0.113.7', '203.0.113.7:50123'],
    ['IPv4 with two ports (two connections)', '203.0.113.7:50001', '203.0.113.7:50002'],
    ['IPv4-mapped IPv6 with a port, two connections', '::ffff:203.0.113.7:50001', '::ffff:203.0.113.7:50002'],
    ['IPv4-mapped IPv6, then plain IPv4', '::ffff:203.0.113.7', '203.0.113.7'],
    ['IPv4-mapped in capitals with a port, then IPv4 with spaces', '::FFFF:203.0.113.7:2', '  203.0.113.7  '],
    ['IPv4-mapped in brackets with a port, then IPv4', '[::ffff:203.0.113.7]:443', '203.0.113.7'],
    ['IPv4-mapped in hex, then IPv4', '::ffff:cb00:7107', '203.0.113.7'],
    ['bracketed IPv6 with a port, then bare', '[2001:db8::1]:50005', '2001:db8::1'],
    ['IPv6 in capitals and written out, then compressed', '2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['IPv6 bracketed without a port, then with spaces', '[2001:db8::1]', ' 2001:db8::1 '],
    [
      'the client’s own entries before the proxy’s, with spaces',
      '198.51.100.1 ,  203.0.113.7:9 ',
      '10.0.0.1,203.0.113.7:10',
    ],
  ])('%s: one client', async (_what, first, second) => {
    const route = await tokenRoute();
    expect(await route.ask(first)).toBe(200);
    expect(await route.ask(second)).toBe(429);
  });

  test.each<[string, string, string]>([
    ['two IPv4 addresses', '203.0.113.7:1', '203.0.113.8:1'],
    ['two IPv6 /64s', '[2001:db8:0:1::1]:1', '2001:db8:0:2::1'],
    ['an IPv4 address and the IPv6 address that is not its mapped form', '203.0.113.7', '::cb00:7107'],
  ])('%s: two clients', async (_what, first, second) => {
    const route = await tokenRoute();
    expect(await route.ask(first)).toBe(200);
    expect(await route.ask(second)).toBe(200);
  });

  test('entries that are no address (a proxy set up wrong) cannot each be a new client: they all count as the connection', async () => {
    const route = await tokenRoute();
    expect(await route.ask('unknown')).toBe(200);
    for (const entry of [
      '_hidden',
      '203.0.113.7:port',
      '999.0.0.1',
      '203.0.113.7:123456',
      '[203.0.113.7]:1',
      'shop.example:80',
      '',
    ]) {
      expect(await route.ask(entry)).toBe(429);
    }
    // The connection's own address: the same client as the garbage.
    expect(await route.ask()).toBe(429);
    expect(directLine.requests).toHaveLength(1);
  });
});

describe('a flood of new clients does not make the budget forget one still spending', () => {
  test('a client that spent its 30 is still refused after 10,050 other addresses were sent; the newcomers past 10,000 wait', () => {
    const clock = new FakeClock();
    const budget = new ClientBudget(30, clock);
    for (let i = 0; i < 30; i++) expect(budget.spend('203.0.113.7')).toEqual({ ok: true });
    expect(budget.spend('203.0.113.7').ok).toBe(false);
    const flood = Array.from({ length: 10_050 }, (_, i) => budget.spend(`10.0.${i >> 8}.${i & 255}`));
    expect(budget.spend('203.0.113.7').ok).toBe(false);
    // The table holds 10,000 clients: the spender and 9,999 of the flood; the other 51 wait until the
    // spender's budget is whole again (a minute), told so.
    expect(flood.slice(0, 9_999).every((spent) => spent.ok)).toBe(true);
    expect(flood.slice(9_999)).toEqual(Array(51).fill({ ok: false, retryAfterSeconds: 60, crowded: true }));
  });

  test('a flood whose members are whole again makes room: nobody waits, and the spender’s count holds while it spends', async () => {
    const clock = new FakeClock();
    const budget = new ClientBudget(30, clock);
    for (let i = 0; i < 30; i++) budget.spend('2001:db8:a:b::/64');
    // 10,050 newcomers over 50 s, each spending one (whole again 2 s later); the spender asks every
    // 10 s and gets what came back, 5 each time.
    let served = 0;
    const flood: boolean[] = [];
    for (let second = 0; second < 50; second++) {
      for (let i = 0; i < 201; i++) flood.push(budget.spend(`flood-${second}-${i}`).ok);
      await clock.sleep(1_000);
      if ((second + 1) % 10 === 0) while (budget.spend('2001:db8:a:b::/64').ok) served++;
    }
    expect(flood.every(Boolean)).toBe(true);
    expect(served).toBe(25);
  });

  test('the wait is a 429 in the one error shape, its Retry-After when the oldest client’s budget is whole again, and counted as a refusal', async () => {
    const clock = new FakeClock();
    let refusals = 0;
    const budget = new ClientBudget(1, clock, () => refusals++);
    for (let i = 0; i < 10_000; i++) budget.spend(`10.1.${i >> 8}.${i & 255}`);
    await clock.sleep(15_000);
    const refused = budget.refusal('203.0.113.99', 'chat tokens', 'WEBCHAT_TOKENS_PER_MINUTE');
    expect(refused).toEqual({
      retryAfterSeconds: 45,
      error: {
        status: 429,
        body: {
          code: 'resource_exhausted',
          message: 'too many clients asking for chat tokens at once (over 10,000 within a minute); try again in 45 s',
        },
      },
    });
    expect(refusals).toBe(1);
    // A minute after they spent, the first of them are whole again and make room.
    await clock.sleep(45_000);
    expect(budget.spend('203.0.113.99')).toEqual({ ok: true });
  });
});

describe('in the service', () => {
  const upstreams = useSimulators();
  const apps: RunningApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  test('the action routes’ budget counts an IPv6 client by its /64 too, and CLIENT_IPV6_PREFIX reaches it', async () => {
    const body = {
      auth_header: { name: 'Authorization', value: 'Bearer x' },
      input_type: 'tracking_number',
      identifier: '1Z999',
    };
    const start = async (env: NodeJS.ProcessEnv) => {
      const app = await startApp(configFor(upstreams, { ACTIONS_RATE_LIMIT: '1', TRUSTED_PROXY_HOPS: '1', ...env }));
      apps.push(app);
      return async (client: string) =>
        (await app.post('/api/actions/list-trackings', body, { 'X-Forwarded-For': client })).status;
    };
    const byDefault = await start({});
    expect(await byDefault(inNetwork('2001:db8:a:b'))).not.toBe(429);
    expect(await byDefault(`[${inNetwork('2001:db8:a:b')}]:443`)).toBe(429);
    expect(await byDefault(inNetwork('2001:db8:a:c'))).not.toBe(429);
    const bySite = await start({ CLIENT_IPV6_PREFIX: '48' });
    expect(await bySite('2001:db8:a:b::1')).not.toBe(429);
    expect(await bySite('2001:db8:a:c::1')).toBe(429);
  });
});
