/** Handing a conversation to a person: the hubs, the case and its summary, the bounded transcript (no botbuilder here). */
export { caseOf, CASE_LIMITS, type CaseLookup, type CaseShipment, type HandoffCase, type LookedUp } from './case';
export { HANDOFF_HUBS, type HandoffHub } from './hubs';
export { BRIDGED_DELIVERY_MODE, escalationContext, escalationTags, OMNICHANNEL_CONTEXT_VARIABLES } from './omnichannel';
export { agentSummary, caseText, handoffReply, MAX_SUMMARY_SHIPMENTS } from './summary';
export { keptLines, TRANSCRIPT_LIMITS, withSaid, type Said, type TranscriptLine } from './transcript';
