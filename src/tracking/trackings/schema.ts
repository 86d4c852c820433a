/**
 * Interface B's ListTrackings answer (seed 2.2), parsed leniently. Proto3 JSON may arrive in
 * lowerCamelCase (the default of most printers) or in snake_case (as the seed shows): keys are read both ways.
 */
import { z } from 'zod';
import { entriesOf, lenientList, optionalText } from '../lenient';

const TrackingEventSchema = z.looseObject({
  status_code: optionalText,
  message: optionalText,
  timestamp: optionalText,
});

export const TrackingRecordSchema = z.looseObject({
  carrier: optionalText,
  tracking_number: optionalText,
  tracking_url: optionalText,
  update_time: optionalText,
  status: z.looseObject({ code: optionalText, message: optionalText }).optional().catch(undefined),
  events: lenientList(TrackingEventSchema).optional(),
});

export const ListTrackingsResponseSchema = z.preprocess(
  snakeCaseKeys,
  z.looseObject({ trackings: entriesOf(TrackingRecordSchema).optional() }),
);

export type TrackingRecord = z.output<typeof TrackingRecordSchema>;
export type ListTrackingsResponse = z.output<typeof ListTrackingsResponseSchema>;

/** `trackingUrl` → `tracking_url`, deeply; a snake_case key wins over its camelCase twin. */
function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const snake = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (!(snake in out) || snake === key) out[snake] = snakeCaseKeys(inner);
  }
  return out;
}
