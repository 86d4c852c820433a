/**
 * One message per answer: a typing indicator only when the answer is not ready within half a second,
 * then every two seconds, as botbuilder's ShowTypingMiddleware does; never one after the answer.
 * The reply timer is a ManualClock, so the test decides when half a second has passed.
 */
import { DEMO } from '../../sandbox/simulators';
import { configFor } from '../support/app';
import { conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const TN = DEMO.trackings.trackingNumbers.inTransit;
const kinds = (replies: Array<{ type?: string; text?: string }>) =>
  replies.map((r) => (r.type === 'typing' ? 'typing' : r.text));

test('an answer ready at once comes alone', async () => {
  const talk = conversation(configFor(upstreams), { channelId: 'webchat', locale: 'en-US' });
  expect(kinds(await talk.say(TN))).toEqual([`Here is the shipment for ${TN}:`]);
});

test('a slow answer is announced after 500 ms, then every 2 s, and nothing follows the answer', async () => {
  // The upstream takes a real second and a half; meanwhile the test moves the reply timer by 4.5 s.
  upstreams.trackings.inject({ kind: 'delay', ms: 1_500 });
  const talk = conversation(configFor(upstreams, { UPSTREAM_ATTEMPT_TIMEOUT_MS: '5000' }), {
    channelId: 'webchat',
    locale: 'en-US',
  });
  const replies = talk.say(TN);
  await talk.replyTimer.sleeping(2); // the deadline and the first typing wait
  await talk.replyTimer.advance(499);
  expect(talk.adapter.activeQueue).toHaveLength(0);
  await talk.replyTimer.advance(1);
  await talk.replyTimer.advance(2_000);
  await talk.replyTimer.advance(2_000);
  expect(kinds(await replies)).toEqual(['typing', 'typing', 'typing', `Here is the shipment for ${TN}:`]);
  expect(talk.replyTimer.pending).toBe(0);
});
