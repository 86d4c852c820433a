/**
 * The agent hub of the Bot Framework handoff protocol, as the sandbox's local channel plays it, the page's
 * hub panel being its agent: it takes the bot's `handoff.initiate` (the panel shows the case and transcript
 * it carries) and queues the case; the agent accepts it (`handoff.status` accepted) or finds nobody free
 * (failed). While the agent has the conversation, the customer's messages go to the agent, not to the bot,
 * and the agent's replies go to the customer; "done" (completed) gives the conversation back to the bot.
 */
const HANDOFF_STATES = ['accepted', 'failed', 'completed'] as const;
export type HandoffState = (typeof HANDOFF_STATES)[number];

/** Who the hub's events come from. */
const AGENT_HUB = { id: 'sandbox-agent-hub', name: 'Agent hub (sandbox)' };
/** Who the agent's messages come from, in the customer's chat: a person's name reads the same in every language. */
export const AGENT = { id: 'sandbox-agent', name: 'Sam', role: 'bot' };
/** The longest message the agent may send. */
export const AGENT_MESSAGE_MAX = 2_000;

/** Where one conversation's handoff stands: asked for and waiting for an agent, or an agent has it. */
export type HandoffStage = 'waiting' | 'accepted';

/** A line between the customer and the agent, as the hub's agent sees it. */
export interface HubLine {
  from: 'customer' | 'agent';
  text: string;
}

/**
 * A case as the hub keeps it: the bot's handoff.initiate as it arrived (the case and the transcript), where
 * it stands (after the stages, how it ended), the lines between customer and agent, and when it came, so
 * that the hub's queue shows the newest first.
 */
export interface HubCase {
  event: Record<string, unknown>;
  state: HandoffStage | 'completed' | 'failed';
  lines: HubLine[];
  arrived: number;
}

/** The stage of a case still under way; none for one that ended (or none at all). */
export function stageOf(hubCase: HubCase | undefined): HandoffStage | undefined {
  return hubCase?.state === 'waiting' || hubCase?.state === 'accepted' ? hubCase.state : undefined;
}

/** The most lines a case keeps: the agent's panel shows a conversation, not an archive. */
const MAX_LINES = 200;

export function addLine(hubCase: HubCase, line: HubLine): void {
  hubCase.lines.push(line);
  if (hubCase.lines.length > MAX_LINES) hubCase.lines.shift();
}

/**
 * The agent's message as the customer's chat shows it: signed with the agent's name (Markdown, which Web
 * Chat renders), as a hub that relays through a chat channel signs it; Web Chat shows no sender's name.
 */
export function signed(text: string): string {
  return `**${AGENT.name}:** ${text}`;
}

/**
 * What a hub's answer does to the handoff, or why it may not be given now: an agent accepts a waiting
 * case, or nobody is free for it; only the agent who has it can be done with it.
 */
export function nextStage(
  stage: HandoffStage | undefined,
  state: HandoffState,
): { stage: HandoffStage | undefined } | { refused: string } {
  if (state === 'accepted')
    return stage === 'waiting'
      ? { stage: 'accepted' }
      : { refused: stage ? 'an agent has it already' : 'no handoff is waiting' };
  if (state === 'failed')
    return stage === 'waiting'
      ? { stage: undefined }
      : { refused: stage ? 'an agent has it already' : 'no handoff is waiting' };
  return stage === 'accepted' ? { stage: undefined } : { refused: 'no agent has accepted it' };
}

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
