/**
 * NOTIFY_MAX_WATCHES, in memory and on Azure Storage alike, and who makes room at it. A visitor's id
 * costs nothing (Web Chat gives every visitor one), so one client can fill the bound; refusing every new
 * watch after that would shut "Notify me" for everyone for NOTIFY_FOR_DAYS. Instead, at the bound the
 * visitor's watch that ends soonest makes room for the new one: it ends at its next check, which tells
 * its customer so in one line. A flood of fresh ids therefore pushes out its own oldest watches first,
 * and a real customer's only after as many new watches again. Signed-in customers' watches never make
 * room (their id is the store's to give, and NOTIFY_MAX_PER_CUSTOMER holds them); when only theirs are
 * left, a new watch is refused with the short answer, as before.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../runtime/clock';
import { dueByAfter } from './dueBy';
import type { WatchQueue } from './watchQueue';
import type { Census, WatchStore } from './watchStore';

/** A census of shared storage is a listing of every watch: one serves the new watches of this long. */
const LISTING_SERVES_MS = 10_000;

export interface RoomSettings {
  /** NOTIFY_MAX_WATCHES; no bound unless given. */
  maxWatches?: number;
  /** NOTIFY_INTERVAL_MS, for the sweep's deadline of a watch that makes room. */
  intervalMs: number;
}

export class WatchRoom {
  private last?: Census & { at: number };

  constructor(
    private readonly store: WatchStore,
    private readonly queue: WatchQueue,
    private readonly clock: Clock,
    private readonly settings: RoomSettings,
  ) {}

  /** Whether one more watch may be kept: below the bound, or after a visitor's watch made room. */
  async make(): Promise<boolean> {
    const max = this.settings.maxWatches ?? Number.POSITIVE_INFINITY;
    if (!Number.isFinite(max)) return true;
    const census = await this.census();
    if (census.count < max) return true;
    // Soonest end first: of the watches that may go, it loses the least of its time.
    census.visitors.sort((a, b) => a.expiresAt - b.expiresAt || a.id.localeCompare(b.id));
    for (let candidate = census.visitors.shift(); candidate; candidate = census.visitors.shift()) {
      if (await this.yieldRoom(candidate.id)) {
        census.count--;
        return true;
      }
    }
    return false;
  }

  /** A new watch was written: counted until the next census. */
  added(): void {
    if (this.last) this.last.count++;
  }

  /**
   * A store that knows its size without a listing (memory) is asked every time, so its count is exact. A
   * listing of shared storage serves for a while, with this process's own additions counted on top:
   * several instances may then pass the bound by what the others added meanwhile.
   */
  private async census(): Promise<Census> {
    const now = this.clock.now();
    if (this.store.size === undefined && this.last && now - this.last.at < LISTING_SERVES_MS) return this.last;
    this.last = { ...(await this.store.census()), at: now };
    return this.last;
  }

  /**
   * The watch ends now, under a new queue entry due at once: its check sends the last line. Written under
   * its eTag: a check or a stop that came first keeps it, and the next candidate is tried.
   */
  private async yieldRoom(id: string): Promise<boolean> {
    const stored = await this.store.read(id);
    if (!stored || stored.watch.signedIn || stored.watch.yielded) return false;
    const now = this.clock.now();
    const entry = randomUUID();
    const written = await this.store.write(
      { ...stored.watch, yielded: true, expiresAt: now, entry, dueBy: dueByAfter(now, 0, this.settings.intervalMs) },
      stored.etag,
    );
    if (!written) return false;
    await this.queue.add(id, entry, 0);
    await this.queue.drop?.(id, stored.watch.entry);
    return true;
  }
}
