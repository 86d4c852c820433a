/**
 * A cached lookup's answer is rendered once and sent again (#16), and never when anything shown in it would
 * differ: another channel, language or zone, other choices, or a shipment that has gone stale since.
 */
import { renderShipments, RenderedAnswers } from '../../src/cards';
import { shareAnswer } from '../../src/tracking/sharedAnswer';
import type { Shipment } from '../../src/tracking/shipment';
import { de, en, shipment } from './fixtures';

const DAY = 24 * 60 * 60 * 1000;
/** The fixture's newest news, 2026-11-18T08:30Z. */
const NEWS = Date.parse('2026-11-18T08:30:00.000Z');
const cached = (): readonly Shipment[] => shareAnswer([shipment('in_transit')]);
const parts = {
  intro: 'Here is the shipment for 1Z999AA10123450003:',
  choices: [{ value: 'another', title: 'Track another' }],
};

test('the same cached list, shown the same way: the same messages, equal to a fresh rendering', () => {
  const answers = new RenderedAnswers();
  const list = cached();
  const context = { ...en('msteams'), now: NEWS + DAY, staleAfterDays: 5 };
  const first = answers.render(list, context, parts);
  expect(answers.render(list, context, parts)).toBe(first);
  expect(first).toEqual(renderShipments([...list], context, parts));
});

test('rendered again for another channel, language, zone or choices', () => {
  const answers = new RenderedAnswers();
  const list = cached();
  const context = { ...en('webchat'), now: NEWS + DAY, staleAfterDays: 5 };
  const first = answers.render(list, context, parts);
  for (const [other, otherParts] of [
    [{ ...context, channel: 'msteams' }, parts],
    [{ ...de('webchat', 'UTC'), now: NEWS + DAY, staleAfterDays: 5 }, parts],
    [{ ...context, timeZone: 'Europe/Paris' }, parts],
    [context, { ...parts, choices: [{ value: 'done', title: "That's all" }] }],
  ] as const) {
    const again = answers.render(list, other, otherParts);
    expect(again).not.toBe(first);
    expect(again).toEqual(renderShipments([...list], other, otherParts));
  }
});

test('a shipment that went stale since (the time matters only through that) is rendered again', () => {
  const answers = new RenderedAnswers();
  const list = cached();
  const fresh = answers.render(list, { ...en(), now: NEWS + DAY, staleAfterDays: 5 }, parts);
  expect(answers.render(list, { ...en(), now: NEWS + 2 * DAY, staleAfterDays: 5 }, parts)).toBe(fresh);
  const stale = answers.render(list, { ...en(), now: NEWS + 6 * DAY, staleAfterDays: 5 }, parts);
  expect(stale).not.toEqual(fresh);
  expect(stale).toEqual(renderShipments([...list], { ...en(), now: NEWS + 6 * DAY, staleAfterDays: 5 }, parts));
});

test("a list that is not the cache's own (frozen) is rendered every time; what is kept cannot be changed", () => {
  const answers = new RenderedAnswers();
  const list = [shipment('in_transit')];
  expect(answers.render(list, en(), parts)).not.toBe(answers.render(list, en(), parts));
  const kept = answers.render(cached(), en(), parts);
  expect(Object.isFrozen(kept[0])).toBe(true);
  expect(() => {
    (kept[0] as { text?: string }).text = 'changed';
  }).toThrow(TypeError);
});

test('a list the cache did not share is rendered each time, frozen or not: only the cache says an answer is shared', () => {
  const answers = new RenderedAnswers();
  const context = { ...en('msteams'), now: NEWS + DAY, staleAfterDays: 5 };
  for (const list of [[shipment('in_transit')], Object.freeze([shipment('in_transit')])]) {
    expect(answers.render(list, context, parts)).not.toBe(answers.render(list, context, parts));
  }
});
