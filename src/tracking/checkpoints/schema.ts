/**
 * Interface A's answer (seed 2.1), parsed leniently: the seed does not say which fields are always there,
 * so every field is optional, a field of the wrong type is dropped rather than failing the whole answer,
 * and unknown fields pass through.
 */
import { z } from 'zod';

const text = z.string().optional().catch(undefined);
const flag = z.boolean().optional().catch(undefined);
const lenient = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape).optional().catch(undefined);

export const CheckpointSchema = z.looseObject({
  shown: flag,
  status: text,
  status_text: text,
  status_details: text,
  full_courier_status: text,
  location: text,
  timestamp: text,
});

export const ShipmentHeaderSchema = z.looseObject({
  id: z.union([z.string(), z.number().transform(String)]).optional().catch(undefined),
  tracking_number: text,
  courier: lenient({ name: text, prettyname: text, trackingurl: text, trackingurl_label: text }),
  last_delivery_status: lenient({ status: text, status_details: text, code: text }),
  delay: flag,
  exception: flag,
});

/** Drops entries that are not objects, instead of refusing the answer. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.array(z.unknown()).catch([]).transform((items) =>
    items.flatMap((raw) => {
      const parsed = item.safeParse(raw);
      return parsed.success ? [parsed.data as z.output<T>] : [];
    }),
  );

export const CheckpointsResponseSchema = z.looseObject({
  header: listOf(ShipmentHeaderSchema).optional(),
  body: z.record(z.string(), listOf(CheckpointSchema)).optional().catch(undefined),
});

export type Checkpoint = z.output<typeof CheckpointSchema>;
export type ShipmentHeader = z.output<typeof ShipmentHeaderSchema>;
export type CheckpointsResponse = z.output<typeof CheckpointsResponseSchema>;
