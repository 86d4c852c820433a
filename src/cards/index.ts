/** Status cards and texts as pure functions: shipments in, plain reply objects out (no botbuilder here). */
export { MAX_ACTIVITY_BYTES } from './budget';
export { renderShipments } from './render';
export { RenderedAnswers } from './renderedAnswers';
export type { CardContext } from './types';
