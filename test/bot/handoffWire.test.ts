/**
 * A handoff on the wire, as a channel and an agent hub see it: the bot's POSTs to the connector (normal
 * delivery) with the exact handoff.initiate event, the hub's handoff.status events POSTed to
 * /api/messages (answered, never refused), Omnichannel's bridged messages, and what the conversation's
 * stored state holds.
 */
import { MemoryStorage, type Activity } from 'botbuilder';
import { DEMO } from '../../sandbox/simulators';
import type { StoredTranscript } from '../../dialogs/conversationTranscript';
import { TRANSCRIPT_LIMITS } from '../../src/handoff';
import { configFor, startApp, type RunningApp } from '../support/app';
import { startConnector, TestChannel, type Connector } from '../support/channel';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const ORDER = DEMO.checkpoints.inTransitMultiShipment;
let connector: Connector;
/** Every app a test started (one test starts two): all are closed after it. */
let running: RunningApp[] = [];
let storage: MemoryStorage;

beforeAll(async () => {
  connector = await startConnector();
});
afterAll(() => connector.close());
afterEach(async () => {
  await Promise.all(running.map((app) => app.close()));
  running = [];
});

async function bot(env: NodeJS.ProcessEnv): Promise<TestChannel> {
  storage = new MemoryStorage();
  const app = await startApp(
    configFor(upstreams, {
      ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
      LOG_LEVEL: 'warn',
      SUPPORT_URL: 'https://shop.example/help',
      ...env,
    }),
    { storage },
  );
  running.push(app);
  return new TestChannel({ botUrl: app.url, mode: 'normal', connector, locale: 'en-US' });
}

/** The conversation's state as stored, and its size in bytes. */
async function stored(chat: TestChannel): Promise<{ state: { transcript?: StoredTranscript }; bytes: number }> {
  const key = `webchat/conversations/${chat.conversationId}/`;
  const state = (await storage.read([key]))[key] as { transcript?: StoredTranscript };
  return { state, bytes: Buffer.byteLength(JSON.stringify(state)) };
}

describe('HANDOFF=botframework', () => {
  test('the handoff.initiate event, exactly: an event named handoff.initiate, the case as value, the transcript attached', async () => {
    const chat = await bot({ HANDOFF: 'botframework' });
    await chat.say(ORDER);
    const { status, replies } = await chat.say('I want to talk to a human');
    expect(status).toBe(200);
    expect(replies.map((r) => `${r.type}${r.name ? ` ${r.name}` : ''}`)).toEqual(['message', 'event handoff.initiate']);
    const event = replies[1] as Activity;
    const customer = { id: `customer-of-${chat.conversationId}`, name: 'Customer' };

    expect(event.type).toBe('event');
    expect(event.name).toBe('handoff.initiate');
    expect(event.value).toEqual({
      language: 'en',
      locale: 'en-US',
      signedIn: false,
      lookups: [
        {
          kind: 'order_number',
          identifier: ORDER,
          shipments: [
            {
              carrier: 'UPS',
              trackingNumber: '1ZV8R4236804512972',
              status: 'in_transit',
              statusText: 'In transit',
              lastEvent: {
                at: expect.any(String) as unknown,
                text: expect.any(String) as unknown,
                location: expect.any(String) as unknown,
              },
            },
            {
              carrier: 'DPD',
              trackingNumber: '01485023741196',
              status: 'out_for_delivery',
              statusText: 'Out for delivery',
              lastEvent: expect.any(Object) as unknown,
            },
            {
              carrier: 'PostNL',
              trackingNumber: '3SKAAN4718293',
              status: 'delivered',
              statusText: 'Delivered',
              lastEvent: expect.any(Object) as unknown,
            },
          ],
        },
      ],
    });
    expect(event.attachments).toEqual([
      {
        contentType: 'application/json',
        name: 'Transcript',
        content: {
          activities: [
            {
              type: 'message',
              text: ORDER,
              timestamp: expect.stringMatching(/Z$/) as unknown,
              from: { ...customer, role: 'user' },
            },
            {
              type: 'message',
              text: expect.stringMatching(
                /^I found 3 shipments for ORD-1002: UPS, tracking number 1ZV8R4236804512972: In transit; DPD, /,
              ) as unknown,
              timestamp: expect.any(String) as unknown,
              from: { id: 'bot', name: 'Order Tracking', role: 'bot' },
            },
            {
              type: 'message',
              text: 'I want to talk to a human',
              timestamp: expect.any(String) as unknown,
              from: { ...customer, role: 'user' },
            },
          ],
        },
      },
    ]);
    // Sent into the customer's conversation, as a reply to their message, naming the conversation it hands over.
    expect(event).toMatchObject({
      from: { id: 'bot' },
      recipient: customer,
      conversation: { id: chat.conversationId },
      channelId: 'webchat',
      replyToId: chat.lastId,
      relatesTo: {
        activityId: chat.lastId,
        conversation: { id: chat.conversationId },
        channelId: 'webchat',
        user: customer,
        serviceUrl: connector.url,
      },
    });
  });

  test("the hub's handoff.status events are taken over HTTP and answered; one that cannot be read gets a 200 and no answer", async () => {
    const chat = await bot({ HANDOFF: 'botframework' });
    await chat.say('talk to a person');
    const hub = (value: unknown): Partial<Activity> => ({
      type: 'event',
      name: 'handoff.status',
      value,
      from: { id: 'hub', name: 'Agent hub' },
      locale: undefined,
    });
    const accepted = await chat.say(hub({ state: 'accepted' }));
    expect(accepted.status).toBe(200);
    expect(accepted.replies.map((r) => r.text)).toEqual([
      'A colleague has your case now and will reply here in a moment.',
    ]);
    for (const value of [{ state: 'lunch' }, 'completed', null, { state: ['failed'] }]) {
      const odd = await chat.say(hub(value));
      expect({ value, status: odd.status, replies: odd.replies }).toEqual({ value, status: 200, replies: [] });
    }
    const completed = await chat.say(hub({ state: 'completed', message: 'resolved by agent 7' }));
    expect(completed.replies.map((r) => r.text)).toEqual([
      "My colleague has finished with your case, and I'm back to help: send me a number whenever you'd like to track a parcel.",
    ]);
  });

  test('the state stays bounded: the transcript is gone after the handoff, and HANDOFF_TRANSCRIPT=off keeps none', async () => {
    const chat = await bot({ HANDOFF: 'botframework' });
    await chat.say(ORDER);
    for (let i = 0; i < 25; i++) await chat.say(i % 2 ? 'thanks' : 'ok');
    const usual = await stored(chat);
    expect(usual.state.transcript?.lines).toHaveLength(TRANSCRIPT_LIMITS.lines);
    // The longest texts, cut and capped.
    for (let i = 0; i < 25; i++) await chat.say(`why ${i}? ${'word '.repeat(60)}`);
    const longest = await stored(chat);
    const transcriptBytes = Buffer.byteLength(JSON.stringify(longest.state.transcript));
    // Measured: 2.0 KB of state with 20 short lines, 4.0 KB (3.5 KB of it the transcript) at the bound.
    expect(transcriptBytes).toBeLessThan(TRANSCRIPT_LIMITS.totalChars + 1_000);
    expect(longest.bytes).toBeLessThan(6_000);
    await chat.say('talk to a person');
    expect((await stored(chat)).state.transcript).toBeUndefined();

    const off = await bot({ HANDOFF: 'botframework', HANDOFF_TRANSCRIPT: 'off' });
    await off.say(ORDER);
    await off.say('why?');
    expect((await stored(off)).state.transcript).toBeUndefined();
  });
});

describe('HANDOFF=omnichannel', () => {
  test('every message to the customer is bridged; the escalation message carries the tags and is not', async () => {
    const chat = await bot({ HANDOFF: 'omnichannel' });
    const found = await chat.say(ORDER);
    const { replies } = await chat.say('talk to a person');
    const all = [...found.replies, ...replies].filter((r) => r.type === 'message');
    expect(all.map((r) => r.channelData as unknown)).toEqual([
      { deliveryMode: 'bridged' },
      { deliveryMode: 'bridged' },
      { tags: expect.any(String) as unknown },
    ]);
    expect(JSON.parse((all[2].channelData as { tags: string }).tags)).toMatchObject({
      type: 'Escalate',
      context: { OrderTrackingLanguage: 'en', OrderTrackingStatuses: 'in_transit, out_for_delivery, delivered' },
    });
    expect((await stored(chat)).state.transcript).toBeUndefined();
  });
});
