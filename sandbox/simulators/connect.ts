/**
 * Connect-protocol error bodies for the interface B simulator, shaped like a real Connect server's,
 * plus this API's own `meta.argument` on invalid_argument errors.
 */
import type { SimAnswer } from './simulator';

export type ConnectCode =
  | 'canceled'
  | 'unknown'
  | 'invalid_argument'
  | 'deadline_exceeded'
  | 'not_found'
  | 'already_exists'
  | 'permission_denied'
  | 'resource_exhausted'
  | 'failed_precondition'
  | 'aborted'
  | 'unimplemented'
  | 'internal'
  | 'unavailable'
  | 'unauthenticated';

/** The code a Connect server would use for an HTTP status, so simulated faults carry a matching body. */
const CODE_FOR_STATUS: Readonly<Record<number, ConnectCode>> = {
  400: 'invalid_argument',
  401: 'unauthenticated',
  403: 'permission_denied',
  404: 'not_found',
  408: 'deadline_exceeded',
  409: 'aborted',
  412: 'failed_precondition',
  429: 'resource_exhausted',
  499: 'canceled',
  500: 'internal',
  501: 'unimplemented',
  502: 'unavailable',
  503: 'unavailable',
  504: 'deadline_exceeded',
};

export function connectCodeForStatus(status: number): ConnectCode {
  return CODE_FOR_STATUS[status] ?? (status >= 500 ? 'internal' : 'unknown');
}

export function connectError(
  status: number,
  code: ConnectCode,
  message: string,
  headers?: Record<string, string>,
): SimAnswer {
  return { status, body: { code, message }, headers };
}

/**
 * 400 invalid_argument naming the argument twice: in `meta.argument` (this API's addition) and in a
 * google.rpc.BadRequest detail (Connect's standard place), whose `value` is the real protobuf encoding.
 */
export function invalidArgument(argument: string, description: string): SimAnswer {
  // `description` is a whole sentence naming the argument; it serves as message and field violation.
  return {
    status: 400,
    body: {
      code: 'invalid_argument',
      message: description,
      meta: { argument },
      details: [
        {
          type: 'google.rpc.BadRequest',
          value: encodeBadRequest(argument, description),
          debug: { fieldViolations: [{ field: argument, description }] },
        },
      ],
    },
  };
}

/** BadRequest{ field_violations: [FieldViolation{ field = 1, description = 2 }] }, base64 without padding as Connect sends it. */
function encodeBadRequest(field: string, description: string): string {
  const violation = Buffer.concat([
    lengthDelimited(1, Buffer.from(field)),
    lengthDelimited(2, Buffer.from(description)),
  ]);
  return lengthDelimited(1, violation).toString('base64').replace(/=+$/, '');
}

function lengthDelimited(fieldNumber: number, bytes: Buffer): Buffer {
  return Buffer.concat([varint((fieldNumber << 3) | 2), varint(bytes.length), bytes]);
}

function varint(value: number): Buffer {
  const out: number[] = [];
  while (value > 0x7f) {
    out.push((value & 0x7f) | 0x80);
    value >>>= 7;
  }
  out.push(value);
  return Buffer.from(out);
}
