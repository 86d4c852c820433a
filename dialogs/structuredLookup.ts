/**
 * A lookup sent as data rather than words: an Adaptive Card submit or a support widget's
 * "track this order" button puts { input_type, identifier, store_id? } in the activity's value.
 */
import { z } from 'zod';
import { validateIdentifier } from '../src/recognize';
import { LOOKUP_KINDS, type LookupRequest } from '../src/tracking/lookup';

const StructuredLookupSchema = z.object({
  input_type: z.enum(LOOKUP_KINDS),
  identifier: z.string().max(256),
  store_id: z.string().max(256).nullish(),
});

export type StructuredLookup = { ok: true; request: LookupRequest } | { ok: false };

/** undefined when the value is not meant as a lookup at all (no input_type). */
export function structuredLookup(value: unknown): StructuredLookup | undefined {
  if (!value || typeof value !== 'object' || !('input_type' in value)) return undefined;
  const parsed = StructuredLookupSchema.safeParse(value);
  if (!parsed.success) return { ok: false };
  const { input_type: kind, identifier, store_id } = parsed.data;
  const id = validateIdentifier(kind, identifier);
  if (!id.ok) return { ok: false };
  if (kind !== 'external_order')
    return store_id ? { ok: false } : { ok: true, request: { kind, identifier: id.value } };
  if (!store_id) return { ok: true, request: { kind, identifier: id.value } };
  const store = validateIdentifier('store', store_id);
  return store.ok ? { ok: true, request: { kind, identifier: id.value, storeId: store.value } } : { ok: false };
}
