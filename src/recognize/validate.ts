/**
 * Input typed at a prompt that asked for one kind of identifier: normalized, or the reason it cannot
 * be one, for a message that says what to fix. Deliberately looser than free-text recognition: the
 * customer told us what it is, and carriers exist beyond those whose check digits we know
 * (DPD, GLS, PostNL "3S…", Royal Mail "TT…GB").
 */
import type { LookupKind } from '../tracking/lookup';
import { ORDER_ID_PATTERN } from '../tracking/trackings/query';

type InvalidReason =
  | 'empty'
  | 'too_long'
  | 'spaces'
  | 'order_id_length'
  | 'order_id_characters'
  | 'tracking_number_format'
  | 'order_number_format'
  | 'store_format';
export type Validation = { ok: true; value: string } | { ok: false; reason: InvalidReason; length?: number };

/** The longest tracking number taken, typed or found in a sentence (USPS and FedEx print 34). */
export const MAX_TRACKING_NUMBER = 40;
const TRACKING_NUMBER = new RegExp(`^[A-Z0-9]{6,${MAX_TRACKING_NUMBER}}$`);
/** Storefront and Interface A order numbers: "#1001", "SO-2026/0042", "A_17.3". */
const ORDER_NUMBER = /^[\p{L}\p{N}#\-_./]+$/u;
const MAX_ORDER_NUMBER = 64;
/** A store's id, or (when the operator listed none) its name as the customer types it: "Acme Shop", "store-us-1". */
const STORE = /^[\p{L}\p{N}\-_.&' ]+$/u;
const MAX_STORE = 128;
/** Beyond this, whatever was asked, it is a pasted paragraph and not an identifier. */
const MAX_INPUT = 128;

export function validateIdentifier(kind: LookupKind | 'store', input: string): Validation {
  const trimmed = input.trim();
  if (!trimmed) return invalid('empty');
  switch (kind) {
    case 'tracking_number':
      return trackingNumber(trimmed);
    case 'order_id':
      return orderId(trimmed);
    case 'order_number':
    case 'external_order':
      return orderNumber(trimmed);
    case 'store':
      return store(trimmed);
  }
}

/** Spaces and dashes are how labels print them ("1Z 999 AA1…", "JD01-4600…"), not part of the number. */
function trackingNumber(trimmed: string): Validation {
  const value = trimmed.replace(/[\s-]+/g, '').toUpperCase();
  if (value.length > MAX_TRACKING_NUMBER) return invalid('too_long');
  return TRACKING_NUMBER.test(value) ? { ok: true, value } : invalid('tracking_number_format');
}

/** Case is kept: the service's order IDs are compared as typed. The length is told back ("you typed 11 characters"). */
function orderId(trimmed: string): Validation {
  const value = trimmed.replace(/\s+/g, '');
  if (value.length > MAX_INPUT) return invalid('too_long');
  const length = [...value].length;
  if (length !== 12) return { ok: false, reason: 'order_id_length', length };
  return ORDER_ID_PATTERN.test(value) ? { ok: true, value } : invalid('order_id_characters');
}

/** Free-form, but one word: a sentence typed at the prompt is not an order number. */
function orderNumber(trimmed: string): Validation {
  if (trimmed.length > MAX_ORDER_NUMBER) return invalid('too_long');
  if (/\s/.test(trimmed)) return invalid('spaces');
  return ORDER_NUMBER.test(trimmed) ? { ok: true, value: trimmed } : invalid('order_number_format');
}

function store(trimmed: string): Validation {
  if (trimmed.length > MAX_STORE) return invalid('too_long');
  return STORE.test(trimmed) ? { ok: true, value: trimmed } : invalid('store_format');
}

function invalid(reason: InvalidReason): Validation {
  return { ok: false, reason };
}
