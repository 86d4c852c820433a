/**
 * The conversation's dialog stack for one turn, built only when the turn needs it. Most turns (a lookup
 * sent as data or typed in full, "thanks", a question) need no dialog: botbuilder-dialogs builds a dialog
 * context with a state manager and a service collection for every context, a fifth of a cached lookup
 * turn's CPU beyond the framework's own. Whether a question is open is read from the saved stack itself.
 */
import type { StatePropertyAccessor, TurnContext } from '../src/bot/botbuilder';
import type { DialogContext, DialogSet, DialogState } from './botbuilderDialogs';

export class TurnDialogs {
  private dc?: DialogContext;

  private constructor(
    private readonly dialogs: DialogSet,
    readonly context: TurnContext,
    private readonly state: DialogState,
  ) {}

  static async of(
    dialogs: DialogSet,
    accessor: StatePropertyAccessor<DialogState>,
    context: TurnContext,
  ): Promise<TurnDialogs> {
    const state = await accessor.get(context, { dialogStack: [] });
    // A stack saved by another version of the bot, whose root dialog this one doesn't have (renamed or
    // removed), would fail every turn with an apology until the state expired. Such a conversation starts over.
    const [root] = state.dialogStack;
    if (root && !dialogs.find(root.id)) state.dialogStack.splice(0);
    return new TurnDialogs(dialogs, context, state);
  }

  /** A question is open: the conversation is inside a dialog. */
  get open(): boolean {
    return this.state.dialogStack.length > 0;
  }

  async begin(dialogId: string, options: object): Promise<void> {
    await (await this.dialogContext()).beginDialog(dialogId, options);
  }

  /** The open question takes the message. */
  async continue(): Promise<void> {
    if (this.open) await (await this.dialogContext()).continueDialog();
  }

  /** The open question, asked again. */
  async reprompt(): Promise<void> {
    if (this.open) await (await this.dialogContext()).repromptDialog();
  }

  async cancelAll(): Promise<void> {
    if (this.open) await (await this.dialogContext()).cancelAllDialogs();
  }

  private async dialogContext(): Promise<DialogContext> {
    // createContext reads the same state object through the same accessor: the stack seen here is the one it changes.
    this.dc ??= await this.dialogs.createContext(this.context);
    return this.dc;
  }
}
