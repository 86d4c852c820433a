/**
 * The timer of every watch: one entry per watch, due when its next check is. A taker hides what it
 * took for a lease; if it dies before it says when the next check is, the entry comes back when the
 * lease ends and another taker checks it (at-least-once). In memory for one process, or an Azure
 * Storage queue, where an entry is a message and "due" is its visibility timeout.
 */

/** A taken entry: which watch to check, and the queue's own handle to it. */
export interface Ticket {
  watchId: string;
  /** The watch's entry (Watch.entry) this ticket is for. */
  entry: string;
  /** The queue's handle (a message id and pop receipt); only the queue that gave it reads it. */
  readonly receipt: unknown;
}

export interface WatchQueue {
  /** A new watch: its first check comes after `delayMs`. */
  add(watchId: string, entry: string, delayMs: number): Promise<void>;
  /** Up to `max` entries that are due, each hidden from other takers for `leaseMs`. */
  take(max: number, leaseMs: number): Promise<Ticket[]>;
  /** The watch's next check comes after `delayMs`. */
  later(ticket: Ticket, delayMs: number): Promise<void>;
  /** The watch ended: no more checks. */
  done(ticket: Ticket): Promise<void>;
  /**
   * The watch was stopped: its entry goes now rather than when due. A queue that reaches an entry only
   * by taking it (Azure) has none: there the entry is dropped when it comes due, without a check.
   */
  drop?(watchId: string, entry: string): Promise<void>;
  /**
   * How long until an entry may be due, when the queue knows (memory); undefined when it cannot tell
   * (a shared queue that other instances add to), so the taker polls.
   */
  nextDueInMs(): number | undefined;
}
