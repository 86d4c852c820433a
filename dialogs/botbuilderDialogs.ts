/**
 * The parts of botbuilder-dialogs the bot uses, each from its own module. The package's index also loads
 * every prompt and, with them, Microsoft's text recognizers for dates, numbers and choices: about 150 ms
 * of a 600 ms start, for code the bot never runs (its questions are AskDialogs). The one gateway to
 * botbuilder-dialogs: nothing else imports it (test/architecture.test.ts), and its `lib/` paths, no public
 * API, are checked here on an upgrade.
 */
export { Dialog, type DialogInstance, type DialogTurnResult } from 'botbuilder-dialogs/lib/dialog';
export { ComponentDialog } from 'botbuilder-dialogs/lib/componentDialog';
export { DialogContext, type DialogState } from 'botbuilder-dialogs/lib/dialogContext';
export { DialogSet } from 'botbuilder-dialogs/lib/dialogSet';
export { WaterfallDialog } from 'botbuilder-dialogs/lib/waterfallDialog';
export type { WaterfallStepContext } from 'botbuilder-dialogs/lib/waterfallStepContext';
