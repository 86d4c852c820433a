/** Recognizing and validating what customers type: identifiers, choices, small talk (bot-independent core). */
export {
  recognizeIdentifiers,
  validateIdentifier,
  type Candidate,
  type InvalidReason,
  type Recognition,
  type Validation,
} from './identifiers';
export type { OrderNumberFormat } from './find';
export { compileOrderNumberPattern, type CompiledPattern } from './orderNumberPattern';
export { pickChoice, type OfferedChoice } from './choice';
export {
  questionTopic,
  socialIntent,
  SOCIAL_INTENTS,
  TOPICS,
  type Phrasebook,
  type SocialIntent,
  type Topic,
} from './intents';

export { storeNamedIn, type Store } from './stores';
export * from './choiceValues';
export type { Command } from './commands';
export { buildLexicon, type Lexicon } from './lexicon';
export { Understanding, type UpdatesAsked } from './understanding';
