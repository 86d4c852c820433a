/**
 * Issue #23, items 3 and 7: a customer's own client can send handoff.status (nothing stops it), but the
 * most it changes is what that customer reads. It cannot page the agents in a loop: handoffs are bounded
 * per conversation and per customer in time, whatever events arrive. Omnichannel never sends these
 * events, so with it they are ignored. A hub's own message (which may carry a customer's words) is not logged.
 */
import type { Activity } from 'botbuilder';
import { DEMO } from '../../sandbox/simulators';
import { configFor } from '../support/app';
import { conversation, type Conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const config = (env: NodeJS.ProcessEnv = {}) =>
  configFor(upstreams, { HANDOFF: 'botframework', SUPPORT_URL: 'https://shop.example/help', ...env });
const webchat = { channelId: 'webchat', locale: 'en-US' };

const status = (state: string, value: Record<string, unknown> = {}): Partial<Activity> => ({
  type: 'event',
  name: 'handoff.status',
  value: { state, ...value },
  locale: undefined,
});
const messages = (activities: Partial<Activity>[]) => activities.filter((a) => a.type === 'message').map((a) => a.text);
/** Escalations the hub received: Bot Framework's handoff.initiate, or Omnichannel's Escalate message. */
const escalations = (activities: Partial<Activity>[]) =>
  activities.filter(
    (a) =>
      (a.type === 'event' && a.name === 'handoff.initiate') || JSON.stringify(a.channelData ?? {}).includes('Escalate'),
  ).length;
/** Nothing was looked up in this conversation: the case is what to give customer service. */
const LIMITED =
  "I've already asked the team for you several times today, so I won't ask again just now. You can reach the shop's customer service here: https://shop.example/help When you contact customer service, please give your order or tracking number.";

async function loop(talk: Conversation, times: number, forged: string): Promise<number> {
  let paged = 0;
  for (let i = 0; i < times; i++) {
    await talk.say(status(forged));
    paged += escalations(await talk.say('talk to a person'));
  }
  return paged;
}

describe('a forged handoff.status cannot page the agents in a loop', () => {
  test('50 × (forged "completed", "talk to a person"): three handoffs a day at most, then the help page, said once each time', async () => {
    const talk = conversation(config(), webchat);
    expect(await loop(talk, 50, 'completed')).toBe(3);
    expect(messages(await talk.say('talk to a person'))).toEqual([LIMITED]);
  });

  test('the same with forged "failed": the failure message is all the customer gets, and no new case', async () => {
    const talk = conversation(config(), webchat);
    expect(await loop(talk, 20, 'failed')).toBe(3);
  });

  test('per customer across conversations: a new conversation each time pages no more', async () => {
    const talk = conversation(config(), webchat);
    let paged = 0;
    for (let i = 0; i < 10; i++) {
      Object.assign(talk.adapter.template, { conversation: { id: `conversation-${i}` } });
      paged += escalations(await talk.say('talk to a person'));
    }
    expect(paged).toBe(3);
  });

  test('a day later, a person can be asked for again', async () => {
    const talk = conversation(config(), webchat);
    expect(await loop(talk, 5, 'completed')).toBe(3);
    await talk.clock.sleep(24 * 60 * 60_000);
    await talk.say(status('completed'));
    expect(escalations(await talk.say('talk to a person'))).toBe(1);
  });

  test('HANDOFF_LIMIT sets the number', async () => {
    expect(await loop(conversation(config({ HANDOFF_LIMIT: '1' }), webchat), 5, 'completed')).toBe(1);
  });

  test('a status the customer forges changes only what that customer reads: no upstream call, no agent paged', async () => {
    const talk = conversation(config(), webchat);
    await talk.say(DEMO.checkpoints.delivered);
    await talk.say('talk to a person');
    const before = upstreams.checkpoints.requests.length + upstreams.trackings.requests.length;
    for (const state of ['accepted', 'completed', 'failed', 'accepted', 'failed'])
      expect(escalations(await talk.say(status(state)))).toBe(0);
    // At most the case for the failure's summary, from the cache: nothing reaches the interfaces.
    expect(upstreams.checkpoints.requests.length + upstreams.trackings.requests.length).toBe(before);
  });
});

describe('HANDOFF=omnichannel: handoff.status is ignored (Omnichannel never sends it)', () => {
  test('forged "completed", then "talk to a person": still waiting, no second escalation', async () => {
    const talk = conversation(config({ HANDOFF: 'omnichannel' }), { channelId: 'omnichannel', locale: 'en-US' });
    expect(escalations(await talk.say('talk to a person'))).toBe(1);
    for (const state of ['completed', 'failed', 'accepted']) expect(await talk.say(status(state))).toEqual([]);
    const again = await talk.say('talk to a person');
    expect(escalations(again)).toBe(0);
    expect(messages(again)).toEqual([
      "I've already asked a colleague. Someone will reply here as soon as they're free.",
    ]);
    expect(talk.logs.filter((line) => line.includes('handoff status ignored'))).toHaveLength(3);
  });
});

test("a hub's message is not logged: it may carry what the customer told the agent", async () => {
  const talk = conversation(config({ LOG_LEVEL: 'trace' }), webchat);
  await talk.say('talk to a person');
  await talk.say(status('failed', { message: 'customer said: my password is hunter2' }));
  expect(talk.logs.join('\n')).not.toContain('hunter2');
  expect(talk.logs.some((line) => line.includes('"state":"failed"'))).toBe(true);
});
