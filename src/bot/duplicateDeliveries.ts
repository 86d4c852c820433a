/**
 * The same activity delivered twice is answered once. Teams re-sends a message when the reply takes
 * longer than 15 s, and channels retry on network errors. Two nets: the ids this process has taken
 * (for duplicates arriving at the same time), and the conversation's recent ids in its state, which
 * every instance shares, for a re-send that lands on another instance.
 */
import type { BotState, StatePropertyAccessor, TurnContext } from 'botbuilder';
import { LRUCache } from 'lru-cache';

const REMEMBERED_PER_CONVERSATION = 20;

export class DuplicateDeliveries {
  private readonly taken = new LRUCache<string, true>({ max: 50_000, ttl: 10 * 60_000 });
  private readonly recent: StatePropertyAccessor<string[]>;

  constructor(conversationState: BotState) {
    this.recent = conversationState.createProperty<string[]>('recentActivityIds');
  }

  /** True when this process already took this activity; otherwise marks it taken. Checked once per delivery. */
  takenHere(context: TurnContext): boolean {
    const { id, channelId, conversation } = context.activity;
    if (!id || !conversation?.id) return false;
    const key = `${channelId}\u0000${conversation.id}\u0000${id}`;
    if (this.taken.has(key)) return true;
    this.taken.set(key, true);
    return false;
  }

  /** True when the conversation's state says another instance answered it; otherwise records it there. */
  async seenBefore(context: TurnContext): Promise<boolean> {
    const { id } = context.activity;
    if (!id || !context.activity.conversation?.id) return false;
    const recent = await this.recent.get(context, []);
    if (recent.includes(id)) return true;
    await this.recent.set(context, [...recent, id].slice(-REMEMBERED_PER_CONVERSATION));
    return false;
  }
}
