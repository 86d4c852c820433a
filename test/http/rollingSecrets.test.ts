/**
 * Rolling a secret without an outage (docs/operating.md, "Rotating every secret"). While it rolls, the
 * service takes the new value and the one it replaces (`<NAME>_PREVIOUS`), so callers and the store can
 * switch one by one; once the old one is removed it is refused. Before: one value at a time, so every
 * caller, every scrape and every signed-in customer failed from the restart until they had the new one.
 * On the wire, in the whole service: the action routes (ACTIONS_API_KEY), GET /metrics (METRICS_TOKEN),
 * and customer tokens signed with CUSTOMER_TOKEN_SECRET. No value ever reaches a reply or a log line.
 */
import { DEMO } from '../../sandbox/simulators';
import { ConfigError, loadConfig } from '../../src/config';
import { answerOf, BOT_IDENTITY, configFor, useApps, type RunningApp } from '../support/app';
import { claimsAt, ISSUER, sharedSecret, signCustomerToken } from '../support/customerTokens';
import { useFakeDirectLine } from '../support/fakeDirectLine';
import { CREDENTIALS, useSimulators } from '../support/upstreams';
import type { GivenToken } from './webchatReplies';

const OLD_KEY = 'actions-OLD-key-0123456789abcdef';
const NEW_KEY = 'actions-NEW-key-0123456789abcdef';
const OLD_METRICS = 'metrics-OLD-token-0123456789abcd';
const NEW_METRICS = 'metrics-NEW-token-0123456789abcd';
const OLD_STORE_SECRET = 'store-OLD-SECRET-0123456789abcdefghijkl';
const NEW_STORE_SECRET = 'store-NEW-SECRET-0123456789abcdefghijkl';
const OTHER_STORE_SECRET = 'store-OTHER-SECRET-0123456789abcdefghij';
const ALL_SECRETS = [
  OLD_KEY,
  NEW_KEY,
  OLD_METRICS,
  NEW_METRICS,
  OLD_STORE_SECRET,
  NEW_STORE_SECRET,
  OTHER_STORE_SECRET,
];
const SHOP = 'https://shop.example';
const ACTION = '/api/actions/get-checkpoints-by-order-number';
const actionInput = { orderNumber: DEMO.checkpoints.delivered, userId: CREDENTIALS.userId, token: CREDENTIALS.token };

const upstreams = useSimulators();
const directLine = useFakeDirectLine();
const apps = useApps(ALL_SECRETS);
const start = (env: NodeJS.ProcessEnv) =>
  apps.start(configFor(upstreams, { NODE_ENV: 'production', ...BOT_IDENTITY, ...env }));

const scrape = (app: RunningApp, token: string) =>
  fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${token}` } }).then(answerOf);

describe('ACTIONS_API_KEY with ACTIONS_API_KEY_PREVIOUS', () => {
  test('while it rolls both keys are answered, in either header; once the old one is removed it is a 401', async () => {
    const rolling = await start({ ACTIONS_API_KEY: NEW_KEY, ACTIONS_API_KEY_PREVIOUS: OLD_KEY });
    for (const key of [NEW_KEY, OLD_KEY]) {
      expect((await rolling.post(ACTION, actionInput, { Authorization: `Bearer ${key}` })).status).toBe(200);
      expect((await rolling.post(ACTION, actionInput, { 'X-Api-Key': key })).status).toBe(200);
    }
    expect((await rolling.post(ACTION, actionInput, { 'X-Api-Key': `${OLD_KEY}x` })).status).toBe(401);

    const rolled = await start({ ACTIONS_API_KEY: NEW_KEY });
    expect((await rolled.post(ACTION, actionInput, { 'X-Api-Key': NEW_KEY })).status).toBe(200);
    const refused = await rolled.post(ACTION, actionInput, { 'X-Api-Key': OLD_KEY });
    expect(refused.status).toBe(401);
    for (const secret of ALL_SECRETS) expect(refused.text).not.toContain(secret);
  });
});

describe('METRICS_TOKEN with METRICS_TOKEN_PREVIOUS', () => {
  test('while it rolls both tokens scrape; once the old one is removed it is a 401', async () => {
    const rolling = await start({ METRICS_TOKEN: NEW_METRICS, METRICS_TOKEN_PREVIOUS: OLD_METRICS });
    expect((await scrape(rolling, NEW_METRICS)).status).toBe(200);
    expect((await scrape(rolling, OLD_METRICS)).status).toBe(200);
    expect((await scrape(rolling, OLD_METRICS.slice(0, -1))).status).toBe(401);

    const rolled = await start({ METRICS_TOKEN: NEW_METRICS });
    expect((await scrape(rolled, NEW_METRICS)).status).toBe(200);
    const refused = await scrape(rolled, OLD_METRICS);
    expect(refused.status).toBe(401);
    for (const secret of ALL_SECRETS) expect(refused.text).not.toContain(secret);
  });
});

describe('CUSTOMER_TOKEN_SECRET with CUSTOMER_TOKEN_SECRET_PREVIOUS', () => {
  const webchat = () => ({
    DIRECTLINE_SECRET: 'dl-SECRET-0123456789-abcdefghij',
    DIRECTLINE_ENDPOINT: directLine.current.endpoint,
    WEBCHAT_ALLOWED_ORIGINS: SHOP,
    CUSTOMER_ID_SECRET: 'customer-ids-SECRET-0123456789abcdefgh',
    CUSTOMER_TOKEN_ISSUER: ISSUER,
  });
  const signIn = async (app: RunningApp, secret: string) => {
    const token = await signCustomerToken(claimsAt(app.clock.now()), { alg: 'HS256', key: sharedSecret(secret) });
    return app.post<GivenToken>('/api/webchat/token', { customerToken: token }, { Origin: SHOP });
  };

  test('while it rolls a token signed with either secret signs the same customer in; once the old one is removed it is refused', async () => {
    const rolling = await start({
      ...webchat(),
      CUSTOMER_TOKEN_SECRET: NEW_STORE_SECRET,
      CUSTOMER_TOKEN_SECRET_PREVIOUS: OLD_STORE_SECRET,
    });
    const byNew = await signIn(rolling, NEW_STORE_SECRET);
    const byOld = await signIn(rolling, OLD_STORE_SECRET);
    expect([byNew.status, byOld.status]).toEqual([200, 200]);
    // One customer, whichever secret the store's server still signs with.
    expect(byOld.body.userId).toBe(byNew.body.userId);
    expect((await signIn(rolling, OTHER_STORE_SECRET)).body).toEqual({
      code: 'unauthenticated',
      message: expect.any(String) as unknown,
      argument: 'customerToken',
    });

    const rolled = await start({ ...webchat(), CUSTOMER_TOKEN_SECRET: NEW_STORE_SECRET });
    expect((await signIn(rolled, NEW_STORE_SECRET)).body.userId).toBe(byNew.body.userId);
    const refused = await signIn(rolled, OLD_STORE_SECRET);
    expect(refused.status).toBe(401);
    expect(rolled.logs.some((line) => line.includes('customer token refused') && line.includes('bad_signature'))).toBe(
      true,
    );
  });
});

test('a previous value without the setting it rolls from does not start, naming both and printing neither', () => {
  for (const [previous, current, value] of [
    ['ACTIONS_API_KEY_PREVIOUS', 'ACTIONS_API_KEY', OLD_KEY],
    ['METRICS_TOKEN_PREVIOUS', 'METRICS_TOKEN', OLD_METRICS],
    ['CUSTOMER_TOKEN_SECRET_PREVIOUS', 'CUSTOMER_TOKEN_SECRET', OLD_STORE_SECRET],
  ]) {
    let problems: string[] = [];
    try {
      loadConfig({ [previous]: value });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      `${previous}: is the value being replaced while ${current} rolls, so it needs ${current} set`,
    ]);
  }
});
