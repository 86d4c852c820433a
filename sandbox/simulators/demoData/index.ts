/** The demo catalogue: tests and the sandbox page name demo orders by what they show, never by value. */
import { DEMO_CHECKPOINTS } from './checkpoints';
import { DEMO_TRACKINGS } from './trackings';

export const DEMO = {
  /** Interface A order numbers (send as `orderNo`). */
  checkpoints: DEMO_CHECKPOINTS,
  /** Interface B tracking numbers, order ids and storefront orders. */
  trackings: DEMO_TRACKINGS,
} as const;
