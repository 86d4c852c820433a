/**
 * One ListTrackings lookup (seed 2.3): which method, and the request body it becomes.
 * Refused here, before any request, when it breaks the seed's rules.
 */
import { InvalidArgumentError } from '../errors';

export const INPUT_TYPES = ['tracking_number', 'order_id', 'external_order'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

export interface TrackingsQuery {
  inputType: InputType;
  identifier: string;
  /** Required with external_order, refused with the other two. */
  storeId?: string;
}

/** The service's order id: 12 ASCII letters or digits (seed 2.3). */
export const ORDER_ID_PATTERN = /^[A-Za-z0-9]{12}$/;
const MAX_IDENTIFIER = 128;

/** The Connect request body, in the snake_case field names the service takes. */
export function toRequestBody(query: TrackingsQuery): Record<string, string> {
  const identifier = query.identifier.trim();
  const storeId = query.storeId?.trim();
  if (!identifier) throw new InvalidArgumentError(query.inputType, `${query.inputType} is required`);
  if (identifier.length > MAX_IDENTIFIER)
    throw new InvalidArgumentError(query.inputType, `${query.inputType} is longer than ${MAX_IDENTIFIER} characters`);
  if (query.inputType === 'order_id' && !ORDER_ID_PATTERN.test(identifier)) {
    throw new InvalidArgumentError('order_id', 'order_id must be 12 letters or digits');
  }
  if (query.inputType === 'external_order') {
    if (!storeId) throw new InvalidArgumentError('store_id', 'store_id is required with external_order');
    if (storeId.length > MAX_IDENTIFIER)
      throw new InvalidArgumentError('store_id', `store_id is longer than ${MAX_IDENTIFIER} characters`);
    return { external_order: identifier, store_id: storeId };
  }
  if (query.storeId !== undefined)
    throw new InvalidArgumentError(
      'store_id',
      `store_id is only allowed with external_order, not with ${query.inputType}`,
    );
  return { [query.inputType]: identifier };
}
