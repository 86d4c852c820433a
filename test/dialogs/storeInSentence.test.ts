/**
 * Issue #22, item 6: with TRACKINGS_STORES set, a store's name or id in the same message is the store. A
 * number with a named store is a store order, looked up at once: no "what kind of number?", no "which store?".
 */
import { configFor } from '../support/app';
import { ask, bot, run, user, type Line } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const STORES = 'store-us-1=Example Store US, store-uk-1=Example Store UK, store-eu-1=Example Store EU';
const config = (env: NodeJS.ProcessEnv = {}) => configFor(upstreams, { TRACKINGS_STORES: STORES, ...env });
const webchat = { channelId: 'webchat', locale: 'en-US' };
const answer = (intro: string, cards: number): Line => ({ bot: { intro, cards } });
const bodies = () => upstreams.trackings.requests.map((r) => JSON.parse(r.body) as unknown);

describe('a store named in the sentence is the store', () => {
  test.each([
    ['my order #1001 from Example Store UK', '#1001', 'store-uk-1', 'Here is the shipment for #1001:', 1],
    ['where is #1001? I ordered at example store us', '#1001', 'store-us-1', 'I found 3 shipments for #1001:', 3],
    ['1002 store-us-1', '1002', 'store-us-1', 'Here is the shipment for 1002:', 1],
    ['Example Store US order 1002 has not arrived', '1002', 'store-us-1', 'Here is the shipment for 1002:', 1],
  ])('"%s": looked up at once', async (said, identifier, storeId, intro, cards) => {
    await run(config(), [user(said), answer(intro, cards)], webchat);
    expect(bodies()).toEqual([{ external_order: identifier, store_id: storeId }]);
  });

  test('a store order not found there names the store by its name', async () => {
    await run(
      config(),
      [user('order #1001 from Example Store EU'), bot(/^I couldn't find anything for #1001 at Example Store EU\./)],
      webchat,
    );
  });

  test('at the question for the store order number, the number with its store needs no store question', async () => {
    await run(
      config(),
      [
        user('Store order number'),
        bot(/^Please type the order number/),
        user('#1001 from Example Store UK'),
        answer('Here is the shipment for #1001:', 1),
      ],
      webchat,
    );
    expect(bodies()).toEqual([{ external_order: '#1001', store_id: 'store-uk-1' }]);
  });

  test('a number that proves another kind keeps it, store or not', async () => {
    await run(
      config(),
      [user('1Z7X3F940344156200 from Example Store UK'), answer('Here is the shipment for 1Z7X3F940344156200:', 1)],
      webchat,
    );
    expect(bodies()).toEqual([{ tracking_number: '1Z7X3F940344156200' }]);
  });

  test('a store named with no number asks for nothing it knows: the kind question as before', async () => {
    await run(
      config(),
      [
        user('I ordered from Example Store UK'),
        ask('What would you like to track?', 'Order number', 'Tracking number', 'Order ID', 'Store order number'),
      ],
      webchat,
    );
    expect(upstreams.trackings.requests).toHaveLength(0);
  });

  test('without TRACKINGS_STORES, a name is no store: which kind of number is asked, as before', async () => {
    await run(
      configFor(upstreams),
      [
        user('my order #1001 from Example Store UK'),
        ask('What kind of number is #1001?', 'Order number', 'Store order number'),
      ],
      webchat,
    );
  });
});

test('at "Which store did you order from?", a sentence naming the store picks it', async () => {
  await run(
    config(),
    [
      user('Store order number'),
      bot(/^Please type the order number/),
      user('#1001'),
      ask('Which store did you order from?', 'Example Store US', 'Example Store UK', 'Example Store EU'),
      user("it's from Example Store UK I think"),
      answer('Here is the shipment for #1001:', 1),
    ],
    webchat,
  );
  expect(bodies()).toEqual([{ external_order: '#1001', store_id: 'store-uk-1' }]);
});
