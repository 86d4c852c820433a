/**
 * The Bot Framework adapter. A turn that fails anyway gets a short apology in the user's language,
 * and the conversation's state is cleared so the next message starts clean rather than stuck.
 */
import { CloudAdapter, type BotState, type TurnContext } from 'botbuilder';
import { languageOf } from '../../dialogs/turnLanguage';
import type { Config } from '../config';
import type { Translator } from '../i18n';
import { errorLogFields } from '../tracking/errors';
import { InboundAuthentication, type AuthEndpoints } from './inboundAuthentication';
import { StateConflictError } from './optimisticStorage';
import type { Logger } from '../tracking/logger';

export function createAdapter(
  config: Config,
  conversationState: BotState,
  translator: Translator,
  logger: Logger,
  authEndpoints: AuthEndpoints = {},
): CloudAdapter {
  const adapter = new CloudAdapter(new InboundAuthentication(config, logger, authEndpoints));

  adapter.onTurnError = async (context: TurnContext, error: Error) => {
    logger.error({ error: errorLogFields(error), channel: context.activity.channelId, activityType: context.activity.type }, 'turn failed');
    // A turn that kept losing the race for the state changed nothing; the state is another turn's, and sound.
    const lostRace = error instanceof StateConflictError;
    if (!lostRace) {
      try {
        await conversationState.delete(context);
        await conversationState.saveChanges(context, true);
      } catch (stateError) {
        logger.error({ error: errorLogFields(stateError) }, 'could not clear conversation state after a failed turn');
      }
    }
    try {
      const { t } = languageOf(context, translator, config.defaultTimeZone);
      await context.sendActivity(t(lostRace ? 'errors.busy' : 'errors.unexpected'));
    } catch {
      // The channel itself is failing; the log above already says why.
    }
  };
  return adapter;
}
