/** Recognizing and validating what customers type: identifiers, choices, small talk (bot-independent core). */
export {
  recognizeIdentifiers,
  validateIdentifier,
  type Candidate,
  type Recognition,
  type Validation,
} from './identifiers';
export type { OrderNumberFormat } from './find';
export { compileOrderNumberPattern } from './orderNumberPattern';
export { pickChoice, type OfferedChoice } from './choice';
export { questionTopic, socialIntent, type Topic } from './intents';

export { storeNamedIn, type Store } from './stores';
export * from './choiceValues';

export { buildLexicon } from './lexicon';
export { Understanding } from './understanding';
