/**
 * The Bot Framework adapter. A turn that fails anyway gets a short apology in the user's language,
 * and the conversation's saved state is left as the last good turn saved it.
 */
import { CloudAdapter, type Activity, type Request, type Response, type TurnContext } from './botbuilder';
import { AuthenticationError, validateAndFixActivity, type BotFrameworkAuthentication } from './botbuilder';
import type { Validated } from '../http/validation';
import { errorLogFields } from '../tracking/errors';
import { InboundAuthentication, type AuthEndpoints, type BotIdentity } from './inboundAuthentication';
import type { HandoffHub } from '../handoff/hubs';
import { OmnichannelBridge } from './omnichannelBridge';
import { StateConflictError } from './optimisticStorage';
import type { Logger } from '../runtime/logger';
import type { TurnLanguages } from './turnLanguage';

/**
 * CloudAdapter, with a posted activity processed as CloudAdapter.process does it, with two differences.
 * - The caller is authenticated before the body is checked, so a caller without a valid token learns
 *   nothing about what the bot accepts: every request of theirs is the same 401.
 * - A failure goes to our log rather than console.error: botbuilder printed a stack on stderr for every
 *   refused token, outside the JSON logs, as often as anyone cared to send one. (Inbound auth logs the reason.)
 */
export class TrackingAdapter extends CloudAdapter {
  constructor(
    authentication: BotFrameworkAuthentication,
    private readonly logger: Logger,
  ) {
    super(authentication);
  }

  /** `check` passes the body, or says why not (a 400 naming the field); it runs only for an authenticated caller. */
  async processPost(
    req: Request,
    res: Response,
    check: (body: unknown) => Validated<unknown>,
    logic: (context: TurnContext) => Promise<void>,
  ): Promise<void> {
    const end = (status: number, body?: unknown) => {
      res.status(status);
      if (body) res.send(body);
      res.end();
    };
    const authorization = req.headers.authorization ?? req.headers.Authorization;
    try {
      // The token is checked against the activity's channelId and serviceUrl claims, whatever the body's shape.
      const body: unknown = req.body;
      const claimed = (body && typeof body === 'object' ? body : {}) as Activity;
      const authenticated = await this.botFrameworkAuthentication.authenticateRequest(
        claimed,
        typeof authorization === 'string' ? authorization : '',
      );
      const checked = check(body);
      if (!checked.ok) return end(checked.error.status, checked.error.body);
      const invoke = await this.processActivity(authenticated, validateAndFixActivity(body as Activity), logic);
      end(invoke?.status ?? 200, invoke?.body);
    } catch (error) {
      if (error instanceof AuthenticationError) return end(401, error.message);
      // Not reached by a failing turn (onTurnError answers those): something broke around it. The log has
      // the details; the caller gets none (botbuilder sent the error's message).
      this.logger.error({ error: errorLogFields(error) }, 'activity not processed');
      end(500);
    }
  }
}

export function createAdapter(
  identity: BotIdentity,
  /** HANDOFF: Omnichannel's hub needs its tags on the bot's replies (omnichannelBridge.ts). */
  hub: HandoffHub | undefined,
  languages: TurnLanguages,
  logger: Logger,
  authEndpoints: AuthEndpoints = {},
): TrackingAdapter {
  const adapter = new TrackingAdapter(new InboundAuthentication(identity, logger, authEndpoints), logger);
  if (hub === 'omnichannel') adapter.use(new OmnichannelBridge());

  // A failed turn saves nothing (the transaction saves only a turn that ends): the conversation keeps the
  // state its last good turn saved, the question it was at and the misses that slow a guesser down alike.
  // Clearing it let one odd activity reset the cool-down. A conversation stuck on a state it cannot get
  // past still has "start over", which the router handles before any dialog runs.
  adapter.onTurnError = async (context: TurnContext, error: Error) => {
    logger.error(
      { error: errorLogFields(error), channel: context.activity.channelId, activityType: context.activity.type },
      'turn failed',
    );
    const lostRace = error instanceof StateConflictError;
    try {
      // A turn that failed before the bot decided its language (or a proactive one) decides it here.
      const { t } = languages.of(context);
      await context.sendActivity(t(lostRace ? 'errors.busy' : 'errors.unexpected'));
    } catch {
      // The channel itself is failing; the log above already says why.
    }
  };
  return adapter;
}
