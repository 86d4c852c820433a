/**
 * Watches in this process's memory: the embedded default, lost on restart (the start line says so).
 * Bounded by count (NOTIFY_MAX_WATCHES), as the state in memory is: past it, new watches are refused
 * and the ones kept go on; a watch ends by itself within NOTIFY_FOR_DAYS, so room comes back.
 */
import { WatchesFullError, type StoredWatch, type WatchStore } from './watchStore';
import type { Watch } from './watchRecord';

export class MemoryWatchStore implements WatchStore {
  private readonly watches = new Map<string, StoredWatch>();
  private version = 0;

  constructor(private readonly maxWatches = Number.POSITIVE_INFINITY) {}

  async read(id: string): Promise<StoredWatch | undefined> {
    const stored = this.watches.get(id);
    return stored && { watch: structuredClone(stored.watch), etag: stored.etag };
  }

  async write(watch: Watch, etag: string | undefined): Promise<string | undefined> {
    const current = this.watches.get(watch.id);
    if (current?.etag !== etag) return undefined;
    if (!current && this.watches.size >= this.maxWatches) throw new WatchesFullError();
    const next = String(++this.version);
    this.watches.set(watch.id, { watch: structuredClone(watch), etag: next });
    return next;
  }

  async remove(id: string): Promise<void> {
    this.watches.delete(id);
  }

  async ofConversation(conversation: string): Promise<Watch[]> {
    return [...this.watches.values()]
      .filter((stored) => stored.watch.conversation === conversation)
      .map((stored) => structuredClone(stored.watch))
      .sort((a, b) => a.startedAt - b.startedAt);
  }

  async overdue(now: number): Promise<string[]> {
    return [...this.watches.values()].filter(({ watch }) => (watch.dueBy ?? 0) < now).map(({ watch }) => watch.id);
  }

  /** Kept as objects: never unreadable. */
  async setAside(): Promise<number> {
    return 0;
  }

  get size(): number {
    return this.watches.size;
  }
}
