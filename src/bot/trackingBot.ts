/**
 * The ActivityHandler: greets new members, strips a Teams @mention, runs the main dialog,
 * and saves the conversation's state once per turn.
 */
import { ActivityHandler, TurnContext, type BotState } from 'botbuilder';
import type { DialogState } from 'botbuilder-dialogs';
import type { MainDialog } from '../../dialogs/mainDialog';
import { languageOf } from '../../dialogs/turnLanguage';
import type { Translator } from '../i18n';
import type { Logger } from '../tracking/logger';
import { DuplicateDeliveries } from './duplicateDeliveries';
import { lookupOf } from '../../dialogs/turnLookup';

export class TrackingBot extends ActivityHandler {
  private readonly duplicates: DuplicateDeliveries;

  constructor(
    private readonly conversationState: BotState,
    mainDialog: MainDialog,
    translator: Translator,
    defaultTimeZone: string,
    private readonly logger?: Logger,
  ) {
    super();
    this.duplicates = new DuplicateDeliveries(conversationState);
    const dialogState = conversationState.createProperty<DialogState>('dialogState');

    this.onMessage(async (context, next) => {
      // In a Teams channel the text starts with "<at>Bot</at>"; the dialog must see only what the user said.
      TurnContext.removeRecipientMention(context.activity);
      await mainDialog.run(context, dialogState);
      await next();
    });

    // Web Chat sends nothing when it connects; pages send this event so the bot can greet first.
    this.onEvent(async (context, next) => {
      if (context.activity.name === 'webchat/join') {
        const requested = (context.activity.value as { locale?: unknown } | undefined)?.locale;
        if (!context.activity.locale && typeof requested === 'string') context.activity.locale = requested;
        await context.sendActivity(languageOf(context, translator, defaultTimeZone).t('welcome'));
      }
      await next();
    });

    this.onMembersAdded(async (context, next) => {
      const { t } = languageOf(context, translator, defaultTimeZone);
      const botId = context.activity.recipient?.id;
      for (const member of context.activity.membersAdded ?? []) {
        if (member.id !== botId) await context.sendActivity(t('welcome'));
      }
      await next();
    });
  }

  override async run(context: TurnContext): Promise<void> {
    if (await this.duplicates.isDuplicate(context)) {
      this.logger?.info({ channel: context.activity.channelId, activityType: context.activity.type }, 'duplicate delivery ignored');
      return;
    }
    const started = Date.now();
    let sent = 0;
    context.onSendActivities(async (_context, activities, next) => {
      sent += activities.length;
      return next();
    });
    await super.run(context);
    await this.conversationState.saveChanges(context, false);
    this.logger?.info(
      { channel: context.activity.channelId, activityType: context.activity.type, latencyMs: Date.now() - started, sent, lookup: lookupOf(context) },
      'turn',
    );
  }
}
