/**
 * Messages out: a text or a rendered answer, with its choices shown the way the channel shows them
 * (src/channels). The only place where the channel-neutral Message becomes a botbuilder activity.
 */
import { ActivityTypes, type Activity, type TurnContext } from './botbuilder';
import { forChannel, offerChoices, type Choice, type Message } from '../channels';

function toActivity(message: Message): Partial<Activity> {
  // botbuilder's type wants suggestedActions.to; the channel sends to the whole conversation without it.
  return { type: ActivityTypes.Message, ...message } as Partial<Activity>;
}

export async function sendMessage(context: TurnContext, message: Message): Promise<void> {
  await context.sendActivity(toActivity(forChannel(message, context.activity.channelId)));
}

/** A line of text, with choices when there are any. */
export async function sendText(context: TurnContext, text: string, choices: readonly Choice[] = []): Promise<void> {
  for (const message of offerChoices({ text }, choices, context.activity.channelId))
    await sendMessage(context, message);
}
