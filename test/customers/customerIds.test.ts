/**
 * A signed-in customer's user id (`dl_` and a keyed hash of the store's `sub`) is keyed by a setting of its
 * own, CUSTOMER_ID_SECRET. Before, it was keyed by DIRECTLINE_SECRET: rotating the Direct Line secret
 * gave every customer a new id (their limits started again, their Notify me watches stayed under the old
 * one), and during a rolling restart one customer had two ids at once. Now the Direct Line secret rolls
 * alone; a deployment with customer tokens and no CUSTOMER_ID_SECRET does not start, saying what to set;
 * and a shop that sets it to its Direct Line secret of today keeps the ids its customers have.
 */
import { ConfigError, loadConfig } from '../../src/config';
import { BOT_IDENTITY, configFor, useApps } from '../support/app';
import { claimsAt, CUSTOMER_SECRET, ISSUER, sharedSecret, signCustomerToken } from '../support/customerTokens';
import { useFakeDirectLine } from '../support/fakeDirectLine';
import { useSimulators } from '../support/upstreams';
import type { GivenToken } from '../http/webchatReplies';

const SHOP = 'https://shop.example';
const DL_SECRET = 'dl-SECRET-0123456789-abcdefghij';
const NEW_DL_SECRET = 'dl-NEW-SECRET-9876543210-zyxwvu';
const ID_SECRET = 'customer-ids-SECRET-0123456789abcdefgh';
/** The id `customer-8231` had with DIRECTLINE_SECRET = DL_SECRET before ids had a key of their own. */
const ID_BEFORE_THE_UPGRADE = 'dl_Xq_hFskK4VMSP_J3BIaJURszHmixRR75';

const upstreams = useSimulators();
const directLine = useFakeDirectLine();
const apps = useApps([DL_SECRET, NEW_DL_SECRET, ID_SECRET, 'customer-8231']);

const settings = (env: Record<string, string>) => ({
  NODE_ENV: 'production',
  ...BOT_IDENTITY,
  DIRECTLINE_ENDPOINT: directLine.current.endpoint,
  WEBCHAT_ALLOWED_ORIGINS: SHOP,
  CUSTOMER_TOKEN_SECRET: CUSTOMER_SECRET,
  CUSTOMER_TOKEN_ISSUER: ISSUER,
  ...env,
});

/** An instance with these settings signs customer-8231 in: the user id the page gets. */
async function idOfCustomer(env: Record<string, string>): Promise<string> {
  const app = await apps.start(configFor(upstreams, settings(env)));
  const token = await signCustomerToken(claimsAt(app.clock.now(), { sub: 'customer-8231' }), {
    alg: 'HS256',
    key: sharedSecret(),
  });
  const answer = await app.post<GivenToken>('/api/webchat/token', { customerToken: token }, { Origin: SHOP });
  expect(answer.status).toBe(200);
  return answer.body.userId;
}

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
}

test('rotating DIRECTLINE_SECRET keeps every signed-in customer’s id: the instance on the old secret and the one on the new give the same', async () => {
  const before = await idOfCustomer({ DIRECTLINE_SECRET: DL_SECRET, CUSTOMER_ID_SECRET: ID_SECRET });
  const after = await idOfCustomer({ DIRECTLINE_SECRET: NEW_DL_SECRET, CUSTOMER_ID_SECRET: ID_SECRET });
  expect(before).toMatch(/^dl_[A-Za-z0-9_-]{32}$/);
  expect(after).toBe(before);
});

test('another CUSTOMER_ID_SECRET: another id for the same customer (rotating it re-keys everyone)', async () => {
  const one = await idOfCustomer({ DIRECTLINE_SECRET: DL_SECRET, CUSTOMER_ID_SECRET: ID_SECRET });
  const other = await idOfCustomer({
    DIRECTLINE_SECRET: DL_SECRET,
    CUSTOMER_ID_SECRET: 'customer-ids-OTHER-0123456789abcdefgh',
  });
  expect(other).not.toBe(one);
});

test('an upgrading shop that sets CUSTOMER_ID_SECRET to the Direct Line secret it has today keeps its customers’ ids', async () => {
  expect(await idOfCustomer({ DIRECTLINE_SECRET: DL_SECRET, CUSTOMER_ID_SECRET: DL_SECRET })).toBe(
    ID_BEFORE_THE_UPGRADE,
  );
});

test('customer tokens without CUSTOMER_ID_SECRET do not start: the problem names it and what an upgrading shop sets', () => {
  const upstream = {
    CHECKPOINTS_BASE_URL: 'https://api.example.test',
    CHECKPOINTS_USER_ID: '1',
    CHECKPOINTS_TOKEN: 'tok',
    ...BOT_IDENTITY,
  };
  const webchat = { DIRECTLINE_SECRET: DL_SECRET, WEBCHAT_ALLOWED_ORIGINS: SHOP };
  for (const tokens of [
    { CUSTOMER_TOKEN_SECRET: CUSTOMER_SECRET },
    { CUSTOMER_TOKEN_JWKS_URL: 'https://shop.example/jwks.json' },
  ]) {
    for (const nodeEnv of [{ NODE_ENV: 'production' }, {}]) {
      const found = problems({ ...upstream, ...BOT_IDENTITY, ...webchat, ...tokens, ...nodeEnv });
      expect(found).toEqual([
        expect.stringMatching(/^CUSTOMER_ID_SECRET: is required when customer tokens are set.*DIRECTLINE_SECRET/),
      ]);
      // Names the setting to copy, never a value.
      expect(found[0]).not.toContain(DL_SECRET);
    }
  }
  expect(
    problems({ ...upstream, ...webchat, CUSTOMER_TOKEN_SECRET: CUSTOMER_SECRET, CUSTOMER_ID_SECRET: ID_SECRET }),
  ).toEqual([]);
  // Too short to key anything: refused, its value unprinted.
  expect(
    problems({ ...upstream, ...webchat, CUSTOMER_TOKEN_SECRET: CUSTOMER_SECRET, CUSTOMER_ID_SECRET: 'short' }),
  ).toEqual([expect.stringMatching(/^CUSTOMER_ID_SECRET: must be 16 to 512/)]);
});

test('in sandbox mode (no upstream) customer tokens need no CUSTOMER_ID_SECRET: the sandbox keys its demo ids itself', () => {
  expect(problems({ CUSTOMER_TOKEN_SECRET: CUSTOMER_SECRET })).toEqual([]);
});
