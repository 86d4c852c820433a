/**
 * When a watch counts as forgotten: not checked within OVERDUE_INTERVALS intervals after its check was
 * due. The watch keeps this deadline (`dueBy`), so the store can tell the sweep which watches passed it
 * without asking the queue. A check moves it on only when less than half the slack is left: about one
 * write in three checks, rather than one per check.
 */
import type { Watch } from './watch';

export const OVERDUE_INTERVALS = 4;

/** The deadline for a watch whose next check comes after `delayMs`. */
export function dueByAfter(now: number, delayMs: number, intervalMs: number): number {
  return now + delayMs + OVERDUE_INTERVALS * intervalMs;
}

/** Whether a check with the next one after `delayMs` should move the deadline on (a watch without one gets it). */
export function dueByNeedsRefresh(watch: Watch, now: number, delayMs: number, intervalMs: number): boolean {
  return (watch.dueBy ?? 0) < now + delayMs + (OVERDUE_INTERVALS / 2) * intervalMs;
}
