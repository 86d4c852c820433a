/** What each channel can show, and choices put on a message the way that channel shows them (no botbuilder here). */
export { channelProfile, isSms, isTeams, supportsAdaptiveCards, type ChannelProfile, type ChoiceStyle } from './profile';
export { HERO_CARD_CONTENT_TYPE, numberedList, offerChoices, type ButtonAction, type Choice, type Message } from './choices';
export { isGsm7, toGsm7 } from './gsm7';
export { SMS_MAX_LENGTH, fitsOneSms, smsCost, type SmsCost } from './smsCost';
export { forChannel } from './outgoing';
