/**
 * Interface A's answer (seed 2.1), parsed leniently: every field optional, a mistyped one dropped,
 * unknown fields passed through.
 */
import { z } from 'zod';
import { entriesOf, lenientList, optionalFlag, optionalText } from '../lenient';

const lenientObject = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape).optional().catch(undefined);

const CheckpointSchema = z.looseObject({
  shown: optionalFlag,
  status: optionalText,
  status_text: optionalText,
  status_details: optionalText,
  full_courier_status: optionalText,
  location: optionalText,
  timestamp: optionalText,
});

const ShipmentHeaderSchema = z.looseObject({
  id: z
    .union([z.string(), z.number().transform(String)])
    .optional()
    .catch(undefined),
  tracking_number: optionalText,
  courier: lenientObject({
    name: optionalText,
    prettyname: optionalText,
    trackingurl: optionalText,
    trackingurl_label: optionalText,
  }),
  last_delivery_status: lenientObject({ status: optionalText, status_details: optionalText, code: optionalText }),
  delay: optionalFlag,
  exception: optionalFlag,
});

export const CheckpointsResponseSchema = z.looseObject({
  header: entriesOf(ShipmentHeaderSchema).optional(),
  body: z.record(z.string(), lenientList(CheckpointSchema)).optional().catch(undefined),
});

export type Checkpoint = z.output<typeof CheckpointSchema>;
export type ShipmentHeader = z.output<typeof ShipmentHeaderSchema>;
export type CheckpointsResponse = z.output<typeof CheckpointsResponseSchema>;
