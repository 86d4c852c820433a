/**
 * Which conversations a customer had, kept in their own state as the conversations' names (keyed hashes,
 * StorageNames): erasing a customer (npm run erase) finds the state and watches of their conversations
 * from what a store knows of them (a phone number, their shop customer id), which no conversation id says.
 * Recorded on a conversation's first turn, then at most once a day while it goes on, so the customer's
 * record is never older than a day behind the conversation's last turn: it outlives the conversation's
 * state, which retention counts from that last turn. Names older than that retention are dropped.
 */
import { ActivityTypes, type StatePropertyAccessor, type TurnContext } from './botbuilder';
import { conversationKey } from './conversationQueue';
import type { Clock } from '../runtime/clock';
import type { StorageNames } from '../runtime/storageNames';

const DAY_MS = 86_400_000;
/** Conversations a customer's record names at most: the newest. */
const MAX_LINKED = 50;

export class ConversationLinks {
  constructor(
    /** Conversation state: when this conversation was last recorded in its customer's state. */
    private readonly recorded: StatePropertyAccessor<number | undefined>,
    /** The customer's state: their conversations' names, each with when it was last recorded. */
    private readonly conversations: StatePropertyAccessor<Record<string, number>>,
    private readonly names: StorageNames,
    private readonly clock: Clock,
    /** How long a conversation's state is kept after its last turn (RETENTION_DAYS). */
    private readonly retentionMs: number,
  ) {}

  /**
   * Before the turn's state is saved; on the customer's own messages (an update the bot sends unasked follows one
   * of them, which recorded it). A channel that names no customer has nobody to record it for.
   */
  async record(context: TurnContext): Promise<void> {
    if (context.activity.type !== (ActivityTypes.Message as string) || !context.activity.from?.id) return;
    const now = this.clock.now();
    const last = await this.recorded.get(context);
    if (last !== undefined && now - last < DAY_MS && last <= now) return;
    const name = this.names.conversation(conversationKey(context.activity));
    const kept = Object.entries(await this.conversations.get(context, {}))
      .filter(([other, at]) => other !== name && now - at < this.retentionMs + DAY_MS)
      .sort(([, a], [, b]) => b - a)
      .slice(0, MAX_LINKED - 1);
    await this.conversations.set(context, Object.fromEntries([[name, now], ...kept]));
    await this.recorded.set(context, now);
  }
}
