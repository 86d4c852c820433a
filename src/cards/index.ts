/** Status cards and texts as pure functions: shipments in, plain reply objects out (no botbuilder here). */
export { MAX_ACTIVITY_BYTES, replyBytes } from './budget';
export { CARDS_PER_REPLY, MAX_HIDDEN_EVENTS, renderShipments, type AnswerParts } from './render';
export { RenderedAnswers } from './renderedAnswers';
export { VISIBLE_EVENTS } from './statusCard';
export type { CardContext } from './types';
