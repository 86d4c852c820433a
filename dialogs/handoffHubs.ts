/**
 * The HandoffPort and its adapters, one per hub (HANDOFF): how a conversation is handed to a person,
 * and what the customer is told meanwhile. The case and its words come from src/handoff; only the
 * wire shape differs.
 */
import {
  ActivityTypes,
  EventFactory,
  type Activity,
  type ChannelAccount,
  type TurnContext,
} from '../src/bot/botbuilder';
import {
  agentSummary,
  escalationTags,
  handoffReply,
  type HandoffCase,
  type HandoffHub,
  type TranscriptLine,
} from '../src/handoff';
import type { HubCarrier } from '../src/channels';
import type { Translate } from '../src/i18n';
import { sendText } from '../src/bot/send';

interface HandoffRequest {
  handoffCase: HandoffCase;
  /** The conversation's last texts; empty when none are kept. */
  transcript: TranscriptLine[];
  /** In the customer's language. */
  t: Translate;
  /** The shop's help page in the customer's language, if it has one. */
  supportUrl?: string;
}

export interface HandoffPort {
  readonly hub: HandoffHub;
  /** Whether a person comes into this conversation (the customer waits for them), or the customer goes to them. */
  readonly takesOver: boolean;
  /** Whether the hub answers with `handoff.status` events; where it never does, such an event can only be forged, and is ignored. */
  readonly sendsStatus: boolean;
  /** How the case reaches the hub: where the channel's client can show that too, the case follows the customer's disclosure. */
  readonly caseTravelsAs: HubCarrier;
  /** Hands the conversation over, and tells the customer what happens next. */
  escalate(context: TurnContext, request: HandoffRequest): Promise<void>;
}

/**
 * The Bot Framework handoff protocol: a `handoff.initiate` event whose value is the case and whose
 * attachment is the transcript (botbuilder's EventFactory); the hub answers with `handoff.status`
 * events (see Handoff.status).
 */
class BotFrameworkHub implements HandoffPort {
  readonly hub = 'botframework';
  readonly takesOver = true;
  readonly sendsStatus = true;
  readonly caseTravelsAs = 'event';

  async escalate(context: TurnContext, { handoffCase, transcript, t }: HandoffRequest): Promise<void> {
    // The customer's words first: they are what the customer sees if the hub takes over at once.
    await sendText(context, t('handoff.waiting'));
    const activities = transcript.map((line) => transcriptActivity(context, line));
    await context.sendActivity(
      EventFactory.createHandoffInitiation(context, handoffCase, activities.length ? { activities } : undefined),
    );
  }
}

/** Dynamics 365 Omnichannel: the escalation message (src/handoff/omnichannel.ts has the shape and its source). */
class OmnichannelHub implements HandoffPort {
  readonly hub = 'omnichannel';
  readonly takesOver = true;
  // Omnichannel ends a conversation itself; it sends no handoff.status.
  readonly sendsStatus = false;
  readonly caseTravelsAs = 'escalation';

  async escalate(context: TurnContext, { handoffCase, t }: HandoffRequest): Promise<void> {
    await sendText(context, t('handoff.waiting'));
    // Its text is the escalation summary: on Omnichannel's own channel only the agent sees it; on any other, the customer too.
    await context.sendActivity({
      type: ActivityTypes.Message,
      text: agentSummary(handoffCase, t),
      channelData: { tags: escalationTags(handoffCase) },
    });
  }
}

/** No hub: the shop's help page and the case, which the customer can copy or forward. */
class NoHub implements HandoffPort {
  readonly hub = 'none';
  readonly takesOver = false;
  readonly sendsStatus = false;
  readonly caseTravelsAs = 'message';

  async escalate(context: TurnContext, { handoffCase, t, supportUrl }: HandoffRequest): Promise<void> {
    const where = supportUrl ? t('questions.support_url', { url: supportUrl }) : undefined;
    await sendText(context, handoffReply({ lead: t('questions.person'), where, handoffCase, t }));
  }
}

export function handoffPort(hub: HandoffHub): HandoffPort {
  switch (hub) {
    case 'botframework':
      return new BotFrameworkHub();
    case 'omnichannel':
      return new OmnichannelHub();
    case 'none':
      return new NoHub();
  }
}

/** One transcript line as the Transcript schema's activity: who said it, what, when. */
function transcriptActivity(context: TurnContext, line: TranscriptLine): Activity {
  const { from, recipient } = context.activity;
  const who: Partial<ChannelAccount> =
    line.by === 'customer'
      ? { id: from?.id, name: from?.name, role: 'user' }
      : { id: recipient?.id, name: recipient?.name, role: 'bot' };
  return { type: ActivityTypes.Message, text: line.text, timestamp: new Date(line.at), from: who } as Activity;
}
