/** Handing a conversation to a person: the hubs, the case and its summary, the bounded transcript (no botbuilder here). */
export { caseOf, CASE_LIMITS, type HandoffCase } from './case';
export type { HandoffHub } from './hubs';
export { BRIDGED_DELIVERY_MODE, escalationTags } from './omnichannel';
export { agentSummary, handoffReply } from './summary';
export { keptLines, TRANSCRIPT_LIMITS, withSaid, type Said, type TranscriptLine } from './transcript';
