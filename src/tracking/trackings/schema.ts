/**
 * Interface B's ListTrackings answer (seed 2.2), parsed leniently. Proto3 JSON may arrive in
 * lowerCamelCase (the default of most printers) or in snake_case (as the seed shows): keys are read both ways.
 */
import { z } from 'zod';

const text = z.string().optional().catch(undefined);

export const TrackingEventSchema = z.looseObject({ status_code: text, message: text, timestamp: text });

export const TrackingRecordSchema = z.looseObject({
  carrier: text,
  tracking_number: text,
  tracking_url: text,
  update_time: text,
  status: z.looseObject({ code: text, message: text }).optional().catch(undefined),
  events: z
    .array(z.unknown())
    .catch([])
    .transform((items) => items.flatMap((raw) => {
      const parsed = TrackingEventSchema.safeParse(raw);
      return parsed.success ? [parsed.data] : [];
    }))
    .optional(),
});

export const ListTrackingsResponseSchema = z.preprocess(
  snakeCaseKeys,
  z.looseObject({
    trackings: z
      .array(z.unknown())
      .catch([])
      .transform((items) => items.flatMap((raw) => {
        const parsed = TrackingRecordSchema.safeParse(raw);
        return parsed.success ? [parsed.data] : [];
      }))
      .optional(),
  }),
);

export type TrackingRecord = z.output<typeof TrackingRecordSchema>;
export type ListTrackingsResponse = z.output<typeof ListTrackingsResponseSchema>;

/** `trackingUrl` → `tracking_url`, deeply; a snake_case key wins over its camelCase twin. */
export function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const snake = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (!(snake in out) || snake === key) out[snake] = snakeCaseKeys(inner);
  }
  return out;
}
