/**
 * Issue #22, item 3: after "not found", the bot does not insist on the kind that missed. A number of
 * another shape is a new number, looked up as what it clearly is or asked about; the not-found answer
 * offers the other kinds as buttons, and one of them tries the same number as that kind.
 */
import { DEMO } from '../../sandbox/simulators';
import { configFor } from '../support/app';
import { ask, bot, run, user, type Line } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const config = (env: NodeJS.ProcessEnv = {}) => configFor(upstreams, { UPSTREAM_MAX_ATTEMPTS: '2', ...env });
const webchat = { channelId: 'webchat', locale: 'en-US' };
const TN = DEMO.trackings.trackingNumbers;
const ORDER_ID = DEMO.trackings.orderIds;
const ORDER = DEMO.checkpoints;

const notFound = (identifier: string, ...choices: string[]): Line =>
  ask(`I couldn't find anything for ${identifier}. Please check the number and type it again.`, ...choices);

describe('after "not found", another shape of number is a new number', () => {
  test('a tracking number not found, then "1002": asked what kind it is, not told it is no tracking number', async () => {
    await run(
      config(),
      [
        user(TN.unknown),
        notFound(TN.unknown, 'Order number', 'Order ID', 'Store order number'),
        user('1002'),
        ask('What kind of number is 1002?', 'Order number', 'Store order number'),
      ],
      webchat,
    );
    expect(upstreams.trackings.requests).toHaveLength(1);
  });

  test('an order ID not found, then "1002": the same question, not "an order ID has exactly 12 letters or digits"', async () => {
    await run(
      config(),
      [
        user(ORDER_ID.unknown),
        notFound(ORDER_ID.unknown, 'Order number', 'Tracking number', 'Store order number'),
        user('1002'),
        ask('What kind of number is 1002?', 'Order number', 'Store order number'),
      ],
      webchat,
    );
  });

  test("with the shop's order-number format, the new number is looked up at once as the order number it is", async () => {
    await run(
      config({ ORDER_NUMBER_PATTERN: 'ORD-\\d{4}' }),
      [
        user(TN.unknown),
        notFound(TN.unknown, 'Order number', 'Order ID', 'Store order number'),
        user(ORDER.delivered),
        { bot: { intro: `Here is the shipment for ${ORDER.delivered}:`, cards: 1 } },
      ],
      webchat,
    );
  });

  test('a number of the same kind is still that kind, looked up again', async () => {
    await run(
      config(),
      [
        user(TN.unknown),
        notFound(TN.unknown, 'Order number', 'Order ID', 'Store order number'),
        user(TN.inTransit),
        { bot: { intro: `Here is the shipment for ${TN.inTransit}:`, cards: 1 } },
      ],
      webchat,
    );
  });

  test('what does not fit any kind is still explained for the kind asked', async () => {
    await run(
      config(),
      [
        user(TN.unknown),
        notFound(TN.unknown, 'Order number', 'Order ID', 'Store order number'),
        user('AB'),
        bot(/^That doesn't look like a tracking number/),
      ],
      webchat,
    );
  });
});

describe('the not-found answer offers the other kinds, and one tries the same number as that kind', () => {
  test('"Order number" after a tracking number not found: the same number goes to Interface A', async () => {
    await run(
      config(),
      [
        user('Tracking number'),
        bot('Please type the tracking number.'),
        user(ORDER.delivered),
        notFound(ORDER.delivered, 'Order number', 'Order ID', 'Store order number'),
        user('Order number'),
        { bot: { intro: `Here is the shipment for ${ORDER.delivered}:`, cards: 1 } },
      ],
      webchat,
    );
    expect(upstreams.checkpoints.requests.map((r) => r.query.orderNo)).toEqual([ORDER.delivered]);
  });

  test('a kind the number cannot be asks for a number of that kind', async () => {
    await run(
      config(),
      [
        user(TN.unknown),
        notFound(TN.unknown, 'Order number', 'Order ID', 'Store order number'),
        user('Order ID'),
        bot('Please type your order ID. It has 12 letters or digits.'),
      ],
      webchat,
    );
  });

  test('"Store order number" asks for the store, then looks the number up there', async () => {
    await run(
      config({ TRACKINGS_STORES: 'store-us-1=Acme US, store-uk-1=Acme UK' }),
      [
        user('Tracking number'),
        bot('Please type the tracking number.'),
        user('ABC1001XYZ'),
        notFound('ABC1001XYZ', 'Order number', 'Order ID', 'Store order number'),
        user('Store order number'),
        ask('Which store did you order from?', 'Acme US', 'Acme UK'),
        user('Acme US'),
        bot(/^I couldn't find anything for ABC1001XYZ at Acme US/),
      ],
      webchat,
    );
    expect(JSON.parse(upstreams.trackings.requests[1].body)).toEqual({
      external_order: 'ABC1001XYZ',
      store_id: 'store-us-1',
    });
  });

  test('on SMS the kinds are numbered, and "1" picks the first', async () => {
    const talk = await run(
      config(),
      [
        user(TN.unknown),
        notFound(TN.unknown, 'Order number', 'Order ID', 'Store order number'),
        user('1'),
        bot(/^I couldn't find anything for/),
      ],
      { channelId: 'sms', locale: 'en-US' },
    );
    expect(upstreams.checkpoints.requests.map((r) => r.query.orderNo)).toEqual([TN.unknown]);
    expect(talk.logs.join('\n')).not.toContain(TN.unknown);
  });
});
