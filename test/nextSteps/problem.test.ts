/** What is wrong with a shipment, told by its status, its flags and how long it has been quiet (a fixed clock, no waits). */
import { problemOf } from '../../src/nextSteps/problem';
import type { Shipment, StatusCategory } from '../../src/tracking/shipment';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const daysAgo = (days: number, hours = 0) => new Date(NOW - days * 86_400_000 - hours * 3_600_000).toISOString();

function shipment(category: StatusCategory, newestEventDaysAgo = 1, overrides: Partial<Shipment> = {}): Shipment {
  return {
    id: 's',
    carrier: { name: 'UPS' },
    status: { category },
    delayed: false,
    exception: false,
    localizedTexts: false,
    events: [
      { at: daysAgo(newestEventDaysAgo), category },
      { at: daysAgo(newestEventDaysAgo + 2), category: 'pending' },
    ],
    ...overrides,
  };
}

test.each([
  ['lost', 'lost'],
  ['returned', 'returned'],
  ['failed_attempt', 'failed_attempt'],
  ['exception', 'exception'],
] as const)('status %s is the problem %s, whatever its age', (category, state) => {
  expect(problemOf(shipment(category), NOW, 5)?.state).toBe(state);
  expect(problemOf(shipment(category, 30), NOW, 5)?.state).toBe(state);
});

test("Interface A's exception flag on a parcel in transit is an exception", () => {
  expect(problemOf(shipment('in_transit', 1, { exception: true }), NOW, 5)).toEqual({ state: 'exception' });
});

test('a delay flag is a delay while there is recent news', () => {
  expect(problemOf(shipment('in_transit', 1, { delayed: true }), NOW, 5)).toEqual({ state: 'delayed' });
});

test('in transit with no news for STALE_AFTER_DAYS days is stale, and says since when', () => {
  expect(problemOf(shipment('in_transit', 4, { delayed: false }), NOW, 5)).toBeUndefined();
  expect(problemOf(shipment('in_transit', 5), NOW, 5)).toEqual({ state: 'stale', since: daysAgo(5), days: 5 });
  // Stale says more than the delay flag: no news for 17 days.
  expect(problemOf(shipment('in_transit', 17, { delayed: true }), NOW, 5)).toEqual({
    state: 'stale',
    since: daysAgo(17),
    days: 17,
  });
  expect(problemOf(shipment('in_transit', 6), NOW, 7)).toBeUndefined();
});

test('never handed to the carrier for STALE_AFTER_DAYS days is stuck', () => {
  const pendingOnly = shipment('pending', 6, { events: [{ at: daysAgo(6), category: 'pending' }] });
  expect(problemOf(pendingOnly, NOW, 5)).toEqual({ state: 'stuck', since: daysAgo(6), days: 6 });
  expect(problemOf({ ...pendingOnly, events: [], orderedAt: daysAgo(9) }, NOW, 5)).toEqual({
    state: 'stuck',
    since: daysAgo(9),
    days: 9,
  });
  expect(problemOf({ ...pendingOnly, events: [{ at: daysAgo(2), category: 'pending' }] }, NOW, 5)).toBeUndefined();
});

test('delivered, or waiting at a pickup point, is never stale', () => {
  expect(problemOf(shipment('delivered', 40, { delayed: true }), NOW, 5)).toBeUndefined();
  expect(problemOf(shipment('ready_for_pickup', 6), NOW, 5)).toBeUndefined();
});

test('without any dated news there is nothing to measure: no stale verdict', () => {
  expect(problemOf(shipment('in_transit', 1, { events: [], updatedAt: undefined }), NOW, 5)).toBeUndefined();
  expect(problemOf(shipment('in_transit', 1, { events: [{ category: 'in_transit' }] }), NOW, 5)).toBeUndefined();
});

test('news from the future (a clock off upstream) is not "quiet for -3 days"', () => {
  expect(problemOf(shipment('in_transit', -3), NOW, 5)).toBeUndefined();
});
