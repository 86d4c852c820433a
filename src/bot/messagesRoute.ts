/** POST /api/messages: the Bot Framework channel's door into the bot. */
import type { CloudAdapter } from 'botbuilder';
import type { Server } from 'restify';
import { ACTIVITY_MAX_BODY_BYTES, jsonBody } from '../http/server';
import { validateBody } from '../http/validation';
import { InboundActivitySchema } from './inboundActivity';
import type { TrackingBot } from './trackingBot';

export function registerMessagesRoute(server: Server, adapter: CloudAdapter, bot: TrackingBot): void {
  server.post('/api/messages', jsonBody(ACTIVITY_MAX_BODY_BYTES), async (req, res) => {
    const activity = validateBody(InboundActivitySchema, req.body);
    if (!activity.ok) {
      res.send(activity.error.status, activity.error.body);
      return;
    }
    await adapter.process(req, res, (context) => bot.run(context));
  });
}
