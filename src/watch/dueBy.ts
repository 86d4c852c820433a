/**
 * When a watch counts as forgotten: not checked within OVERDUE_INTERVALS intervals after its check was
 * due, and never sooner than MIN_OVERDUE_MS, which outlasts the longest pause of the schedule after the
 * upstream refused (30 minutes) and a backlog of checks behind the budget: a watch that is merely late
 * must not be queued twice, or an overloaded queue only gets more to do. The watch keeps this deadline
 * (`dueBy`), so the store can tell the sweep which watches passed it without asking the queue. A check
 * moves it on only when less than half the slack is left: a write now and then, not one per check.
 */
import type { Watch } from './watchRecord';

const OVERDUE_INTERVALS = 4;
const MIN_OVERDUE_MS = 60 * 60_000;

export function overdueAfterMs(intervalMs: number): number {
  return Math.max(OVERDUE_INTERVALS * intervalMs, MIN_OVERDUE_MS);
}

/** The deadline for a watch whose next check comes after `delayMs`. */
export function dueByAfter(now: number, delayMs: number, intervalMs: number): number {
  return now + delayMs + overdueAfterMs(intervalMs);
}

/** Whether a check with the next one after `delayMs` should move the deadline on (a watch without one gets it). */
export function dueByNeedsRefresh(watch: Watch, now: number, delayMs: number, intervalMs: number): boolean {
  return (watch.dueBy ?? 0) < now + delayMs + overdueAfterMs(intervalMs) / 2;
}
