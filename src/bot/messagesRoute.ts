/** POST /api/messages: the Bot Framework channel's door into the bot. */
import type { CloudAdapter, TurnContext } from 'botbuilder';
import type { Server } from 'restify';
import { ACTIVITY_MAX_BODY_BYTES, jsonBody } from '../http/server';
import { validateBody } from '../http/validation';
import { InboundActivitySchema } from './inboundActivity';

/** `path` other than /api/messages serves the benchmark's echo bot through exactly the same door. */
export function registerMessagesRoute(server: Server, adapter: CloudAdapter, bot: { run(context: TurnContext): Promise<void> }, path = '/api/messages'): void {
  server.post(path, jsonBody(ACTIVITY_MAX_BODY_BYTES), async (req, res) => {
    const activity = validateBody(InboundActivitySchema, req.body);
    if (!activity.ok) {
      res.send(activity.error.status, activity.error.body);
      return;
    }
    await adapter.process(req, res, (context) => bot.run(context));
  });
}
