/**
 * Turns of one conversation run one after another in this process, in arrival order. Two messages
 * sent at once (a double tap, a channel retry) would otherwise read the same state and answer as if
 * the other had not happened. Across instances, optimistic concurrency on the stored state does the
 * same job (see optimisticStorage.ts and turnTransaction.ts).
 */
import type { Activity } from './botbuilder';

/** Which conversation an activity belongs to, across channels. */
export function conversationKey(activity: Partial<Activity>): string {
  return `${activity.channelId}\u0000${activity.conversation?.id ?? ''}`;
}

export class ConversationQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // The last turn out removes the key, so the map holds only conversations with a turn in flight.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
