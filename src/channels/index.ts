/** What each channel can show, and choices put on a message the way that channel shows them (no botbuilder here). */
export {
  channelProfile,
  isSms,
  isTeams,
  supportsAdaptiveCards,
  type ChannelProfile,
  type ChoiceStyle,
  type HubCarrier,
} from './profile';
export { numberedList, offerChoices, type Choice } from './choices';
export {
  ADAPTIVE_CARD_CONTENT_TYPE,
  CARD_VERSION,
  HERO_CARD_CONTENT_TYPE,
  type Attachment,
  type ButtonAction,
  type Message,
  type Reply,
} from './message';
export { isGsm7, toGsm7 } from './gsm7';
export { SMS_MAX_LENGTH, fitsOneSms, smsCost, type SmsCost } from './smsCost';
export { forChannel } from './outgoing';
