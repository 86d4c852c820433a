/**
 * What the bot edge needs of the conversation, in its own words. As core-bot's DialogBot takes its Dialog
 * in its constructor, the edge takes these and never imports dialogs/: the composition root (app.ts)
 * hands it the dialogs that do the work, so the imports run one way (dialogs use the edge, not back).
 * What the dialogs need of a turn (send.ts, turnLanguage.ts, replyDeadline.ts's settle and later delivery,
 * turnLookup.ts) lives on this side, beside the TurnContext it works on: the edge uses each itself (an
 * apology in the turn's language, an update sent, a later reply settled), and could not import it from dialogs/.
 */
import type { StatePropertyAccessor, TurnContext } from './botbuilder';

/** The conversation's root dialog (dialogs/mainDialog.ts): a message in, the answers out. */
export interface RootDialog {
  /** `dialogState` is the conversation's dialog stack, which the bot keeps with the rest of its state. */
  run(context: TurnContext, dialogState: StatePropertyAccessor): Promise<void>;
  /** The first words of a conversation. */
  welcome(context: TurnContext): Promise<void>;
}

/** Where an agent hub's `handoff.status` event goes (dialogs/handoff.ts). */
export interface HandoffStatus {
  status(context: TurnContext): Promise<void>;
}

/** The conversation's memory of the choices a number picks next (dialogs/conversationMemory.ts): "1" on SMS. */
export interface OfferedChoices {
  offered(context: TurnContext, values: string[]): Promise<void>;
}
