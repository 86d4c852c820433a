/**
 * With HANDOFF=omnichannel, every message meant for the customer is marked for delivery to them
 * (`channelData.deliveryMode: "bridged"`), as Omnichannel's bot documentation asks of every message the
 * customer should see (src/handoff/omnichannel.ts has the source). The escalation message, which only
 * the agent sees, is left as it is. A middleware, so that every turn's sends pass here: replies, later
 * replies and the apology of a failed turn alike.
 */
import { ActivityTypes, type Middleware, type TurnContext } from './botbuilder';
import { BRIDGED_DELIVERY_MODE } from '../handoff';

export class OmnichannelBridge implements Middleware {
  async onTurn(context: TurnContext, next: () => Promise<void>): Promise<void> {
    context.onSendActivities(async (_context, activities, send) => {
      for (const activity of activities) {
        const channelData = (activity.channelData ?? {}) as Record<string, unknown>;
        if (activity.type === ActivityTypes.Message && channelData.tags === undefined)
          activity.channelData = { ...channelData, deliveryMode: BRIDGED_DELIVERY_MODE };
      }
      return send();
    });
    await next();
  }
}
