/**
 * What is wrong with a shipment, if anything, in the terms of what happens next: a failed attempt, a
 * lost or returning parcel, an exception, a delay, no news for days (stale), or a parcel never handed to
 * the carrier (stuck). Pure: the shipment, the time now and the operator's patience in, the state out;
 * the words live with the other translations.
 */
import { timeOf, type Shipment } from '../tracking/shipment';

export const PROBLEM_STATES = ['lost', 'returned', 'failed_attempt', 'exception', 'stuck', 'stale', 'delayed'] as const;
export type ProblemState = (typeof PROBLEM_STATES)[number];

export interface Problem {
  state: ProblemState;
  /** For stale and stuck: the newest news (ISO 8601), and how many whole days ago it was. */
  since?: string;
  days?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The state that matters most, in the order of PROBLEM_STATES; undefined when nothing is wrong. */
export function problemOf(shipment: Shipment, now: number, staleAfterDays: number): Problem | undefined {
  const category = shipment.status?.category;
  if (category === 'lost') return { state: 'lost' };
  if (category === 'returned') return { state: 'returned' };
  if (category === 'failed_attempt') return { state: 'failed_attempt' };
  if (category === 'exception' || shipment.exception) return { state: 'exception' };
  if (category === 'delivered') return undefined;
  const quiet = quietFor(shipment, now);
  // Waiting at a pickup point, nothing moves until the customer comes: that is not "no news".
  if (quiet && quiet.days >= staleAfterDays && category !== 'ready_for_pickup') {
    const neverHandedOver = (shipment.events ?? []).every((event) => event.category === 'pending');
    return { state: category === 'pending' && neverHandedOver ? 'stuck' : 'stale', ...quiet };
  }
  if (shipment.delayed) return { state: 'delayed' };
  return undefined;
}

/** The newest dated news of the shipment (an event, else the last update, else the order date), and its age in whole days. */
function quietFor(shipment: Shipment, now: number): { since: string; days: number } | undefined {
  // Shipment.events are newest first (both normalizers sort them): the first dated one is the newest news.
  const newest =
    (shipment.events ?? []).find((event) => timeOf(event) > Number.NEGATIVE_INFINITY)?.at ??
    shipment.updatedAt ??
    shipment.orderedAt;
  const at = newest ? Date.parse(newest) : Number.NaN;
  if (Number.isNaN(at) || at > now) return undefined;
  return { since: newest!, days: Math.floor((now - at) / DAY_MS) };
}

/**
 * The most pressing problem among what an answer found (in the order of PROBLEM_STATES), and the found
 * item it belongs to (a number and its shipments); undefined when nothing is wrong with any of them.
 */
export function pressingProblem<T extends { shipments: Shipment[] }>(
  found: readonly T[],
  now: number,
  staleAfterDays: number,
): { state: ProblemState; of: T } | undefined {
  let pressing: { state: ProblemState; of: T } | undefined;
  for (const item of found) {
    for (const shipment of item.shipments) {
      const state = problemOf(shipment, now, staleAfterDays)?.state;
      if (state && (!pressing || PROBLEM_STATES.indexOf(state) < PROBLEM_STATES.indexOf(pressing.state)))
        pressing = { state, of: item };
    }
  }
  return pressing;
}
