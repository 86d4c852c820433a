/**
 * A conversation cannot be used to guess order numbers: a limit on lookups per 10 minutes, and a
 * cool-down after three misses in a row. No upstream call is made meanwhile, and each pause says why,
 * when to try again, and the ways forward the shop has (issue #22, item 2).
 */
import { DEMO } from '../../sandbox/simulators';
import { configFor } from '../support/app';
import { conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const TOO_MANY = (minutes: number) =>
  `You've asked about a lot of numbers in a short time, so I've paused lookups. Please try again in ${minutes} minutes.`;
const MISSES = (minutes: number) =>
  `Several numbers in a row weren't found, so I've paused lookups. Please try again in ${minutes} minutes.`;
const lookup = (identifier: string) => ({ value: { input_type: 'tracking_number', identifier } });
const texts = (replies: Array<{ text?: string }>) => replies.map((r) => r.text).filter(Boolean);

test('ten lookups in ten minutes; the eleventh is asked to wait, and after ten minutes it may go on', async () => {
  const talk = conversation(configFor(upstreams), { channelId: 'webchat', locale: 'en-US' });
  for (let i = 0; i < 10; i++) {
    expect(texts(await talk.say(lookup(DEMO.trackings.trackingNumbers.inTransit)))).toEqual([
      expect.stringMatching(/^Here is the shipment for/),
    ]);
    await talk.clock.sleep(30_000);
  }
  // The first of the ten leaves the window 10 minutes after it ran, 5 minutes from now.
  expect(texts(await talk.say(lookup(DEMO.trackings.trackingNumbers.pending)))).toEqual([TOO_MANY(5)]);
  expect(upstreams.trackings.requests).toHaveLength(10);
  await talk.clock.sleep(10 * 60_000);
  expect(texts(await talk.say(lookup(DEMO.trackings.trackingNumbers.pending)))).toEqual([
    expect.stringMatching(/^Here is the shipment for/),
  ]);
});

test('three misses in a row, then a five-minute cool-down that says so; a hit in between resets the count', async () => {
  const talk = conversation(configFor(upstreams), { channelId: 'webchat', locale: 'en-US' });
  const miss = () => talk.say(lookup(DEMO.trackings.trackingNumbers.unknown));
  await miss();
  await miss();
  await talk.say(lookup(DEMO.trackings.trackingNumbers.inTransit));
  await miss();
  await miss();
  upstreams.trackings.inject({
    kind: 'status',
    status: 400,
    body: { code: 'invalid_argument', meta: { argument: 'tracking_number' } },
  });
  await talk.say(lookup(DEMO.trackings.trackingNumbers.lost));
  const before = upstreams.trackings.requests.length;
  expect(texts(await talk.say(lookup(DEMO.trackings.trackingNumbers.delivered)))).toEqual([MISSES(5)]);
  expect(upstreams.trackings.requests).toHaveLength(before);
  await talk.clock.sleep(5 * 60_000);
  expect(texts(await talk.say(lookup(DEMO.trackings.trackingNumbers.delivered)))).toEqual([
    expect.stringMatching(/^Here is the shipment for/),
  ]);
});

describe('three numbers not found: the reason, when to try again, and the way forward the shop has', () => {
  const UNKNOWN = ['ZZ000000001GB', 'ZZ000000002GB', 'ZZ000000003GB'];
  const shop = { HANDOFF: 'botframework', SUPPORT_URL: 'https://shop.example/help' };
  const choicesOf = (reply: { suggestedActions?: { actions: Array<{ title?: string }> } }) =>
    reply.suggestedActions?.actions.map((a) => a.title) ?? [];

  test('the second miss warns of the pause, the third starts it (not asked to type again), the fourth is told why and when, with a person and the help page', async () => {
    const talk = conversation(configFor(upstreams, shop), { channelId: 'webchat', locale: 'en-US' });
    expect(texts(await talk.say(lookup(UNKNOWN[0])))).toEqual([
      `I couldn't find anything for ${UNKNOWN[0]}. Please check the number and type it again.`,
    ]);
    expect(texts(await talk.say(lookup(UNKNOWN[1])))).toEqual([
      `I couldn't find anything for ${UNKNOWN[1]}. Please check the number and type it again. If the next number isn't found either, I'll have to pause lookups for a few minutes.`,
    ]);
    const [third] = await talk.say(lookup(UNKNOWN[2]));
    expect(third.text).toBe(`I couldn't find anything for ${UNKNOWN[2]}. ${MISSES(5)}`);
    expect(choicesOf(third)).toEqual(['Talk to a person', 'Help page']);
    await talk.clock.sleep(60_000);
    const before = upstreams.trackings.requests.length;
    const [fourth] = await talk.say(DEMO.trackings.trackingNumbers.inTransit);
    expect(fourth.text).toBe(MISSES(4));
    expect(choicesOf(fourth)).toEqual(['Talk to a person', 'Help page']);
    expect(upstreams.trackings.requests).toHaveLength(before);
    // The way forward works: the button's words hand over.
    expect((await talk.say('Talk to a person')).some((a) => a.name === 'handoff.initiate')).toBe(true);
  });

  test('after a reload (a new conversation) and a language switch: still paused, said in the new language, with the ways forward', async () => {
    const talk = conversation(configFor(upstreams, shop), { channelId: 'webchat', locale: 'en-US' });
    for (const number of UNKNOWN) await talk.say(lookup(number));
    // The page reloaded in French: a new conversation of the same customer.
    Object.assign(talk.adapter.template, { locale: 'fr-FR', conversation: { id: 'after-a-reload' } });
    const [again] = await talk.say({ text: DEMO.trackings.trackingNumbers.inTransit });
    expect(again.text).toBe(
      'Plusieurs numéros de suite sont introuvables : je mets donc les recherches en pause. Veuillez réessayer dans 5 minutes.',
    );
    expect(choicesOf(again)).toEqual(['Parler à une personne', 'Page d’aide']);
  });

  test('on SMS the ways forward are numbered, and "1" picks the person', async () => {
    const talk = conversation(configFor(upstreams, shop), { channelId: 'sms', locale: 'en-US' });
    for (const number of UNKNOWN) await talk.say(lookup(number));
    const [paused] = await talk.say(DEMO.trackings.trackingNumbers.inTransit);
    expect(paused.text).toMatch(
      /Please try again in 5 minutes\.\n\nHelp page: https:\/\/shop\.example\/help\n\n1\. Talk to a person$/,
    );
    expect((await talk.say('1')).some((a) => a.name === 'handoff.initiate')).toBe(true);
  });

  test('with no hub and no help page: the reason and the time, and nothing to press', async () => {
    const talk = conversation(configFor(upstreams, { SUPPORT_URL: '' }), { channelId: 'webchat', locale: 'en-US' });
    for (const number of UNKNOWN) await talk.say(lookup(number));
    const [paused] = await talk.say(DEMO.trackings.trackingNumbers.inTransit);
    expect(paused.text).toBe(MISSES(5));
    expect(paused.suggestedActions).toBeUndefined();
  });
});

test('LOOKUP_LIMIT=0 turns the limit off', async () => {
  const talk = conversation(configFor(upstreams, { LOOKUP_LIMIT: '0' }), { channelId: 'webchat', locale: 'en-US' });
  for (let i = 0; i < 12; i++) await talk.say(lookup(DEMO.trackings.trackingNumbers.inTransit));
  expect(upstreams.trackings.requests).toHaveLength(12);
});

/** A JSON log line, as far as these tests read it. */
interface LogLine {
  msg: string;
  lookup?: { outcome: string };
}

describe('one log line per turn', () => {
  test('says what the turn did, and never what the customer wrote', async () => {
    const talk = conversation(configFor(upstreams), { channelId: 'webchat', locale: 'en-US' });
    await talk.say(`hello, my secret note: please hurry ${DEMO.trackings.trackingNumbers.inTransit}`);
    const turns = talk.logs.map((line) => JSON.parse(line) as LogLine).filter((entry) => entry.msg === 'turn');
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({
      channel: 'webchat',
      activityType: 'message',
      sent: 1,
      lookup: { kind: 'tracking_number', outcome: 'found', shipments: 1 },
      latencyMs: expect.any(Number) as unknown,
    });
    expect(talk.logs.join('\n')).not.toContain('secret note');
  });

  test('says how the cache served the lookup: asked the upstream, then answered from memory', async () => {
    const talk = conversation(configFor(upstreams, { LOOKUP_CACHE_TTL_MS: '60000' }), {
      channelId: 'webchat',
      locale: 'en-US',
    });
    const first = await talk.say(lookup(DEMO.trackings.trackingNumbers.inTransit));
    const again = await talk.say(lookup(DEMO.trackings.trackingNumbers.inTransit));
    expect([first, again].map((replies) => replies.length)).toEqual([1, 1]);
    const turns = talk.logs.map((line) => JSON.parse(line) as LogLine).filter((entry) => entry.msg === 'turn');
    expect(turns.map((entry) => entry.lookup)).toEqual([
      { kind: 'tracking_number', outcome: 'found', shipments: 1, cache: 'miss' },
      { kind: 'tracking_number', outcome: 'found', shipments: 1, cache: 'hit' },
    ]);
  });

  test('an outcome other than found is named', async () => {
    const talk = conversation(configFor(upstreams), { channelId: 'webchat', locale: 'en-US' });
    await talk.say(lookup(DEMO.trackings.trackingNumbers.unknown));
    upstreams.trackings.inject({ kind: 'status', status: 401 });
    await talk.say(lookup(DEMO.trackings.trackingNumbers.inTransit));
    const outcomes = talk.logs
      .map((line) => JSON.parse(line) as LogLine)
      .filter((entry) => entry.msg === 'turn')
      .map((entry) => entry.lookup?.outcome);
    expect(outcomes).toEqual(['not_found', 'failed']);
  });
});
