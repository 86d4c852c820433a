/**
 * The agent hub of the Bot Framework handoff protocol, as the sandbox's local channel plays it: it takes
 * the bot's `handoff.initiate` (the page shows the case and transcript it carries) and answers with
 * `handoff.status` events, `accepted` at once, then `completed` or `failed` when the page's buttons say so.
 * A real hub (Omnichannel, LivePerson, a contact-center bridge) routes the conversation to an agent instead.
 */
export const HANDOFF_STATES = ['accepted', 'failed', 'completed'] as const;
export type HandoffState = (typeof HANDOFF_STATES)[number];

/** Who the hub's events come from. */
export const AGENT_HUB = { id: 'sandbox-agent-hub', name: 'Agent hub (sandbox)' };

export function isHandoffInitiation(activity: { type?: unknown; name?: unknown }): boolean {
  return activity.type === 'event' && activity.name === 'handoff.initiate';
}

export function isHandoffState(state: unknown): state is HandoffState {
  return HANDOFF_STATES.includes(state as HandoffState);
}

/** A hub's answer, as the protocol has it: an event named handoff.status whose value is `{state, message}`. */
export function handoffStatus(state: HandoffState): Record<string, unknown> {
  const message = state === 'failed' ? 'No agent is available in the sandbox.' : undefined;
  return { type: 'event', name: 'handoff.status', value: { state, ...(message && { message }) }, from: AGENT_HUB };
}
