/**
 * The same activity delivered twice is answered once. Teams re-sends a message when the reply takes
 * longer than 15 s, and channels retry on network errors. Two nets: the ids this process has taken
 * (for duplicates arriving at the same time), and the conversation's recent ids in its state, which
 * every instance shares, for a re-send that lands on another instance.
 */
import type { BotState, StatePropertyAccessor, TurnContext } from './botbuilder';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

const REMEMBERED_PER_CONVERSATION = 20;
/** Ids up to this long are kept as they are; longer ones as a hash of this length (96 bits: no two of 20 collide). */
const KEPT_ID_LENGTH = 16;

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

  /**
   * `again` when the conversation's state says another instance answered it; otherwise records it there,
   * and says `first` when the state knew no activity of this conversation yet (a conversation started).
   */
  async seenBefore(context: TurnContext): Promise<'again' | 'first' | 'new'> {
    const { id: delivered, conversation } = context.activity;
    if (!delivered || !conversation?.id) return 'new';
    const id = keptId(delivered, conversation.id);
    const recent = await this.recent.get(context, []);
    if (recent.includes(id)) return 'again';
    await this.recent.set(context, [...recent, id].slice(-REMEMBERED_PER_CONVERSATION));
    return recent.length ? 'new' : 'first';
  }
}

/**
 * An activity id as the conversation's state keeps it: read, written and hashed on every turn, so short.
 * Direct Line's ids repeat the conversation's id ("<conversation>|0000012"), which the state's key already
 * holds; what is left, if still long, is hashed.
 */
export function keptId(id: string, conversationId: string): string {
  const own = id.startsWith(conversationId) && id.length > conversationId.length ? id.slice(conversationId.length) : id;
  return own.length <= KEPT_ID_LENGTH
    ? own
    : createHash('sha256').update(own).digest('base64url').slice(0, KEPT_ID_LENGTH);
}
