/**
 * Takes due watches from the queue and checks them, within the check budget shared round the customers
 * (fairShare.ts), a few at a time. Any
 * number of instances run one each against the same queue. When the upstream says "too many" or is
 * down, the whole schedule backs off (every check would meet the same answer); the entries a paused
 * scheduler holds go back to the queue for after the pause, so no check is lost, only postponed.
 */
import type { Clock } from '../runtime/clock';
import { errorLogFields, RetriesExhaustedError } from '../tracking/errors';
import { parseRetryAfter } from '../tracking/retry';
import type { Logger } from '../runtime/logger';
import type { CheckBudget } from './checkBudget';
import { FairShare } from './fairShare';
import type { Next, Turn, WatchCheck } from './watchCheck';
import type { Ticket, WatchQueue } from './watchQueue';

export interface SchedulerSettings {
  /** How long a taken entry stays hidden from other instances while it is checked. */
  leaseMs: number;
  /** The usual time between checks, for an entry whose check failed for another reason. */
  intervalMs: number;
  /** How often an idle scheduler asks a shared queue for due entries. */
  pollMs: number;
  /** Checks in flight at once in this process. */
  concurrency: number;
}

/** The first pause after an outage or a 429; each one more in a row doubles it, up to the cap. */
const FIRST_PAUSE_MS = 15_000;
const MAX_PAUSE_MS = 30 * 60_000;

export class WatchScheduler {
  /** Checks done by this process since it started: logged when it stops, and read by the benchmark. */
  checked = 0;
  private pausedUntil = 0;
  private failuresInARow = 0;
  private running?: Promise<void>;
  private stopping = new AbortController();
  private nap?: AbortController;
  private readonly share: FairShare;

  constructor(
    private readonly queue: WatchQueue,
    private readonly checker: WatchCheck,
    private readonly budget: CheckBudget,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly settings: SchedulerSettings,
  ) {
    this.share = new FairShare(budget.perSecond, clock);
  }

  /** Runs until stop(): checks what is due, then sleeps until more may be. */
  start(): void {
    if (this.running) return;
    this.stopping = new AbortController();
    this.running = this.loop();
  }

  /** Stops taking entries and waits for the checks in flight; what is still queued waits for the next start or another instance. */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.nap?.abort();
    await this.running;
    this.running = undefined;
  }

  /** Something was added: look again now rather than at the end of the nap. */
  wake(): void {
    this.nap?.abort();
  }

  /** Checks every entry due now (in batches); the number checked. Tests call it with their own clock. */
  async runDue(): Promise<number> {
    let checked = 0;
    for (;;) {
      if (this.paused()) return checked;
      let tickets: Ticket[];
      try {
        tickets = await this.queue.take(this.settings.concurrency * 4, this.settings.leaseMs);
      } catch (error) {
        // The queue itself failing: the entries come back when their leases end; try again after a poll.
        this.logger.warn({ error: errorLogFields(error) }, 'watch queue unavailable');
        return checked;
      }
      if (!tickets.length) return checked;
      checked += await this.checkAll(tickets);
      if (this.stopping.signal.aborted) return checked;
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      await this.runDue();
      if (this.stopping.signal.aborted) break;
      const due = this.queue.nextDueInMs();
      const pause = Math.max(0, this.pausedUntil - this.clock.now());
      this.nap = new AbortController();
      await this.clock.sleep(
        Math.max(pause, Math.min(this.settings.pollMs, due ?? this.settings.pollMs)),
        this.nap.signal,
      );
    }
  }

  /**
   * The tickets, `concurrency` at a time. A check takes a token of the budget only right before its
   * lookup: an entry whose watch was stopped or replaced is dropped without one, so no number of them
   * delays anyone else's check.
   */
  private async checkAll(tickets: Ticket[]): Promise<number> {
    let next = 0;
    let checked = 0;
    const worker = async () => {
      while (next < tickets.length) {
        if (await this.checkOne(tickets[next++])) checked++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.settings.concurrency, tickets.length) }, worker));
    return checked;
  }

  /** Whether the ticket was checked (not dropped, and not held back by a pause). */
  private async checkOne(ticket: Ticket): Promise<boolean> {
    let next: Next;
    try {
      next = await this.checker.check(ticket.watchId, ticket.entry, (lane) => this.turn(lane));
      // Only an answer of the upstream ends a run of failures.
      if (next.next === 'later' || next.next === 'done') this.failuresInARow = 0;
    } catch (error) {
      if (error instanceof RetriesExhaustedError) {
        const pauseMs = this.pause(error);
        this.logger.warn(
          { error: errorLogFields(error), pauseMs },
          'upstream refused or failed a watch check: every check waits',
        );
        next = { next: 'later', delayMs: pauseMs };
      } else {
        this.logger.error({ error: errorLogFields(error) }, 'watch check failed');
        next = { next: 'later', delayMs: this.settings.intervalMs };
      }
    }
    if (next.next === 'held') {
      // Not checked: back to the queue, due when the pause ends (or at once, for another instance, when stopping).
      await this.settle(ticket, { next: 'later', delayMs: Math.max(0, this.pausedUntil - this.clock.now()) });
      return false;
    }
    if (next.next === 'deferred') {
      await this.settle(ticket, { next: 'later', delayMs: next.delayMs });
      return false;
    }
    await this.settle(ticket, next);
    if (next.next === 'dropped') return false;
    this.checked++;
    return true;
  }

  /**
   * The lane's turn, then a token of the budget; `held` when the schedule paused or began stopping while
   * the check waited for it.
   */
  private async turn(lane: string): Promise<Turn> {
    const laterMs = this.share.wait(lane);
    if (laterMs > 0) return { laterMs };
    await this.budget.take(this.stopping.signal);
    return !this.paused() && !this.stopping.signal.aborted ? 'go' : 'held';
  }

  private async settle(ticket: Ticket, next: Exclude<Next, { next: 'held' | 'deferred' }>): Promise<void> {
    try {
      if (next.next === 'done' || next.next === 'dropped') await this.queue.done(ticket);
      else await this.queue.later(ticket, next.delayMs);
    } catch (error) {
      // The entry reappears when its lease ends, and is checked then.
      this.logger.warn({ error: errorLogFields(error) }, 'watch queue did not take the next check');
    }
  }

  /** Pauses the whole schedule: for the upstream's Retry-After when it said one, else doubling from 15 s. */
  private pause(error: RetriesExhaustedError): number {
    this.failuresInARow++;
    const header = error.failure.headers?.['retry-after'];
    const asked = parseRetryAfter(header, this.clock.now()) ?? error.nextDelayMs;
    const pauseMs = Math.min(MAX_PAUSE_MS, asked ?? FIRST_PAUSE_MS * 2 ** (this.failuresInARow - 1));
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + pauseMs);
    return pauseMs;
  }

  private paused(): boolean {
    return this.clock.now() < this.pausedUntil;
  }
}
