/**
 * Typed errors → HTTP answers for the action routes, in one place. Every body has the same
 * Connect-like shape: { code, message, argument? , failure? }. Failure records are already redacted.
 */
import {
  InvalidArgumentError,
  NotConfiguredError,
  NotFoundError,
  RetriesExhaustedError,
  UnauthenticatedError,
  UpstreamError,
  type UpstreamFailure,
} from '../tracking/errors';

export interface ErrorBody {
  code: string;
  message: string;
  argument?: string;
  failure?: UpstreamFailure;
}

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
}

/** `argument` speaks the caller's terms: the route's field names, not the upstream's. */
export function errorResponse(
  error: unknown,
  argumentName: (argument: string) => string = (a) => a,
): ErrorResponse | undefined {
  if (error instanceof InvalidArgumentError) {
    const argument = argumentName(error.argument);
    return { status: 400, body: { code: error.code, message: error.message, argument } };
  }
  if (error instanceof NotFoundError) return { status: 404, body: { code: error.code, message: error.message } };
  if (error instanceof UnauthenticatedError) return { status: 401, body: { code: error.code, message: error.message } };
  if (error instanceof NotConfiguredError)
    return { status: 503, body: { code: 'unavailable', message: error.message } };
  if (error instanceof RetriesExhaustedError) {
    const status = error.reason === 'deadline' ? 504 : 502;
    return {
      status,
      body: { code: error.failure.code ?? 'unavailable', message: error.message, failure: error.failure },
    };
  }
  if (error instanceof UpstreamError)
    return { status: 502, body: { code: error.code, message: error.message, failure: error.failure } };
  return undefined;
}

/** Answers a refusal in the one shape (a restify Response, or anything that sends a status and a body). */
export function sendError(res: { send(status: number, body: unknown): unknown }, error: ErrorResponse): void {
  res.send(error.status, error.body);
}

export const INTERNAL_ERROR: ErrorResponse = { status: 500, body: { code: 'internal', message: 'internal error' } };

/** A caller without the secret a route needs (`message` names where it goes, never what came). */
export function unauthenticated(message: string): ErrorResponse {
  return { status: 401, body: { code: 'unauthenticated', message, argument: 'Authorization' } };
}
