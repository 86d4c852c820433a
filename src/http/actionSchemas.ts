/**
 * What the two action routes take and answer, as zod schemas: the routes validate requests with them,
 * and the connector's Swagger document (actionsDocument.ts) is generated from them, so neither can
 * drift from the other. `.meta()` carries what a flow designer reads: Power Platform's display names
 * (`x-ms-summary`, the seed's own for the flow action), visibility, secrets and examples.
 */
import { z } from 'zod';
import { CheckpointsResponseSchema } from '../tracking/checkpoints/schema';
import type { UpstreamFailure } from '../tracking/errors';
import { TrackingRecordSchema } from '../tracking/trackings/schema';
import { INPUT_TYPES } from '../tracking/trackings/query';
import type { ErrorBody } from './errorResponse';

const text = (max: number) =>
  z
    .string({ error: 'is required and must be a string' })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`);
/**
 * A credential travels in a header: a control character in it is refused, never stripped or trimmed
 * away (`TOK\r\nX-Injected: 1` went out as `TOKX-Injected: 1`). Checked before the trim, so a trailing
 * line break is refused too.
 */
const credential = (max: number) =>
  z
    .string({ error: 'is required and must be a string' })
    // eslint-disable-next-line no-control-regex -- control characters are what it refuses
    .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, 'must not contain control characters (line breaks, tabs, NUL)')
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`);

/** A value a flow must keep hidden: masked in the designer and in run history. */
const secret = { format: 'password', 'x-ms-visibility': 'important' } as const;

// The examples are the sandbox's demo order and demo credentials (docs/sandbox.md): not secrets.
export const GetCheckpointsBody = z
  .object(
    {
      orderNumber: text(128).meta({
        'x-ms-summary': 'Order Number',
        description: "The shop's order number.",
        'x-ms-visibility': 'important',
        example: 'ORD-1001',
      }),
      userId: z
        .union([z.string(), z.number()], { error: 'is required and must be a string of digits' })
        .transform(String)
        .pipe(
          z
            .string()
            .trim()
            .regex(/^\d{1,20}$/, 'must be a numeric user id'),
        )
        .meta({
          'x-ms-summary': 'User ID',
          description: 'Your numeric user id at the checkpoints interface (a JSON number is taken too).',
          'x-ms-visibility': 'important',
          pattern: '^\\d{1,20}$',
          example: '4242',
        }),
      token: credential(1024).meta({
        'x-ms-summary': 'Token',
        description: 'Your authentication token at the checkpoints interface.',
        ...secret,
        example: 'sandbox-checkpoints-token',
      }),
      lang: text(35).optional().meta({
        'x-ms-summary': 'Language',
        description: 'Language of the localized texts: a two-letter code or any locale (de, fr-FR). Default en.',
        'x-ms-visibility': 'advanced',
        example: 'en',
      }),
    },
    { error: 'must be a JSON object' },
  )
  .meta({ title: 'Get Checkpoints by Order Number input' });

export const ListTrackingsBody = z
  .object(
    {
      auth_header: z
        .object(
          {
            // A connector sends this part itself: the name is always the same.
            name: credential(64).default('Authorization').meta({
              'x-ms-summary': 'Header Name',
              description: 'Always "Authorization".',
              'x-ms-visibility': 'internal',
              example: 'Authorization',
            }),
            value: credential(2048).meta({
              'x-ms-summary': 'API Key Header',
              description: 'Your key at the trackings interface, as "Bearer <API_KEY>".',
              ...secret,
              example: 'Bearer sandbox-trackings-key',
            }),
          },
          { error: 'is required: { "name": "Authorization", "value": "Bearer <API_KEY>" }' },
        )
        .meta({
          'x-ms-summary': 'Authorization',
          description: 'The trackings interface key, as the header it travels in.',
          'x-ms-visibility': 'important',
        }),
      input_type: z.enum(INPUT_TYPES, { error: `must be one of ${INPUT_TYPES.join(', ')}` }).meta({
        'x-ms-summary': 'Look Up By',
        description:
          "tracking_number: a carrier tracking number; order_id: the tracking service's 12-character order id; external_order: the store's own order number (with Store ID).",
        'x-ms-visibility': 'important',
        example: 'tracking_number',
      }),
      identifier: text(128).meta({
        'x-ms-summary': 'Identifier',
        description: 'The tracking number, order id or store order number to look up.',
        'x-ms-visibility': 'important',
        example: '1Z7X3F940344156200',
      }),
      store_id: text(128)
        .nullish()
        .transform((v) => v ?? undefined)
        .meta({
          'x-ms-summary': 'Store ID',
          description: 'The store of a store order number: required with external_order, refused with the others.',
          'x-ms-visibility': 'advanced',
          example: 'store-us-1',
        }),
    },
    { error: 'must be a JSON object' },
  )
  .meta({ title: 'List Trackings input' });

export const GetCheckpointsAnswer = z
  .object({
    success: z
      .boolean()
      .meta({ 'x-ms-summary': 'Success', description: 'True if tracking data was found, false if none was found.' }),
    trackingData: CheckpointsResponseSchema.nullable().meta({
      'x-ms-summary': 'Tracking Data',
      description:
        'Shipment tracking information with status updates and timestamps, as the checkpoints interface answers it; null when none was found.',
    }),
  })
  .meta({ title: 'Get Checkpoints by Order Number output' });

export const ListTrackingsAnswer = z
  .object({
    trackings: z
      .array(TrackingRecordSchema)
      .meta({ 'x-ms-summary': 'Trackings', description: 'One record per shipment.' }),
  })
  .meta({ title: 'List Trackings output' });

const UpstreamFailureSchema = z.object({
  upstream: z.enum(['checkpoints', 'trackings']),
  method: z.string(),
  url: z.string().meta({ description: 'The request URL, query included (credentials never travel in it).' }),
  status: z.number().int().optional(),
  code: z.string().optional().meta({ description: 'The Connect error code, or a transport code such as ECONNRESET.' }),
  message: z.string().optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
  headers: z
    .record(z.string(), z.string())
    .optional()
    .meta({ description: "The answer's headers; any that carry a credential are masked." }),
  body: z.unknown().optional(),
  attempts: z.number().int(),
  delaysMs: z.array(z.number()).meta({ description: 'The waits before each retry, in milliseconds.' }),
});

export const ErrorBodySchema = z
  .object({
    code: z.string().meta({
      description:
        'A Connect-style code: invalid_argument, unauthenticated, not_found, resource_exhausted, unavailable…',
    }),
    message: z.string(),
    argument: z.string().optional().meta({ description: "The field (or header) at fault, in the route's own names." }),
    failure: UpstreamFailureSchema.optional().meta({
      description: "On 502 and 504: the upstream's full response details, credentials masked.",
    }),
  })
  .meta({ title: 'Error' });

// The answers' types are the routes' own: these lines stop compiling when either side changes alone (never read: _).
type Is<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _SCHEMAS_MATCH_CODE: [
  Is<z.output<typeof UpstreamFailureSchema>, UpstreamFailure>,
  Is<z.output<typeof ErrorBodySchema>, ErrorBody>,
] = [true, true];
