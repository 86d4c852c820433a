/**
 * The local channel's Direct Line answers, as the sandbox's tests read them off the wire: typed here once, so a
 * test names the shape it expects instead of reading `any`.
 */
import type { HubCase } from '../../sandbox/channel/agentHub';

/** What tokens/generate, tokens/refresh, starting and reconnecting to a conversation answer. */
export interface DirectLineGrant {
  conversationId: string;
  token: string;
  expires_in: number;
}

/** A page of a conversation's activities, from a watermark to the next. */
export interface ActivityPage {
  activities: WireActivity[];
  watermark: string;
}

/** An activity with the fields the tests read (a handoff event's `value` and transcript included). */
export interface WireActivity {
  id: string;
  type: string;
  text?: string;
  name?: string;
  value?: { state?: string };
  from: { id: string; name?: string; role: string };
  recipient?: { id: string };
  replyToId?: string;
  attachments: { contentType: string; name?: string; content: { activities: WireActivity[] } }[];
  suggestedActions: { actions: { title: string }[] };
}

/** A case in the agent hub's queue (GET /sandbox/hub/cases), its event the handoff.initiate it received. */
export type WireHubCase = Omit<HubCase, 'event'> & { conversationId: string; event: WireActivity };
