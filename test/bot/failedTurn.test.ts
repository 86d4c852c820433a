/**
 * A turn that fails anyway (a bug, a library's crash on an odd activity) gets a short apology, and the
 * conversation's saved state is left as it was: the question it was at, and the miss count that
 * keeps a guesser slow. Before, the state was cleared: one odd entity wiped the 3-miss cool-down.
 */
import { DEMO } from '../../sandbox/simulators';
import { configFor, startApp, type RunningApp } from '../support/app';
import { conversation } from '../support/transcript';
import { TestChannel } from '../support/channel';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const SORRY = 'Sorry, something went wrong on my side. Please send that again.';
const SLOW_DOWN = "Several numbers in a row weren't found, so I've paused lookups. Please try again in 5 minutes.";
const miss = { value: { input_type: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.unknown } };
const texts = (replies: Array<{ text?: string }>) => replies.map((r) => r.text);

test('a turn botbuilder crashes on (an entity without a type) keeps the question and the misses', async () => {
  const talk = conversation(configFor(upstreams), { channelId: 'webchat', locale: 'en-US' });
  await talk.say(miss);
  await talk.say(miss);
  expect(texts(await talk.say('Order ID'))).toEqual(['Please type your order ID. It has 12 letters or digits.']);
  // What the HTTP route now refuses, straight into the bot: botbuilder's mention lookup calls type.toLowerCase().
  expect(
    texts(await talk.say({ text: 'ORD-77', entities: [{}] as never, recipient: { id: 'bot', name: 'Bot' } })),
  ).toEqual([SORRY]);
  expect(texts(await talk.say('AB12'))).toEqual([
    'An order ID has exactly 12 letters or digits, but that one has 4.\n\nPlease type your order ID. It has 12 letters or digits.',
  ]);
  await talk.say(miss);
  expect(
    texts(
      await talk.say({
        value: { input_type: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.inTransit },
      }),
    ),
  ).toEqual([SLOW_DOWN]);
});

describe('over HTTP', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp(configFor(upstreams));
  });
  afterAll(() => app.close());

  test.each([
    ['no type', [{}], 'entities.0.type'],
    ['a type that is a number', [{ type: 5 }], 'entities.0.type'],
    ['a mention naming nobody', [{ type: 'mention' }], 'entities.0.mentioned'],
    ['an entity that is a string', ['mention'], 'entities.0'],
  ])('an entity with %s is a 400 naming it, before any turn runs', async (_what, entities, argument) => {
    const { status, replies } = await new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'en-US' }).say({
      text: 'ORD-77',
      entities: entities as never,
    });
    expect(status).toBe(400);
    expect(replies).toEqual([]);
    const response = await fetch(`${app.url}/api/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        type: 'message',
        channelId: 'webchat',
        serviceUrl: 'http://127.0.0.1:9',
        conversation: { id: 'c' },
        text: 'hi',
        entities,
      }),
    });
    expect(await response.json()).toMatchObject({ code: 'invalid_argument', argument });
  });
});
