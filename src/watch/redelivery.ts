/**
 * An update the channel took and later reported undelivered (WhatsApp's `failed` status): the watch is put back to
 * what it had announced before the update, so its next check finds the change again and sends it through the usual
 * claim and record (once, with whatever is newest by then), and that check comes soon rather than after a whole
 * interval. Scheduled as the sweep does (watchSweep.ts): a new entry, written under the watch's eTag; the entry the
 * watch names is the only one checked, so the old one is dropped where the queue can reach it, else when it comes due.
 * An update that ended its watch (the last one) finds no watch: the ended watch, kept with the update, is written
 * again, only where no watch of that id exists, and ends again once its update is sent.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../runtime/clock';
import { dueByAfter } from './dueBy';
import type { Watch } from './watchRecord';
import type { WatchQueue } from './watchQueue';
import type { WatchStore } from './watchStore';

/** The channel may have refused for its rate limit: a short pause first (as a send it refused at once waits). */
export const REDELIVER_AFTER_MS = 60_000;

export interface RedeliverySettings {
  /** NOTIFY_INTERVAL_MS: a check never comes later than a regular one would, and the sweep's deadline follows it. */
  intervalMs: number;
}

export interface UndeliveredUpdate {
  watch: string;
  /** The watch's fingerprints before the update. */
  before: Record<string, string>;
  /** The watch as it was, when the update was its last (it was removed once the update was sent). */
  ended?: Watch;
  /** The watch's fingerprints once the update was sent: a watch that says something else has sent a newer one since. */
  after?: Record<string, string>;
}

/** Whether two sets of fingerprints say the same of the same shipments. */
function sameFingerprints(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

export class Redelivery {
  constructor(
    private readonly store: WatchStore,
    private readonly queue: WatchQueue,
    private readonly clock: Clock,
    private readonly settings: RedeliverySettings,
    /** Told when an entry was queued, so an idle scheduler in this process looks again. */
    private readonly queued: () => void = () => {},
  ) {}

  /**
   * Whether the update goes again: not when its watch was stopped meanwhile (and did not end with it), nor when a
   * newer update went since (it showed the newest, all the failed one would say now; if it failed too, its own
   * report sends it again).
   */
  async again(update: UndeliveredUpdate): Promise<boolean> {
    const delayMs = Math.min(REDELIVER_AFTER_MS, this.settings.intervalMs);
    // A check may be writing it right now: read again once on a lost race.
    for (let attempt = 0; attempt < 2; attempt++) {
      const stored = await this.store.read(update.watch);
      const watch = stored?.watch ?? (update.ended && { ...update.ended, sending: undefined });
      if (!watch) return false;
      if (stored && update.after && !sameFingerprints(stored.watch.announced, update.after)) return false;
      const entry = randomUUID();
      // Queued before it is written: an entry the watch does not name is dropped when due, while a watch whose
      // entry failed to be queued would wait for the sweep.
      await this.queue.add(update.watch, entry, delayMs);
      if (
        !(await this.store.write(
          {
            ...watch,
            announced: update.before,
            entry,
            dueBy: dueByAfter(this.clock.now(), delayMs, this.settings.intervalMs),
          },
          stored?.etag,
        ))
      ) {
        await this.queue.drop?.(update.watch, entry);
        continue;
      }
      if (stored) await this.queue.drop?.(update.watch, stored.watch.entry);
      this.queued();
      return true;
    }
    return false;
  }
}
