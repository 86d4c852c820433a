/**
 * How fast the bot may write to one conversation and to one tenant without being throttled. Teams
 * allows a bot 7 messages a second in a conversation (and 8 in 2 s, 60 in 30 s, 1,800 an hour) and
 * 50 requests a second per app and tenant; past them it answers 429 and keeps counting. Updates wait
 * their turn here instead, on the injected clock. Other channels get the same per-conversation pace:
 * nobody wants more than that from a bot.
 */
import type { Clock } from '../runtime/clock';

interface Window {
  ms: number;
  max: number;
}

export const CONVERSATION_LIMITS: readonly Window[] = [
  { ms: 1_000, max: 7 },
  { ms: 2_000, max: 8 },
  { ms: 30_000, max: 60 },
  { ms: 3_600_000, max: 1_800 },
];
export const TENANT_LIMITS: readonly Window[] = [{ ms: 1_000, max: 50 }];

/** Keys not heard from for this long are forgotten: a conversation gets one update in minutes, not seconds. */
const FORGET_AFTER_MS = 3_600_000;

export class SendRate {
  /** Per key, the times of its sends, oldest first. */
  private readonly sent = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  /** Waits until a message to this conversation (and tenant) keeps every limit, then counts it as sent. */
  async admit(conversation: string, tenant?: string): Promise<void> {
    const keys: Array<[string, readonly Window[]]> = [
      [`c:${conversation}`, CONVERSATION_LIMITS],
      ...(tenant ? [[`t:${tenant}`, TENANT_LIMITS] as [string, readonly Window[]]] : []),
    ];
    for (;;) {
      const now = this.clock.now();
      const wait = Math.max(0, ...keys.map(([key, windows]) => this.waitFor(key, windows, now)));
      if (wait === 0) break;
      await this.clock.sleep(wait);
    }
    const now = this.clock.now();
    const longest = FORGET_AFTER_MS;
    for (const [key] of keys)
      this.sent.set(key, [...(this.sent.get(key) ?? []).filter((time) => time > now - longest), now]);
    this.forget(now);
  }

  private waitFor(key: string, windows: readonly Window[], now: number): number {
    const times = this.sent.get(key) ?? [];
    let wait = 0;
    for (const { ms, max } of windows) {
      const inWindow = times.filter((time) => time > now - ms);
      // Full: wait until the oldest send in the window leaves it.
      if (inWindow.length >= max) wait = Math.max(wait, inWindow[inWindow.length - max] + ms - now);
    }
    return wait;
  }

  private forget(now: number): void {
    if (this.sent.size < 1_000) return;
    for (const [key, times] of this.sent) if (times[times.length - 1] < now - FORGET_AFTER_MS) this.sent.delete(key);
  }
}
