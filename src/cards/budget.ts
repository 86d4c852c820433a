/** The size budget of one outgoing activity, measured on the real serialization. */
import type { Reply } from '../channels';

/** Serialized JSON of what one Reply adds to an activity. Teams allows more; slow clients and older limits do not. */
export const MAX_ACTIVITY_BYTES = 25 * 1024;

function replyBytes(reply: Reply): number {
  return Buffer.byteLength(JSON.stringify(reply), 'utf8');
}

/** Whether the reply fits, or each of the replies (an answer and the choices after it). */
function fitsBudget(reply: Reply | readonly Reply[]): boolean {
  return Array.isArray(reply)
    ? reply.every((one: Reply) => replyBytes(one) < MAX_ACTIVITY_BYTES)
    : replyBytes(reply as Reply) < MAX_ACTIVITY_BYTES;
}

/**
 * The reply (or replies) built with the largest `n` in [0, max] that fits, by binary search (size grows
 * with `n`); undefined when not even `n = 0` fits.
 */
export function largestFitting<R extends Reply | readonly Reply[]>(
  max: number,
  build: (n: number) => R,
): R | undefined {
  const top = build(max);
  if (fitsBudget(top)) return top;
  let best = build(0);
  if (!fitsBudget(best)) return undefined;
  let low = 0; // fits
  let high = max; // does not fit
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    const reply = build(middle);
    if (fitsBudget(reply)) [low, best] = [middle, reply];
    else high = middle;
  }
  return best;
}
