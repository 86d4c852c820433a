/**
 * A conversation cannot be used to guess order numbers: a limit on lookups per 10 minutes, and a
 * cool-down after three misses in a row. Both answer with the same words, and no upstream call is made.
 */
import { DEMO } from '../../sandbox/simulators';
import { configFor } from '../support/app';
import { conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const SLOW_DOWN = "You've asked about a lot of numbers in a short time. Please wait a few minutes and try again.";
const lookup = (identifier: string) => ({ value: { input_type: 'tracking_number', identifier } });
const texts = (replies: Array<{ text?: string }>) => replies.map((r) => r.text).filter(Boolean);

test('ten lookups in ten minutes; the eleventh is asked to wait, and after ten minutes it may go on', async () => {
  const talk = conversation(configFor(upstreams), { channelId: 'webchat', locale: 'en-US' });
  for (let i = 0; i < 10; i++) {
    expect(texts(await talk.say(lookup(DEMO.trackings.trackingNumbers.inTransit)))).toEqual([expect.stringMatching(/^Here is the shipment for/)]);
    await talk.clock.sleep(30_000);
  }
  expect(texts(await talk.say(lookup(DEMO.trackings.trackingNumbers.pending)))).toEqual([SLOW_DOWN]);
  expect(upstreams.trackings.requests).toHaveLength(10);
  await talk.clock.sleep(10 * 60_000);
  expect(texts(await talk.say(lookup(DEMO.trackings.trackingNumbers.pending)))).toEqual([expect.stringMatching(/^Here is the shipment for/)]);
});

test('three misses in a row, then a five-minute cool-down with the same words; a hit in between resets the count', async () => {
  const talk = conversation(configFor(upstreams), { channelId: 'webchat', locale: 'en-US' });
  const miss = () => talk.say(lookup(DEMO.trackings.trackingNumbers.unknown));
  await miss();
  await miss();
  await talk.say(lookup(DEMO.trackings.trackingNumbers.inTransit));
  await miss();
  await miss();
  upstreams.trackings.inject({ kind: 'status', status: 400, body: { code: 'invalid_argument', meta: { argument: 'tracking_number' } } });
  await talk.say(lookup(DEMO.trackings.trackingNumbers.lost));
  const before = upstreams.trackings.requests.length;
  expect(texts(await talk.say(lookup(DEMO.trackings.trackingNumbers.delivered)))).toEqual([SLOW_DOWN]);
  expect(upstreams.trackings.requests).toHaveLength(before);
  await talk.clock.sleep(5 * 60_000);
  expect(texts(await talk.say(lookup(DEMO.trackings.trackingNumbers.delivered)))).toEqual([expect.stringMatching(/^Here is the shipment for/)]);
});

test('LOOKUP_LIMIT=0 turns the limit off', async () => {
  const talk = conversation(configFor(upstreams, { LOOKUP_LIMIT: '0' }), { channelId: 'webchat', locale: 'en-US' });
  for (let i = 0; i < 12; i++) await talk.say(lookup(DEMO.trackings.trackingNumbers.inTransit));
  expect(upstreams.trackings.requests).toHaveLength(12);
});

describe('one log line per turn', () => {
  test('says what the turn did, and never what the customer wrote', async () => {
    const talk = conversation(configFor(upstreams), { channelId: 'webchat', locale: 'en-US' });
    await talk.say(`hello, my secret note: please hurry ${DEMO.trackings.trackingNumbers.inTransit}`);
    const turns = talk.logs.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'turn');
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({ channel: 'webchat', activityType: 'message', sent: 1, lookup: { kind: 'tracking_number', outcome: 'found', shipments: 1 }, latencyMs: expect.any(Number) });
    expect(talk.logs.join('\n')).not.toContain('secret note');
  });

  test('says how the cache served the lookup: asked the upstream, then answered from memory', async () => {
    const talk = conversation(configFor(upstreams, { LOOKUP_CACHE_TTL_MS: '60000' }), { channelId: 'webchat', locale: 'en-US' });
    const first = await talk.say(lookup(DEMO.trackings.trackingNumbers.inTransit));
    const again = await talk.say(lookup(DEMO.trackings.trackingNumbers.inTransit));
    expect([first, again].map((replies) => replies.length)).toEqual([1, 1]);
    const turns = talk.logs.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'turn');
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
    const outcomes = talk.logs.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'turn').map((entry) => entry.lookup?.outcome);
    expect(outcomes).toEqual(['not_found', 'failed']);
  });
});
