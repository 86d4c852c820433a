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

  async read(id: string): Promise<StoredWatch | undefined> {
    const stored = this.watches.get(id);
    return stored && { watch: structuredClone(stored.watch), etag: stored.etag };
  }

  async write(watch: Watch, etag: string | undefined): Promise<string | undefined> {
    const current = this.watches.get(watch.id);
    if (current?.etag !== etag) return undefined;
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

  async census(): Promise<Census> {
    const census: Census = { count: 0, visitors: [] };
    for (const { watch } of this.watches.values()) {
      if (watch.yielded) continue;
      census.count++;
      if (!watch.signedIn) census.visitors.push({ id: watch.id, expiresAt: watch.expiresAt });
    }
    return census;
  }

  /** Kept as objects: never unreadable. */
  async setAside(): Promise<number> {
    return 0;
  }

  get size(): number {
    return this.watches.size;
  }
}
