/**
 * Typed tracking errors. They are born here, turned into user words once in the dialog layer,
 * and into log fields once by the logger. None of them ever holds a credential:
 * every detail passes through a Redactor before it is stored.
 */

/** What we know of one failed upstream call, safe to log and to return to an operator. */
export interface UpstreamFailure {
  upstream: 'checkpoints' | 'trackings';
  method: string;
  /** Full request URL, query included (credentials never travel in the URL). */
  url: string;
  status?: number;
  /** Connect error code (Interface B) or a transport code such as ECONNRESET. */
  code?: string;
  message?: string;
  meta?: Record<string, unknown>;
  headers?: Record<string, string>;
  body?: unknown;
  attempts: number;
  /** The waits before each retry, in milliseconds. */
  delaysMs: number[];
}

export abstract class TrackingError extends Error {
  abstract readonly code: string;

  override toString(): string {
    return `${this.name}: ${this.message}`;
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, message: this.message };
  }
}

/** An input was refused, by us before any request or by the upstream. `argument` names it in the upstream's terms. */
export class InvalidArgumentError extends TrackingError {
  readonly code = 'invalid_argument';
  override readonly name = 'InvalidArgumentError';
  constructor(
    readonly argument: string,
    message: string,
    readonly failure?: UpstreamFailure,
  ) {
    super(message);
  }
  override toJSON() {
    return { ...super.toJSON(), argument: this.argument, failure: this.failure };
  }
}

/** The upstream says the order or tracking number does not exist. */
export class NotFoundError extends TrackingError {
  readonly code = 'not_found';
  override readonly name = 'NotFoundError';
  constructor(
    message = 'not found',
    readonly failure?: UpstreamFailure,
  ) {
    super(message);
  }
  override toJSON() {
    return { ...super.toJSON(), failure: this.failure };
  }
}

/** The credentials were refused. An operator problem, never the customer's. */
export class UnauthenticatedError extends TrackingError {
  readonly code = 'unauthenticated';
  override readonly name = 'UnauthenticatedError';
  constructor(readonly failure: UpstreamFailure) {
    super(`${failure.upstream} refused the credentials (HTTP ${failure.status ?? '?'})`);
  }
  override toJSON() {
    return { ...super.toJSON(), failure: this.failure };
  }
}

/** A failure that retrying would not mend: another 4xx, or an answer we cannot read. */
export class UpstreamError extends TrackingError {
  override readonly name = 'UpstreamError';
  readonly code: string;
  constructor(
    readonly failure: UpstreamFailure,
    message?: string,
  ) {
    super(message ?? describe(failure));
    this.code = failure.code ?? 'upstream_error';
  }
  override toJSON() {
    return { ...super.toJSON(), failure: this.failure };
  }
}

/** The retry policy gave up: attempts used up, or the next wait would pass the deadline. Carries the full response details. */
export class RetriesExhaustedError extends TrackingError {
  readonly code = 'retries_exhausted';
  override readonly name = 'RetriesExhaustedError';
  constructor(
    readonly failure: UpstreamFailure,
    readonly reason: 'attempts' | 'deadline',
    /** The wait the policy would have needed next, when the deadline stopped it. */
    readonly nextDelayMs?: number,
  ) {
    super(`${describe(failure)}; gave up after ${failure.attempts} attempt(s) (${reason})`);
  }
  override toJSON() {
    return { ...super.toJSON(), reason: this.reason, nextDelayMs: this.nextDelayMs, failure: this.failure };
  }
}

function describe(f: UpstreamFailure): string {
  const what = f.status ? `HTTP ${f.status}` : (f.code ?? 'no response');
  const code = f.status && f.code ? ` ${f.code}` : '';
  const message = f.message ? `: ${f.message}` : '';
  return `${f.upstream} ${f.method} ${f.url} failed with ${what}${code}${message}`;
}

/** The interface a request needs is not configured on this deployment. */
export class NotConfiguredError extends TrackingError {
  readonly code = 'not_configured';
  override readonly name = 'NotConfiguredError';
  constructor(readonly upstream: UpstreamFailure['upstream']) {
    super(`the ${upstream} interface is not configured`);
  }
}

/**
 * Log fields of any failure. A typed error without the order data its details may carry: the URL's query
 * values (an order number), the upstream's own message and body (which may echo one) and our message,
 * which quotes the URL. The whole details go only to an authenticated caller of the action routes.
 */
export function errorLogFields(error: unknown): Record<string, unknown> {
  if (error instanceof TrackingError) {
    const { message, failure, ...fields } = error.toJSON() as Record<string, unknown> & { failure?: UpstreamFailure };
    return failure ? { ...fields, failure: failureLogFields(failure) } : { ...fields, message };
  }
  return error instanceof Error ? { name: error.name, message: error.message } : { value: String(error) };
}

/** Language codes are no one's data; every other query value may be. */
const LOGGED_QUERY_VALUES = new Set(['lang']);

/**
 * The answer's headers an operator acts on: the wait asked for, what kind of body came, and the ids to quote
 * to the upstream's support. Any other header is the upstream's to fill (a redirect's Location can name the
 * tracking number, the carrier and the town), so it stays out of the log.
 */
const LOGGED_HEADERS = new Set([
  'retry-after',
  'content-type',
  'x-request-id',
  'request-id',
  'x-correlation-id',
  'x-ms-request-id',
  'x-amzn-requestid',
]);

function failureLogFields(failure: UpstreamFailure): Record<string, unknown> {
  const { url, message: _upstreamsWords, body, headers, ...fields } = failure;
  const logged = headers && Object.entries(headers).filter(([name]) => LOGGED_HEADERS.has(name));
  return {
    ...fields,
    url: loggedUrl(url),
    ...(logged?.length && {
      headers: Object.fromEntries(
        logged.map(([name, value]) => [
          name,
          /^https?:\/\//i.test(value) && URL.canParse(value) ? loggedUrl(value) : value,
        ]),
      ),
    }),
    ...(body !== undefined && { bodyChars: JSON.stringify(body)?.length ?? 0 }),
  };
}

function loggedUrl(url: string): string {
  const logged = new URL(url);
  for (const name of [...logged.searchParams.keys()])
    if (!LOGGED_QUERY_VALUES.has(name)) logged.searchParams.set(name, '…');
  return decodeURI(logged.toString());
}
