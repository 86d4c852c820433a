/**
 * ORDER_DETAILS=verified: an order is answered only for its signed-in owner. Anyone else gets exactly what
 * an unknown order gets (the same words, the same buttons, a miss counted, the same pause after three), and
 * the upstream is not asked, so that neither the reply nor its timing tells whether the order exists.
 */
import type { Activity } from 'botbuilder';
import { configFor } from '../support/app';
import { conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const config = (orderDetails = 'verified') =>
  configFor(upstreams, { ORDER_DETAILS: orderDetails, ORDER_NUMBER_PATTERN: 'ORD-\\d{4}', LOG_LEVEL: 'warn' });
const SOMEONE_ELSES = 'ORD-1002';
const UNKNOWN = 'ORD-9999';

/** Three tries at one number, as the customer sees them on the wire (every field), the number replaced by N. */
async function threeTries(
  number: string,
  channelId: string,
  from: Partial<Activity['from']>,
  orderDetails?: string,
): Promise<string> {
  const talk = conversation(config(orderDetails), { channelId, locale: 'en-US' });
  await talk.customers.keep({
    userId: 'dl_aSignedInCustomerWithOtherOrders',
    orders: [{ kind: 'order_number', identifier: 'ORD-1003' }],
    expiresAt: Number.MAX_SAFE_INTEGER,
  });
  const replies: Array<Partial<Activity>> = [];
  for (let i = 0; i < 3; i++)
    replies.push(...(await talk.say({ type: 'message', text: number, from } as Partial<Activity>)));
  // The test adapter stamps each activity with a random id and the wall clock's time; the rest is the bot's.
  const sent = replies.map(({ id: _id, timestamp: _time, ...reply }) => reply);
  return JSON.stringify(sent).split(number).join('N');
}

test.each([
  ['webchat', 'a visitor', { id: 'visitor-0c9d8e7f6a', name: 'Customer', role: 'user' }],
  [
    'webchat',
    'another signed-in customer',
    { id: 'dl_aSignedInCustomerWithOtherOrders', name: 'Customer', role: 'user' },
  ],
  ['msteams', 'anyone', { id: '29:1a2b3c4d5e6f', name: 'Customer', role: 'user' }],
])(
  'on %s, %s: someone else’s order and an unknown one read the same, byte for byte, and nothing is asked upstream',
  async (channelId, _who, from) => {
    const refused = await threeTries(SOMEONE_ELSES, channelId, from);
    expect([...upstreams.checkpoints.requests, ...upstreams.trackings.requests]).toEqual([]);
    // An order the upstream really does not know (asked, with everything open): the very same replies.
    const unknown = await threeTries(UNKNOWN, channelId, from, 'open');
    expect(upstreams.checkpoints.requests).toHaveLength(3);
    expect(refused).toBe(unknown);
    // Each counted as a miss: the third starts the pause.
    expect(refused).toContain("I couldn't find anything for N. Please check the number and type it again.");
    expect(refused).toMatch(/I couldn't find anything for N\. [^"]*minutes/);
  },
);

test('its signed-in owner gets the answer, asked upstream as usual', async () => {
  const talk = conversation(config(), { channelId: 'webchat', locale: 'en-US' });
  await talk.customers.keep({
    userId: 'dl_theOwnerOfOrder1002xx',
    orders: [{ kind: 'order_number', identifier: SOMEONE_ELSES }],
    expiresAt: Number.MAX_SAFE_INTEGER,
  });
  const [answer] = await talk.say({
    type: 'message',
    text: SOMEONE_ELSES,
    from: { id: 'dl_theOwnerOfOrder1002xx', name: 'Customer', role: 'user' },
  });
  expect(answer.text).toBe(`I found 3 shipments for ${SOMEONE_ELSES}:`);
  expect(upstreams.checkpoints.requests).toHaveLength(1);
});
