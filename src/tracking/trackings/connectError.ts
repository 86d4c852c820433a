/**
 * Reads a Connect-protocol error. The code comes from the JSON body first; only a body without one
 * falls back to the HTTP status, by the Connect spec's table (so a bare 404 from a proxy is
 * `unimplemented`, not the API saying "order not found").
 */
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';

interface FieldViolation {
  field: string;
  description?: string;
}

export interface ConnectError {
  code: string;
  message?: string;
  /** This API's own `meta.argument`. */
  argument?: string;
  /** google.rpc.BadRequest field violations from `details`. */
  violations: FieldViolation[];
  meta?: Record<string, unknown>;
  /** Whether the code was read from a Connect body, rather than guessed from the HTTP status. */
  fromBody: boolean;
}

const CODES = new Set([
  'canceled',
  'unknown',
  'invalid_argument',
  'deadline_exceeded',
  'not_found',
  'already_exists',
  'permission_denied',
  'resource_exhausted',
  'failed_precondition',
  'aborted',
  'out_of_range',
  'unimplemented',
  'internal',
  'unavailable',
  'data_loss',
  'unauthenticated',
]);

function codeFromStatus(status: number): string {
  switch (status) {
    case 400:
      return 'internal';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'permission_denied';
    case 404:
      return 'unimplemented';
    case 429:
    case 502:
    case 503:
    case 504:
      return 'unavailable';
    default:
      return 'unknown';
  }
}

export function readConnectError(status: number, json: unknown): ConnectError {
  const body = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const fromBody = typeof body.code === 'string' && CODES.has(body.code);
  const meta = body.meta && typeof body.meta === 'object' ? (body.meta as Record<string, unknown>) : undefined;
  const violations = Array.isArray(body.details) ? body.details.flatMap(badRequestViolations) : [];
  return {
    code: fromBody ? (body.code as string) : codeFromStatus(status),
    message: typeof body.message === 'string' ? body.message : undefined,
    argument: typeof meta?.argument === 'string' ? meta.argument : violations[0]?.field,
    violations,
    meta,
    fromBody,
  };
}

/** A details entry of type google.rpc.BadRequest: its `debug` JSON when present, else the protobuf in `value`. */
function badRequestViolations(detail: unknown): FieldViolation[] {
  if (!detail || typeof detail !== 'object') return [];
  const { type, value, debug } = detail as { type?: unknown; value?: unknown; debug?: unknown };
  if (typeof type !== 'string' || !type.endsWith('google.rpc.BadRequest')) return [];
  const fromDebug = violationsFromDebug(debug);
  if (fromDebug.length) return fromDebug;
  return typeof value === 'string' && value ? violationsFromProto(value) : [];
}

function violationsFromDebug(debug: unknown): FieldViolation[] {
  if (!debug || typeof debug !== 'object') return [];
  const d = debug as Record<string, unknown>;
  const list = d.fieldViolations ?? d.field_violations;
  if (!Array.isArray(list)) return [];
  return list.flatMap((v) => {
    const field = (v as Record<string, unknown>)?.field;
    const description = (v as Record<string, unknown>)?.description;
    return typeof field === 'string'
      ? [{ field, description: typeof description === 'string' ? description : undefined }]
      : [];
  });
}

/** BadRequest { repeated FieldViolation field_violations = 1; } FieldViolation { string field = 1; string description = 2; } */
function violationsFromProto(base64: string): FieldViolation[] {
  try {
    const reader = new BinaryReader(Buffer.from(base64, 'base64'));
    const out: FieldViolation[] = [];
    while (reader.pos < reader.len) {
      const [fieldNo, wireType] = reader.tag();
      if (fieldNo !== 1 || wireType !== WireType.LengthDelimited) {
        reader.skip(wireType, fieldNo);
        continue;
      }
      const inner = new BinaryReader(reader.bytes());
      const violation: FieldViolation = { field: '' };
      while (inner.pos < inner.len) {
        const [no, type] = inner.tag();
        if (no === 1 && type === WireType.LengthDelimited) violation.field = inner.string();
        else if (no === 2 && type === WireType.LengthDelimited) violation.description = inner.string();
        else inner.skip(type, no);
      }
      if (violation.field) out.push(violation);
    }
    return out;
  } catch {
    return [];
  }
}
