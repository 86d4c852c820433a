/** POST /api/messages: the Bot Framework channel's door into the bot. */
import type { TurnContext } from './botbuilder';
import type { Server } from 'restify';
import { ACTIVITY_MAX_BODY_BYTES, jsonBody } from '../http/server';
import { validateBody } from '../http/validation';
import type { TrackingAdapter } from './adapter';
import { InboundActivitySchema } from './inboundActivity';

/** `path` other than /api/messages serves the benchmark's bots through exactly the same door. */
export function registerMessagesRoute(
  server: Server,
  adapter: TrackingAdapter,
  bot: { run(context: TurnContext): Promise<void> },
  path = '/api/messages',
): void {
  server.post(path, jsonBody(ACTIVITY_MAX_BODY_BYTES), async (req, res) => {
    await adapter.processPost(
      req,
      res,
      (body) => validateBody(InboundActivitySchema, body),
      (context) => bot.run(context),
    );
  });
}
