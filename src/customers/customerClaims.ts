/**
 * What a customer token says about the customer, past its signature: `sub`, and optionally `name`,
 * `locale` and `orders`, each bounded. The orders come in the shape a lookup sent as data has
 * (`{input_type, identifier, store_id?}`, OrderTrackingChat.track), and are kept normalized as a lookup
 * normalizes them, so that "is this theirs?" compares like with like.
 */
import { z } from 'zod';
import { validateIdentifier } from '../recognize/validate';
import type { OwnedOrder } from './customer';
import { CustomerTokenRefused } from './tokenRefusal';

const MAX_SUBJECT = 255;
const MAX_NAME = 200;
const MAX_ORDERS = 50;
const MAX_IDENTIFIER = 100;

/** A BCP 47 tag as browsers and stores write it: `en`, `pt-BR`, `zh-Hant-TW`, `de_DE`. */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8}){0,4}$/;

const Order = z
  .strictObject({
    input_type: z.enum(['order_number', 'order_id', 'external_order']),
    identifier: z.string().min(1).max(MAX_IDENTIFIER),
    store_id: z.string().min(1).max(MAX_IDENTIFIER).optional(),
  })
  .transform((order, ctx): OwnedOrder => {
    const identifier = validateIdentifier(order.input_type, order.identifier);
    const store = order.store_id === undefined ? undefined : validateIdentifier('store', order.store_id);
    // A store only names where a store's own order number lives.
    if (!identifier.ok || (store && (!store.ok || order.input_type !== 'external_order'))) {
      ctx.addIssue({ code: 'custom', message: 'not an order' });
      return z.NEVER;
    }
    return { kind: order.input_type, identifier: identifier.value, ...(store?.ok ? { storeId: store.value } : {}) };
  });

const Subject = z.string().min(1).max(MAX_SUBJECT);
const Profile = z.object({
  name: z.string().min(1).max(MAX_NAME).optional(),
  locale: z.string().max(35).regex(LANGUAGE_TAG).optional(),
});
const Orders = z.array(Order).max(MAX_ORDERS).default([]);

export interface CustomerClaims {
  subject: string;
  name?: string;
  locale?: string;
  /** Newest first, as the store lists them. */
  orders: OwnedOrder[];
}

/** The claims of a token whose signature and times were checked; a claim of the wrong shape refuses the token. */
export function customerClaims(payload: Record<string, unknown>): CustomerClaims {
  if (payload.sub === undefined) throw new CustomerTokenRefused('no_subject');
  const subject = Subject.safeParse(payload.sub);
  const profile = Profile.safeParse(payload);
  if (!subject.success || !profile.success) throw new CustomerTokenRefused('malformed_claims');
  // Better loud than silently unowned: a store whose server sends broken orders hears of it at once.
  const orders = Orders.safeParse(payload.orders);
  if (!orders.success) throw new CustomerTokenRefused('malformed_orders');
  return { subject: subject.data, name: profile.data.name, locale: profile.data.locale, orders: orders.data };
}
