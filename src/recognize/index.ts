/** Recognizing and validating shipment identifiers typed by customers (bot-independent core). */
export { recognizeIdentifiers, validateIdentifier, type InvalidReason, type Recognition, type Validation } from './identifiers';
