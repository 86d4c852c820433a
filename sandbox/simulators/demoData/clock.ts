/**
 * Demo timestamps are written relative to "today" so the demo always looks fresh, and resolved once
 * per simulator start so answers stay identical while it runs. A moving demo is the exception: it
 * reveals one step per step of the simulator's clock.
 */

/** Minutes relative to today's midnight (UTC). */
export type Moment = number;

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** `at(3, '09:12')`: 09:12 UTC three days ago. */
export function at(daysAgo: number, time: string): Moment {
  const [hours, minutes] = time.split(':').map(Number);
  return -daysAgo * DAY_MINUTES + hours * 60 + minutes;
}

/**
 * Turns the moments of one order into dates. Times of day are kept, so a morning run does not put an
 * "out for delivery at 07:40" into the future: the whole group moves back by whole days instead.
 */
export function resolveMoments(now: Date, moments: readonly Moment[]): Date[] {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const latestAllowed = now.getTime() - 5 * MINUTE;
  const latest = Math.max(...moments);
  let shiftDays = 0;
  while (midnight + (latest - shiftDays * DAY_MINUTES) * MINUTE > latestAllowed) shiftDays += 1;
  return moments.map((m) => new Date(midnight + (m - shiftDays * DAY_MINUTES) * MINUTE));
}

/** "2026-11-15": the date part of an ISO timestamp. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Where a moving demo stands: when its current round started, and how many of its steps are out. */
export interface Progress {
  roundStart: number;
  revealed: number;
}

/**
 * A demo of `steps` steps that reveals its first at `startedAt` and one more every `stepMs`; after the
 * last it starts a fresh round. Step i of a round is dated `roundStart + i * stepMs`, never after `now`.
 */
function progressAt(startedAt: number, now: number, steps: number, stepMs: number): Progress {
  const elapsedSteps = Math.max(0, Math.floor((now - startedAt) / stepMs));
  const round = Math.floor(elapsedSteps / steps);
  return { roundStart: startedAt + round * steps * stepMs, revealed: (elapsedSteps % steps) + 1 };
}

/**
 * A moving demo as the people who ask see it: `progressAt` from its round's start, except that a request
 * which would find it at its last step (delivered) while nobody asked for it during the two steps before
 * starts a fresh round at that moment. Whoever follows the parcel (a watch checks at least every lookup-cache
 * time plus a check interval, well within two steps) sees it delivered; a newcomer never lands on the end of
 * a round, so "Notify me" is always offered and the next step is at most one step away.
 */
export class FollowedProgress {
  private lastAsked: number | undefined;

  constructor(
    private roundStart: number,
    private readonly steps: number,
    private readonly stepMs: number,
  ) {}

  at(now: number): Progress {
    // A test's clock that goes back before the round begins: the round begins then.
    if (now < this.roundStart) this.roundStart = now;
    let progress = progressAt(this.roundStart, now, this.steps, this.stepMs);
    const unwatched = this.lastAsked === undefined || now - this.lastAsked > 2 * this.stepMs;
    if (unwatched && progress.revealed === this.steps) {
      this.roundStart = now;
      progress = progressAt(now, now, this.steps, this.stepMs);
    }
    this.lastAsked = now;
    return progress;
  }
}
