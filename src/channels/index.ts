/** What each channel can show, and choices put on a message the way that channel shows them (no botbuilder here). */
export { channelProfile, isSms, isTeams, supportsAdaptiveCards, type HubCarrier } from './profile';
export { offerChoices, type Choice } from './choices';
export { ADAPTIVE_CARD_CONTENT_TYPE, CARD_VERSION, type Attachment, type Message, type Reply } from './message';
export { isGsm7, toGsm7 } from './gsm7';
export { fitsOneSms, smsCost } from './smsCost';
export { forChannel } from './outgoing';
