/**
 * No watch is forgotten silently: every interval (at least every SWEEP_EVERY_MS), any watch whose `dueBy` has passed (its queue entry was
 * lost, or is stuck behind a message the queue cannot hand out, or went to the poison queue) is put back
 * in the queue under a new entry, due at once, and the sweep logs how many. The old entry, should it
 * come back, no longer matches the watch and is dropped. A watch kept from before `dueBy` existed gets
 * its deadline. Any number of instances may sweep: the new entry is written under the watch's eTag, so
 * only one of them queues it.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../runtime/clock';
import { errorLogFields } from '../tracking/errors';
import type { Logger } from '../runtime/logger';
import { dueByAfter, overdueAfterMs } from './dueBy';
import type { WatchQueue } from './watchQueue';
import type { WatchStore } from './watchStore';

/** A sweep lists every watch: not more often than this, however short the interval. */
const SWEEP_EVERY_MS = 10 * 60_000;

export interface SweepSettings {
  /** NOTIFY_INTERVAL_MS: the usual time between checks, and between sweeps. */
  intervalMs: number;
}

export class WatchSweep {
  private running?: Promise<void>;
  private stopping = new AbortController();

  constructor(
    private readonly store: WatchStore,
    private readonly queue: WatchQueue,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly settings: SweepSettings,
  ) {}

  /** Sweeps until stop(). */
  start(): void {
    if (this.running) return;
    this.stopping = new AbortController();
    this.running = (async () => {
      while (!this.stopping.signal.aborted) {
        await this.clock.sleep(Math.max(this.settings.intervalMs, SWEEP_EVERY_MS), this.stopping.signal);
        if (this.stopping.signal.aborted) break;
        await this.run().catch((error: unknown) =>
          this.logger.warn({ error: errorLogFields(error) }, 'watch sweep failed; it runs again after an interval'),
        );
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
    this.running = undefined;
  }

  /** One sweep; how many watches it put back in the queue. */
  async run(): Promise<number> {
    const now = this.clock.now();
    let requeued = 0;
    for (const id of await this.store.overdue(now)) {
      const stored = await this.store.read(id);
      if (!stored) continue;
      const { watch, etag } = stored;
      // Being sent right now by a check: that check records it, or the claim's lease brings it back.
      if (watch.sending && watch.sending.until > now) continue;
      if (watch.dueBy === undefined) {
        await this.store.write(
          { ...watch, dueBy: dueByAfter(now, this.settings.intervalMs, this.settings.intervalMs) },
          etag,
        );
        continue;
      }
      if (watch.dueBy > now) continue;
      const entry = randomUUID();
      if (!(await this.store.write({ ...watch, entry, dueBy: dueByAfter(now, 0, this.settings.intervalMs) }, etag)))
        continue;
      await this.queue.add(watch.id, entry, 0);
      requeued++;
    }
    if (requeued)
      this.logger.warn(
        { watches: requeued, overdueAfterMs: overdueAfterMs(this.settings.intervalMs) },
        'watches not checked in time were put back in the queue',
      );
    return requeued;
  }
}
