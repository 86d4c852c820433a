/**
 * Simulator of interface B: the Connect unary RPC `POST /{service}/ListTrackings` with a JSON body,
 * Bearer API key, one lookup method per request, and the demo shipments of demoData/trackings.ts.
 */
import { connectCodeForStatus, connectError, invalidArgument } from './connect';
import { startSimulator, type RecordedRequest, type SimAnswer, type Simulator } from './simulator';
import {
  CARRIER_URLS,
  EXTERNAL_ORDERS,
  ORDERS,
  STATUS_MESSAGES,
  TRACKINGS,
  type TrackingSeed,
} from './demoData/trackings';
import { resolveMoments } from './demoData/clock';

export interface TrackingsSimulatorOptions {
  port?: number;
  host?: string;
  /** Expected as `Authorization: Bearer <apiKey>`. Default 'sim-trackings-key'. */
  apiKey?: string;
  /** Service part of the path. Default 'example.storeapi.v1.PublicAPI'. */
  service?: string;
  latencyMs?: number;
}

/** Proto3 JSON field names: parsers accept the proto name and the lowerCamelCase JSON name. */
const FIELDS = {
  tracking_number: 'trackingNumber',
  order_id: 'orderId',
  external_order: 'externalOrder',
  store_id: 'storeId',
} as const;
type Field = keyof typeof FIELDS;
const LOOKUPS = ['tracking_number', 'order_id', 'external_order'] as const;

type Lookup = Partial<Record<Field, string>>;

export function startTrackingsSimulator(options: TrackingsSimulatorOptions = {}): Promise<Simulator> {
  const apiKey = options.apiKey ?? 'sim-trackings-key';
  const procedure = `/${options.service ?? 'example.storeapi.v1.PublicAPI'}/ListTrackings`;
  // Rendered once per start: the same request gets the same answer while the simulator runs.
  const now = new Date();
  const trackings = new Map(Object.entries(TRACKINGS).map(([number, seed]) => [number, render(number, seed, now)]));

  const handle = (request: RecordedRequest): SimAnswer => {
    if (request.path !== procedure) return connectError(404, 'unimplemented', `${request.path} is not implemented`);
    if (request.method !== 'POST')
      return connectError(405, 'unimplemented', `HTTP method ${request.method} is not allowed; use POST`, {
        allow: 'POST',
      });
    if (!isJson(request.headers['content-type'])) return connectError(415, 'unknown', 'unsupported content type');
    if (request.headers.authorization !== `Bearer ${apiKey}`)
      return connectError(401, 'unauthenticated', 'invalid API key');

    const parsed = parseLookup(request.body);
    if ('status' in parsed) return parsed;
    const found = find(parsed);
    if (!found) return connectError(404, 'not_found', 'order not found');
    return { status: 200, body: { trackings: found.map((number) => trackings.get(number)) } };
  };

  return startSimulator({
    host: options.host,
    port: options.port,
    latencyMs: options.latencyMs,
    handle,
    faultBody: (status) => ({ code: connectCodeForStatus(status), message: `simulated fault: HTTP ${status}` }),
  });
}

/** `application/json`, parameters such as `; charset=utf-8` allowed. */
function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0].trim().toLowerCase() === 'application/json';
}

/** Reads and validates the request body; answers with the error a request deserves, or the lookup. */
function parseLookup(body: string): Lookup | SimAnswer {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return connectError(400, 'invalid_argument', 'request body is not valid JSON');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return connectError(400, 'invalid_argument', 'request body must be a JSON object');
  }
  const raw = json as Record<string, unknown>;

  const lookup: Lookup = {};
  for (const [field, camel] of Object.entries(FIELDS) as [Field, string][]) {
    if (field in raw && camel in raw) return invalidArgument(field, `${field} is set twice (as ${field} and ${camel})`);
    const value = field in raw ? raw[field] : raw[camel];
    // Proto3 JSON: null and the empty string both mean "not set". Unknown fields are ignored, as Connect servers do.
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') return invalidArgument(field, `${field} must be a string`);
    if (value.trim()) lookup[field] = value.trim();
  }

  const given = LOOKUPS.filter((field) => lookup[field] !== undefined);
  if (given.length === 0)
    return invalidArgument('tracking_number', 'exactly one of tracking_number, order_id or external_order must be set');
  if (given.length > 1)
    return invalidArgument(
      given[1],
      `only one of tracking_number, order_id or external_order may be set, got ${given.join(' and ')}`,
    );
  if (lookup.store_id !== undefined && lookup.external_order === undefined)
    return invalidArgument('store_id', 'store_id is only allowed with external_order');
  if (lookup.order_id !== undefined && !/^[A-Za-z0-9]{12}$/.test(lookup.order_id))
    return invalidArgument('order_id', 'order_id must be exactly 12 letters or digits');
  if (lookup.external_order !== undefined && lookup.store_id === undefined)
    return invalidArgument('store_id', 'store_id is required with external_order');
  return lookup;
}

/** Tracking numbers of the matching order, or undefined. Spaces and letter case are forgiven, as is a leading '#'. */
function find(lookup: Lookup): readonly string[] | undefined {
  if (lookup.tracking_number !== undefined) {
    const number = lookup.tracking_number.replace(/\s+/g, '').toUpperCase();
    return TRACKINGS[number] ? [number] : undefined;
  }
  if (lookup.order_id !== undefined) return ORDERS[lookup.order_id.toUpperCase()];
  const orderId = EXTERNAL_ORDERS[lookup.store_id!]?.[lookup.external_order!.replace(/^#/, '')];
  return orderId === undefined ? undefined : ORDERS[orderId];
}

function render(trackingNumber: string, seed: TrackingSeed, now: Date): unknown {
  const dates = resolveMoments(
    now,
    seed.events.map((e) => e.at),
  );
  const events = seed.events
    .map((e, i) => ({ status_code: e.code, message: e.message, timestamp: dates[i] }))
    .sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime()); // oldest first
  const last = events[events.length - 1];
  return {
    carrier: seed.carrier,
    tracking_url: CARRIER_URLS[seed.carrier](trackingNumber),
    // The service's own record update comes a moment after the carrier event, with sub-second precision.
    update_time: new Date(last.timestamp.getTime() + 134_381).toISOString(),
    status: { code: last.status_code, message: seed.statusMessage ?? STATUS_MESSAGES[last.status_code] },
    // Whole seconds are written without a fraction, as protobuf's JSON mapping does for Timestamps.
    events: events.map((e) => ({ ...e, timestamp: e.timestamp.toISOString().replace('.000Z', 'Z') })),
  };
}
