/**
 * The sandbox's moving parcel: one more step per minute of the simulators' clock, so a newcomer who
 * presses "Notify me" sees an update arrive. Over real loopback HTTP, with the clock injected: what
 * Interface A answers minute by minute, the fresh round after delivery, timestamps never ahead of the
 * clock, every text in the six languages, and the bot's card changing from one minute to the next.
 */
import {
  DEMO,
  MOVING_STEP_MS,
  startCheckpointsSimulator,
  startTrackingsSimulator,
  type Simulator,
} from '../../sandbox/simulators';
import { LANGUAGES } from '../../sandbox/simulators/demoData/checkpointTexts';
import { checkpointCategory } from '../../src/tracking/checkpoints/status';
import { configFor } from '../support/app';
import { seen } from '../support/seen';
import { conversation } from '../support/transcript';
import { CREDENTIALS, API_KEY } from '../support/upstreams';
import type { CheckpointsAnswer, WireCheckpoint, WireShipment } from './checkpointsWire';

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-22T09:00:20.000Z');
/** What the parcel says in each minute of a round: the header's code, and the category the bot reads from it. */
const ROUND = [
  { code: 'Pending', category: 'pending', status: 'Preparing for dispatch' },
  { code: 'InboundScan', category: 'in_transit', status: 'Dispatched' },
  { code: 'InTransit', category: 'in_transit', status: 'In transit' },
  { code: 'OutForDelivery', category: 'out_for_delivery', status: 'Out for delivery' },
  { code: 'Delivered', category: 'delivered', status: 'Delivered' },
];

let time = T0;
let checkpoints: Simulator;
let trackings: Simulator;
beforeAll(async () => {
  [checkpoints, trackings] = await Promise.all([
    startCheckpointsSimulator({ userId: CREDENTIALS.userId, token: CREDENTIALS.token, now: () => time }),
    startTrackingsSimulator({ apiKey: API_KEY }),
  ]);
});
afterAll(() => Promise.all([checkpoints?.close(), trackings?.close()]));
beforeEach(() => {
  time = T0;
});

async function moving(lang = 'en'): Promise<{ header: WireShipment; checkpoints: WireCheckpoint[] }> {
  const query = new URLSearchParams({ user: CREDENTIALS.userId, orderNo: DEMO.checkpoints.moving, lang });
  const res = await fetch(`${checkpoints.url}/v2/checkpoints/?${query.toString()}`, {
    headers: { user: CREDENTIALS.userId, token: CREDENTIALS.token },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as CheckpointsAnswer;
  expect(body.header).toHaveLength(1);
  return { header: body.header[0], checkpoints: body.body[body.header[0].id] };
}

test('the moving parcel is ORD-1014 and steps once a minute by default', () => {
  expect(DEMO.checkpoints.moving).toBe('ORD-1014');
  expect(MOVING_STEP_MS).toBe(MINUTE);
});

test('each minute since the start reveals the next step, dated the minute it was revealed', async () => {
  for (const [minute, step] of ROUND.entries()) {
    time = T0 + minute * MINUTE + 30_000;
    const { header, checkpoints: events } = await moving();
    const newest = events.at(-1);
    expect({
      minute,
      code: header.last_delivery_status.code,
      newest: newest?.status,
      status: header.last_delivery_status.status,
    }).toEqual({ minute, code: step.code, newest: step.code, status: step.status });
    expect(checkpointCategory(header.last_delivery_status.code)).toBe(step.category);
    // The order, placed a minute before the label, then one checkpoint per minute so far.
    expect(events.map((e) => e.status)).toEqual(['OrderProcessed', ...ROUND.slice(0, minute + 1).map((s) => s.code)]);
    expect(events.map((e) => Date.parse(e.timestamp))).toEqual([
      T0 - MINUTE,
      ...ROUND.slice(0, minute + 1).map((_, i) => T0 + i * MINUTE),
    ]);
    expect(events[0].full_courier_status).toBe('2026-11-22');
    expect(header).toMatchObject({
      tracking_number: '00340434161097351403',
      courier: { name: 'dhl-germany', prettyname: 'DHL' },
      delay: false,
      exception: false,
    });
  }
  // Every step is news to a watcher: the code changes each minute, the category at most of them.
  const codes = ROUND.map((s) => s.code);
  expect(new Set(codes).size).toBe(ROUND.length);
  expect(ROUND.filter((s, i) => i > 0 && s.category !== ROUND[i - 1].category)).toHaveLength(3);
});

test('a step is revealed at its minute boundary, not a millisecond before', async () => {
  time = T0 + MINUTE - 1;
  expect((await moving()).header.last_delivery_status.code).toBe('Pending');
  time = T0 + MINUTE;
  expect((await moving()).header.last_delivery_status.code).toBe('InboundScan');
});

test('after delivery the parcel starts a fresh round, so a sandbox left running keeps moving', async () => {
  time = T0 + 5 * MINUTE;
  const fresh = await moving();
  expect(fresh.header.last_delivery_status.code).toBe('Pending');
  expect(fresh.checkpoints.map((e) => [e.status, Date.parse(e.timestamp)])).toEqual([
    ['OrderProcessed', T0 + 4 * MINUTE],
    ['Pending', T0 + 5 * MINUTE],
  ]);
  time = T0 + 12 * MINUTE + 59_999;
  const later = await moving();
  expect(later.checkpoints.map((e) => e.status)).toEqual(['OrderProcessed', 'Pending', 'InboundScan', 'InTransit']);
  expect(later.checkpoints.map((e) => Date.parse(e.timestamp))).toEqual([
    T0 + 9 * MINUTE,
    T0 + 10 * MINUTE,
    T0 + 11 * MINUTE,
    T0 + 12 * MINUTE,
  ]);
});

test('a newcomer never lands on the end of a round: asked for the first time in two steps while delivered, the parcel starts over', async () => {
  // Followed (asked a minute before): delivered, as the round has it.
  time = T0 + 3 * MINUTE + 30_000;
  expect((await moving()).header.last_delivery_status.code).toBe('OutForDelivery');
  time = T0 + 4 * MINUTE + 30_000;
  expect((await moving()).header.last_delivery_status.code).toBe('Delivered');
  // Nobody asked for over two steps, and the next round's delivered minute has come: a fresh round, dated now.
  time = T0 + 9 * MINUTE + 10_000;
  const fresh = await moving();
  expect(fresh.header.last_delivery_status.code).toBe('Pending');
  expect(fresh.checkpoints.map((e) => [e.status, Date.parse(e.timestamp)])).toEqual([
    ['OrderProcessed', time - MINUTE],
    ['Pending', time],
  ]);
  // From there it moves a step a minute again.
  const start = time;
  time = start + MINUTE;
  expect((await moving()).header.last_delivery_status.code).toBe('InboundScan');
});

test('no timestamp is ever after the clock, nor out of order, over two rounds and a half', async () => {
  for (let at = T0; at <= T0 + 12.5 * MINUTE; at += 7_500) {
    time = at;
    const times = (await moving()).checkpoints.map((e) => Date.parse(e.timestamp));
    expect({ at, late: times.filter((t) => t > at) }).toEqual({ at, late: [] });
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  }
});

test('every step speaks each of the six languages in its own words', async () => {
  time = T0 + 4 * MINUTE;
  const answers = await Promise.all(LANGUAGES.map((lang) => moving(lang)));
  for (const [i, step] of ROUND.entries()) {
    const texts = answers.map(({ checkpoints: events }) => events[i + 1]);
    expect(texts.map((e) => e.status)).toEqual(LANGUAGES.map(() => step.code));
    for (const field of ['status_text', 'status_details'] as const) {
      const words = texts.map((e) => e[field]);
      expect({ step: step.code, field, empty: words.filter((w) => !w?.trim()) }).toEqual({
        step: step.code,
        field,
        empty: [],
      });
      expect({ step: step.code, field, distinct: new Set(words).size }).toEqual({
        step: step.code,
        field,
        distinct: LANGUAGES.length,
      });
    }
  }
  // The header speaks the language too, at every step.
  for (const [minute] of ROUND.entries()) {
    time = T0 + minute * MINUTE;
    const headers = await Promise.all(LANGUAGES.map(async (lang) => (await moving(lang)).header.last_delivery_status));
    expect(new Set(headers.map((h) => h.status)).size).toBe(LANGUAGES.length);
    expect(new Set(headers.map((h) => h.status_details)).size).toBe(LANGUAGES.length);
  }
});

test('the other demo orders keep the dates they got at the start', async () => {
  const query = new URLSearchParams({ user: CREDENTIALS.userId, orderNo: DEMO.checkpoints.outForDelivery });
  const ask = async () =>
    (
      await fetch(`${checkpoints.url}/v2/checkpoints/?${query.toString()}`, {
        headers: { user: CREDENTIALS.userId, token: CREDENTIALS.token },
      })
    ).json() as Promise<CheckpointsAnswer>;
  const first = await ask();
  time = T0 + 3 * MINUTE;
  expect(await ask()).toEqual(first);
});

test("the bot's card for ORD-1014 says another status a minute later, in the customer's language", async () => {
  const config = configFor({ checkpoints, trackings }, { ORDER_NUMBER_PATTERN: 'ORD-\\d{4}' });
  const status = async (locale: string) => {
    const talk = conversation(config, { channelId: 'webchat', locale });
    const [reply] = (await talk.say(DEMO.checkpoints.moving)).filter((r) => r.type === 'message');
    const { cards } = seen(reply);
    expect(cards).toHaveLength(1);
    // The card's one-line summary: "DHL, tracking number …: <status>".
    return String(cards[0].fallbackText).split(': ').at(-1);
  };
  time = T0 + 30_000;
  expect(await status('en-US')).toBe('Preparing for dispatch');
  time = T0 + MINUTE + 30_000;
  expect(await status('en-US')).toBe('Dispatched');
  time = T0 + 3 * MINUTE;
  expect(await status('de-DE')).toBe('In Zustellung');
  time = T0 + 4 * MINUTE;
  expect(await status('fr-FR')).toBe('Livré');
});
