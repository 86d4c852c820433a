/**
 * Watches in this process's memory: the embedded default, lost on restart (the start line says so).
 * Bounded by count (NOTIFY_MAX_WATCHES) as the state in memory is, by watchRoom.ts, which asks the
 * census before each new watch.
 */
import type { Census, StoredWatch, WatchStore } from './watchStore';
import type { Watch } from './watchRecord';

export class MemoryWatchStore implements WatchStore {
  private readonly watches = new Map<string, StoredWatch>();
  private version = 0;

  read(id: string): Promise<StoredWatch | undefined> {
    const stored = this.watches.get(id);
    return Promise.resolve(stored && { watch: structuredClone(stored.watch), etag: stored.etag });
  }

  write(watch: Watch, etag: string | undefined): Promise<string | undefined> {
    const current = this.watches.get(watch.id);
    if (current?.etag !== etag) return Promise.resolve(undefined);
    const next = String(++this.version);
    this.watches.set(watch.id, { watch: structuredClone(watch), etag: next });
    return Promise.resolve(next);
  }

  remove(id: string): Promise<void> {
    this.watches.delete(id);
    return Promise.resolve();
  }

  ofConversation(conversation: string): Promise<Watch[]> {
    return Promise.resolve(
      [...this.watches.values()]
        .filter((stored) => stored.watch.conversation === conversation)
        .map((stored) => structuredClone(stored.watch))
        .sort((a, b) => a.startedAt - b.startedAt),
    );
  }

  overdue(now: number): Promise<string[]> {
    return Promise.resolve(
      [...this.watches.values()].filter(({ watch }) => (watch.dueBy ?? 0) < now).map(({ watch }) => watch.id),
    );
  }

  census(): Promise<Census> {
    const census: Census = { count: 0, visitors: [] };
    for (const { watch } of this.watches.values()) {
      if (watch.yielded) continue;
      census.count++;
      if (!watch.signedIn) census.visitors.push({ id: watch.id, expiresAt: watch.expiresAt });
    }
    return Promise.resolve(census);
  }

  /** Kept as objects: never unreadable. */
  setAside(): Promise<number> {
    return Promise.resolve(0);
  }

  get size(): number {
    return this.watches.size;
  }
}
