/**
 * The conversation's root. Before the running dialog sees a message, it handles what may come
 * at any step: help, cancel, start over, and a lookup sent as data (card submit, widget button).
 * It is a router, not a dialog: the lookup dialog sits at the bottom of the stack itself. (A component
 * dialog around it added nothing but a level to the stack kept in state, about 75 bytes.)
 */
import type { StatePropertyAccessor, TurnContext } from 'botbuilder';
import { DialogSet, DialogTurnStatus, type DialogState } from 'botbuilder-dialogs';
import type { Translator } from '../src/i18n';
import { matchCommand } from './commands';
import { LookupDialog, type LookupDialogOptions } from './lookupDialog';
import { structuredLookup } from './structuredLookup';
import { languageOf } from './turnLanguage';

export class MainDialog {
  constructor(
    private readonly lookupDialog: LookupDialog,
    private readonly translator: Translator,
    private readonly defaultTimeZone: string,
  ) {}

  async run(context: TurnContext, dialogState: StatePropertyAccessor<DialogState>): Promise<void> {
    const dialogs = new DialogSet(dialogState);
    dialogs.add(this.lookupDialog);
    const dc = await dialogs.createContext(context);
    // A stack saved by another version of the bot, whose root dialog this one doesn't have (renamed or
    // removed), would fail every turn with an apology until the state expired. Such a conversation starts over.
    if (dc.stack.length && !dialogs.find(dc.stack[0].id)) dc.stack.splice(0);
    const { t } = languageOf(context, this.translator, this.defaultTimeZone);
    const { text, value } = context.activity;

    const structured = structuredLookup(value);
    if (structured) {
      if (!structured.ok) {
        await context.sendActivity(t('errors.bad_request'));
        return;
      }
      await dc.cancelAllDialogs();
      await dc.beginDialog(this.lookupDialog.id, { request: structured.request } satisfies LookupDialogOptions);
      return;
    }
    if (!text?.trim()) {
      // A card submit with other data, or an empty message: nothing to act on, the dialog waits on.
      if (value !== undefined) await context.sendActivity(t('errors.bad_request'));
      return;
    }

    switch (matchCommand(text, t)) {
      case 'help':
        await context.sendActivity(t('help'));
        if (dc.activeDialog) await dc.repromptDialog();
        return;
      case 'cancel':
        await dc.cancelAllDialogs();
        await context.sendActivity(t('cancelled'));
        return;
      case 'start_over':
        await dc.cancelAllDialogs();
        await dc.beginDialog(this.lookupDialog.id, {} satisfies LookupDialogOptions);
        return;
    }

    const result = await dc.continueDialog();
    if (result.status === DialogTurnStatus.empty) await dc.beginDialog(this.lookupDialog.id, { text } satisfies LookupDialogOptions);
  }
}
