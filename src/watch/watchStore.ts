/**
 * Where watches are kept: in this process's memory, or as blobs in Azure storage shared by every
 * instance. Every write names the version it replaces (its eTag), so two instances checking the same
 * watch cannot both announce one change: the second write finds the version moved and gives way.
 */
import type { Watch } from './watchRecord';

export interface StoredWatch {
  watch: Watch;
  /** The stored version: what a write must name to replace it. */
  etag: string;
}

/** What NOTIFY_MAX_WATCHES is held to (watchRoom.ts). */
export interface Census {
  /** The watches kept, but for those already making room (they end at their next check). */
  count: number;
  /** The visitors' watches that may make room (not signed in, not making room already), each with its end. */
  visitors: Array<{ id: string; expiresAt: number }>;
}

export interface WatchStore {
  read(id: string): Promise<StoredWatch | undefined>;
  /**
   * Writes the watch if the stored version is still `etag`; `undefined` writes it only if there is none yet.
   * The new version's eTag, or undefined when another write or a delete came first.
   */
  write(watch: Watch, etag: string | undefined): Promise<string | undefined>;
  /** Removes the watch (whatever its version): it has ended. Nothing happens when it is gone already. */
  remove(id: string): Promise<void>;
  /** The watches of one conversation, in the order they were started. */
  ofConversation(conversation: string): Promise<Watch[]>;
  /** The ids of the watches whose `dueBy` is before `now`, or that have none (the sweep looks at each). */
  overdue(now: number): Promise<string[]>;
  /**
   * How many of the conversation's watches were set aside as unreadable since it was last asked (a store
   * that cannot hold an unreadable watch answers 0): its customer is told once.
   */
  setAside(conversation: string): Promise<number>;
  /** Every watch, counted for the bound on how many are kept. */
  census(): Promise<Census>;
  /** How many watches it keeps, where it knows without a listing (in memory); shared storage's count is not one instance's to tell. */
  readonly size?: number;
}
