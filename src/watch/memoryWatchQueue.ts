/** The watch queue in this process's memory, on the injected clock: lost on restart, like the watches. */
import type { Clock } from '../runtime/clock';
import type { Ticket, WatchQueue } from './watchQueue';

interface Entry {
  watchId: string;
  entry: string;
  dueAt: number;
  /** Bumped whenever the entry is taken, so that a stale ticket (its lease ran out, someone else took it) changes nothing. */
  lease: number;
}

export class MemoryWatchQueue implements WatchQueue {
  private readonly entries = new Map<string, Entry>();
  private leases = 0;

  constructor(private readonly clock: Clock) {}

  add(watchId: string, entry: string, delayMs: number): Promise<void> {
    this.entries.set(`${watchId}/${entry}`, { watchId, entry, dueAt: this.clock.now() + delayMs, lease: 0 });
    return Promise.resolve();
  }

  take(max: number, leaseMs: number): Promise<Ticket[]> {
    const now = this.clock.now();
    const due = [...this.entries.values()]
      .filter((entry) => entry.dueAt <= now)
      .sort((a, b) => a.dueAt - b.dueAt)
      .slice(0, max);
    return Promise.resolve(
      due.map((entry) => {
        entry.lease = ++this.leases;
        entry.dueAt = now + leaseMs;
        return { watchId: entry.watchId, entry: entry.entry, receipt: entry.lease };
      }),
    );
  }

  later(ticket: Ticket, delayMs: number): Promise<void> {
    const entry = this.held(ticket);
    if (entry) entry.dueAt = this.clock.now() + delayMs;
    return Promise.resolve();
  }

  done(ticket: Ticket): Promise<void> {
    if (this.held(ticket)) this.entries.delete(`${ticket.watchId}/${ticket.entry}`);
    return Promise.resolve();
  }

  drop(watchId: string, entry: string): Promise<void> {
    this.entries.delete(`${watchId}/${entry}`);
    return Promise.resolve();
  }

  nextDueInMs(): number | undefined {
    let first = Number.POSITIVE_INFINITY;
    for (const entry of this.entries.values()) first = Math.min(first, entry.dueAt);
    return first === Number.POSITIVE_INFINITY ? undefined : Math.max(0, first - this.clock.now());
  }

  get size(): number {
    return this.entries.size;
  }

  private held(ticket: Ticket): Entry | undefined {
    const entry = this.entries.get(`${ticket.watchId}/${ticket.entry}`);
    return entry?.lease === ticket.receipt ? entry : undefined;
  }
}
