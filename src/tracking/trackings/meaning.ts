/**
 * What each of the seed's status codes means (seed 3.2), in the service's own English. An event or status
 * message that says no more than its code ("In transit", "Parcel in transit") adds nothing to our
 * translated word for the code, and would only put English beside it; one that says more ("Arrived at
 * facility, Memphis TN") is the story, and is kept.
 */
const MEANINGS: Record<string, string> = {
  PENDING: 'Order received, not yet dispatched. Pending',
  IN_TRANSIT: 'Parcel in transit',
  OUT_FOR_DELIVERY: 'Out for delivery today',
  DELIVERED: 'Delivered',
  DELIVERY_FAILED: 'Delivery attempt failed',
  RETURNED: 'Returning to sender. Returned',
  LOST: 'Lost in transit',
};

/** Words any status message may carry without saying more. */
const FILLER = ['the', 'your', 'a', 'is', 'has', 'been', 'was', 'package', 'shipment', 'item', 'status'];

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The message, unless it only restates what its code means. */
export function beyondCode(message: string | undefined, code: string | undefined): string | undefined {
  if (!message?.trim()) return undefined;
  const meaning = new Set([
    ...words(MEANINGS[code?.trim().toUpperCase() ?? ''] ?? ''),
    ...words(code ?? ''),
    ...FILLER,
  ]);
  return words(message).every((word) => meaning.has(word)) ? undefined : message;
}
