/** Who takes over when a customer asks for a person (HANDOFF). */
export const HANDOFF_HUBS = ['botframework', 'omnichannel', 'none'] as const;
/**
 * - botframework: the Bot Framework handoff protocol (a `handoff.initiate` event; the hub answers `handoff.status`);
 * - omnichannel: Dynamics 365 Omnichannel for Customer Service's escalation (channelData.tags);
 * - none: nobody takes over here: the shop's help page and a summary of the case to copy or forward.
 */
export type HandoffHub = (typeof HANDOFF_HUBS)[number];
