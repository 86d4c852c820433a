/**
 * The Swagger 2.0 document of the two action routes (GET /api/actions/openapi.json, and the connector/
 * folder's apiDefinition.swagger.json): what Power Automate and Copilot Studio import as a custom
 * connector. Generated from the routes' own zod schemas (actionSchemas.ts) with zod's JSON Schema
 * output for OpenAPI 3.0, then narrowed to Swagger 2.0's subset (toSwagger2 below).
 */
import { z } from 'zod';
import { listEntries } from '../tracking/lenient';
import {
  ErrorBodySchema,
  GetCheckpointsAnswer,
  GetCheckpointsBody,
  ListTrackingsAnswer,
  ListTrackingsBody,
} from './actionSchemas';
import { ACTION_MAX_BODY_BYTES } from './server';

export const ACTIONS_DOCUMENT_PATH = '/api/actions/openapi.json';
/** The connection parameter (apiProperties.json) and security definition that carry ACTIONS_API_KEY. */
const API_KEY = 'api_key';

type JsonSchema = Record<string, unknown>;

/** Swagger 2.0's Schema Object keywords (its JSON Schema subset); `x-` extensions pass as well. */
const SWAGGER2_KEYWORDS = new Set([
  '$ref',
  'format',
  'title',
  'description',
  'default',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'type',
  'items',
  'allOf',
  'properties',
  'additionalProperties',
  'discriminator',
  'readOnly',
  'xml',
  'externalDocs',
  'example',
]);

/**
 * zod's OpenAPI 3.0 output, narrowed to Swagger 2.0, where the two differ:
 * - `nullable: true` → `x-nullable: true` (the extension Power Platform and AutoRest read);
 * - `anyOf`: Swagger 2.0 has none. Branches that say nothing (`{}`, from a transform) drop out; of the
 *   rest the first is the documented form (User ID is a string, as the seed says, though the route takes
 *   a number too; its description says so);
 * - `const` → a one-value `enum`;
 * - anything else Swagger 2.0 cannot say stops the build (the tests build it), rather than being lost.
 */
function toSwagger2(schema: JsonSchema, at = '#'): JsonSchema {
  const {
    anyOf,
    nullable,
    const: constant,
    ...rest
  } = schema as JsonSchema & { anyOf?: JsonSchema[]; nullable?: boolean; const?: unknown };
  let out: JsonSchema = { ...rest };
  if (anyOf) {
    const said = anyOf.filter((branch) => Object.keys(branch).length > 0);
    out = { ...(said[0] ?? {}), ...out };
  }
  if (nullable) out['x-nullable'] = true;
  if (constant !== undefined) out.enum = [constant];
  for (const key of Object.keys(out)) {
    if (!SWAGGER2_KEYWORDS.has(key) && !key.startsWith('x-')) throw new Error(`${at}: Swagger 2.0 has no "${key}"`);
  }
  if (out.properties) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties as Record<string, JsonSchema>).map(([name, inner]) => [
        name,
        toSwagger2(inner, `${at}/properties/${name}`),
      ]),
    );
  }
  if (out.items) out.items = toSwagger2(out.items as JsonSchema, `${at}/items`);
  if (out.additionalProperties && typeof out.additionalProperties === 'object') {
    out.additionalProperties = toSwagger2(out.additionalProperties as JsonSchema, `${at}/additionalProperties`);
  }
  if (out.allOf) out.allOf = (out.allOf as JsonSchema[]).map((inner, i) => toSwagger2(inner, `${at}/allOf/${i}`));
  return out;
}

/** One zod schema as Swagger 2.0: requests as the route reads them (input), answers as it sends them (output). */
function swaggerSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  return toSwagger2(openApiSchema(schema, io));
}

function openApiSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    // A lenient list's parse step is a transform: say what it keeps. Any other transform (a number read
    // as text) says nothing, and its union's other branch documents it.
    unrepresentable: ({ zodSchema }) => {
      const entries = listEntries.get(zodSchema);
      return entries ? { type: 'array', items: openApiSchema(entries, io) } : 'any';
    },
  });
}

const errorRef = { $ref: '#/definitions/Error' };
const error = (description: string) => ({ description, schema: errorRef });

/** Every answer a route can give besides 200, and when. Both routes share these, but for 404. */
const REFUSALS = {
  '400': error(
    "invalid_argument: a field is missing, of the wrong type or too long, breaks a rule of the seed, or the body is not JSON; `argument` names the field. The upstream's own invalid_argument comes back the same way.",
  ),
  '401': error(
    'unauthenticated: our API key is missing or wrong (`argument`: "Authorization"), or the upstream refused the credentials given in the body.',
  ),
  '413': error(`payload_too_large: the body is over ${ACTION_MAX_BODY_BYTES} bytes.`),
  '415': error('unsupported_media_type: the body is not application/json, or it is compressed.'),
  '429': {
    ...error('resource_exhausted: this client has made ACTIONS_RATE_LIMIT requests this minute.'),
    headers: { 'Retry-After': { type: 'integer', description: 'Seconds until one more request is allowed.' } },
  },
  '500': error('internal: a defect of the service.'),
  '502': error('The upstream failed and retries ran out; `failure` carries its full response details.'),
  '503': error('unavailable: this interface is not configured on this deployment.'),
  '504': error(
    'The upstream failed and the next retry would have passed the deadline; `failure` carries its full response details.',
  ),
};

/** The routes' own version, not the package's: the connector file changes only when the routes do. */
const ACTIONS_API_VERSION = '1.0.0';

/** The document as served and as written to connector/apiDefinition.swagger.json, byte for byte. */
export function actionsDocumentText(): string {
  return `${JSON.stringify(actionsDocument(), null, 2)}\n`;
}

/** The Swagger 2.0 document of both action routes. It holds no host: the importer names it (docs/agents-and-flows.md). */
function actionsDocument(): JsonSchema {
  const body = (schema: z.ZodType) => [
    { name: 'body', in: 'body', required: true, 'x-ms-summary': 'Input', schema: swaggerSchema(schema, 'input') },
  ];
  return {
    swagger: '2.0',
    info: {
      title: 'Order Tracking',
      description:
        'Where is my order: the checkpoints of an order number (the flow action "Get Checkpoints by Order Number") and the trackings of a tracking number, order id or store order, with the credentials of the interface you bring.',
      version: ACTIONS_API_VERSION,
    },
    basePath: '/',
    schemes: ['https'],
    consumes: ['application/json'],
    produces: ['application/json'],
    securityDefinitions: {
      [API_KEY]: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Api-Key',
        description: "The service's ACTIONS_API_KEY (also taken as Authorization: Bearer <key>).",
      },
    },
    security: [{ [API_KEY]: [] }],
    paths: {
      '/api/actions/get-checkpoints-by-order-number': {
        post: {
          operationId: 'GetCheckpointsByOrderNumber',
          summary: 'Get Checkpoints by Order Number',
          description:
            'The shipments of an order number with their checkpoint history, from the checkpoints interface, with your user id and token. Success is false when no tracking data was found.',
          'x-ms-visibility': 'important',
          parameters: body(GetCheckpointsBody),
          responses: {
            '200': {
              description: 'The tracking data, or Success false when none was found.',
              schema: swaggerSchema(GetCheckpointsAnswer, 'output'),
            },
            ...REFUSALS,
          },
        },
      },
      '/api/actions/list-trackings': {
        post: {
          operationId: 'ListTrackings',
          summary: 'List Trackings',
          description:
            'The tracking records (carrier, link, status, events) of a tracking number, an order id, or a store order number with its store, from the trackings interface, with your API key.',
          'x-ms-visibility': 'important',
          parameters: body(ListTrackingsBody),
          responses: {
            '200': { description: 'The tracking records found.', schema: swaggerSchema(ListTrackingsAnswer, 'output') },
            ...REFUSALS,
            '404': error('not_found: the trackings interface knows no such order or number.'),
          },
        },
      },
    },
    definitions: { Error: swaggerSchema(ErrorBodySchema, 'output') },
  };
}

/** connector/apiProperties.json, as written. */
export function connectorPropertiesText(): string {
  return `${JSON.stringify(connectorProperties(), null, 2)}\n`;
}

/** connector/apiProperties.json: the connection asks for the API key, as a secret. */
function connectorProperties(): JsonSchema {
  return {
    properties: {
      connectionParameters: {
        [API_KEY]: {
          type: 'securestring',
          uiDefinition: {
            displayName: 'API Key',
            description: "The order-tracking service's ACTIONS_API_KEY",
            tooltip: 'Ask whoever runs the order-tracking service for its ACTIONS_API_KEY',
            constraints: { tabIndex: 2, clearText: false, required: 'true' },
          },
        },
      },
      iconBrandColor: '#007ee5',
      capabilities: [],
      publisher: 'Order Tracking',
      stackOwner: 'Order Tracking',
    },
  };
}
