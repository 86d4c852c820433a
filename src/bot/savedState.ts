/**
 * The conversation's and the customer's state as botbuilder keeps them, with a cheaper check for change.
 * BotState tells whether a turn changed its state by hashing it (SHA-256 of botbuilder's own stringify,
 * whose replacer runs for every key) when it is read, when it is saved, and again after the write: for a
 * cached lookup, with two states, more CPU than anything of ours in the turn. Here the check is the
 * state's JSON text, kept for the turn: a state that serializes the same is unchanged, as before (the
 * storage keeps it as JSON too), and nothing is hashed.
 *
 * It keeps botbuilder's record of the turn's state ({ state, hash } under the BotState's own key, a
 * private field of botbuilder-core 4.23), so get, clear and delete work on it unchanged.
 */
import {
  ActivityTypes,
  ConversationState,
  MemoryStorage,
  TurnContext,
  UserState,
  type BotAdapter,
  type BotState,
  type Storage,
  type StorageKeyFactory,
  type StoreItem,
  type StoreItems,
} from './botbuilder';

interface Kept {
  state: StoreItem;
  /** The state's JSON text, eTag left out, when it was read or last written; '' when it must be written. */
  hash: string;
}

/** What the state's own methods work with: where it is stored, and its key in the turn (a private field of BotState). */
interface Where {
  storage: Storage;
  storageKey: StorageKeyFactory;
  slot: symbol;
}

function textOf(state: StoreItem): string {
  const { eTag: _eTag, ...rest } = state;
  return JSON.stringify(rest);
}

function whereOf(state: BotState, storage: Storage, storageKey: StorageKeyFactory): Where {
  const slot = (state as unknown as { stateKey?: unknown }).stateKey;
  // botbuilder renamed its private field: get, clear and delete would no longer see what load keeps.
  if (typeof slot !== 'symbol')
    throw new Error('BotState keeps its turn state under another field than stateKey: savedState.ts needs updating');
  return { storage, storageKey, slot };
}

/** As BotState.load: the turn's state, read once (or again when forced). */
async function load({ storage, storageKey, slot }: Where, context: TurnContext, force: boolean): Promise<StoreItem> {
  const kept = context.turnState.get<Kept | undefined>(slot);
  if (!force && kept?.state) return kept.state;
  const key = await storageKey(context);
  const found: StoreItems = await storage.read([key]);
  const state = (found[key] as StoreItem | undefined) ?? {};
  context.turnState.set(slot, { state, hash: textOf(state) } satisfies Kept);
  return state;
}

/** As BotState.saveChanges: written when it changed (or when forced), with eTag "*" for the storage to make conditional. */
async function saveChanges({ storage, storageKey, slot }: Where, context: TurnContext, force: boolean): Promise<void> {
  let kept = context.turnState.get<Kept | undefined>(slot);
  // The text compared is the text written: the eTag set below is left out of both.
  const text = kept && textOf(kept.state);
  if (!force && (!kept || kept.hash === text)) return;
  const key = await storageKey(context);
  kept ??= { state: {}, hash: '' };
  kept.state.eTag = '*';
  await storage.write({ [key]: kept.state });
  kept.hash = text ?? textOf(kept.state);
  context.turnState.set(slot, kept);
}

/** ConversationState, its change told by its JSON text. */
export class SavedConversationState extends ConversationState {
  private readonly where = whereOf(this, this.storage, this.storageKey);

  override load(context: TurnContext, force = false): Promise<StoreItem> {
    return load(this.where, context, force);
  }

  override saveChanges(context: TurnContext, force = false): Promise<void> {
    return saveChanges(this.where, context, force);
  }
}

/** UserState, its change told by its JSON text. */
export class SavedUserState extends UserState {
  private readonly where = whereOf(this, this.storage, this.storageKey);

  override load(context: TurnContext, force = false): Promise<StoreItem> {
    return load(this.where, context, force);
  }

  override saveChanges(context: TurnContext, force = false): Promise<void> {
    return saveChanges(this.where, context, force);
  }
}

/**
 * The start-up self-check: what load keeps, BotState's own get reads (they meet in BotState's private slot).
 * Throws, naming the package, when an upgrade moved it; nothing leaves the process.
 */
export async function checkSavedState(): Promise<void> {
  const state = new SavedConversationState(new MemoryStorage());
  const context = new TurnContext({} as BotAdapter, {
    type: ActivityTypes.Message,
    channelId: 'check',
    conversation: { id: 'check', isGroup: false, name: '', conversationType: 'personal' },
  });
  const loaded = await state.load(context);
  if (state.get(context) !== loaded)
    throw new Error(
      "botbuilder-core's BotState no longer reads its turn state from where src/bot/savedState.ts keeps it",
    );
}
