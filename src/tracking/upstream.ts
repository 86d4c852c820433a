/**
 * HTTP to the two tracking interfaces: keep-alive connections, the seed's retry policy on axios-retry,
 * one log line and one duration (bot_lookup_duration_seconds) per call, and failures turned into redacted records before anything else sees them.
 * An AxiosError never leaves this file: its config carries the Authorization header.
 */
import http from 'node:http';
import https from 'node:https';
import axios, { AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import axiosRetry from 'axios-retry';
import { systemClock, type Clock } from '../runtime/clock';
import { RetriesExhaustedError, UpstreamError, type UpstreamFailure } from './errors';
import type { Logger } from '../runtime/logger';
import { nestsDeeperThan } from '../runtime/nesting';
import { Redactor } from './redaction';
import { DEFAULT_RETRY, isRetryable, retryDelayMs, retryReason, type RetryOptions } from './retry';
import { NO_METRICS, seconds, type Metrics } from '../telemetry/metrics';
import { errorType, NO_TRACING, type Tracing } from '../telemetry/tracing';
import { AttemptSpans } from './upstreamSpans';
import { failedLookup, type LookupEnd } from './lookupResult';

type UpstreamName = UpstreamFailure['upstream'];

/** A call with its retries, ended: a final HTTP answer, or the failure (and the typed error) that ended it. */
type Exchanged = { started: number } & (
  | { response: UpstreamResponse; failed?: undefined }
  | { response?: undefined; failed: UpstreamFailure & { error: Error } }
);

export interface UpstreamRequest {
  upstream: UpstreamName;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** Knows the credentials of this call, so that no record of it can hold them. */
  redactor: Redactor;
}

/** A final HTTP answer: 2xx, or an error status the policy does not retry (the client reads its meaning). */
export interface UpstreamResponse {
  status: number;
  headers: Record<string, string>;
  /** The body parsed as JSON, or undefined when it is not JSON or not labelled as JSON. */
  json: unknown;
  text: string;
  attempts: number;
  delaysMs: number[];
  /** Any value taken from this answer, with the call's secrets removed; every error field passes through it. */
  redact<T>(value: T): T;
  /** The redacted record of this answer, for a typed error when the client decides it is one. */
  failure(message?: string, code?: string, meta?: Record<string, unknown>): UpstreamFailure;
}

export interface UpstreamHttpOptions {
  retry?: Partial<RetryOptions>;
  clock?: Clock;
  logger?: Logger;
  /** Each call's duration and each retry, by interface. */
  metrics?: Metrics;
  /** A span per attempt, whose traceparent the attempt carries. */
  tracing?: Tracing;
  /** Largest response body accepted; a larger one is refused, not buffered. */
  maxResponseBytes?: number;
}

/** How much of an unreadable body an error record keeps. */
const BODY_EXCERPT = 2_000;

export class UpstreamHttp {
  readonly retry: RetryOptions;
  private readonly clock: Clock;
  private readonly logger?: Logger;
  private readonly metrics: Metrics;
  private readonly tracing: Tracing;
  private readonly axios: AxiosInstance;

  constructor(options: UpstreamHttpOptions = {}) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger;
    this.metrics = options.metrics ?? NO_METRICS;
    this.tracing = options.tracing ?? NO_TRACING;
    this.axios = axios.create({
      httpAgent: new http.Agent({ keepAlive: true, maxSockets: 64 }),
      httpsAgent: new https.Agent({ keepAlive: true, maxSockets: 64 }),
      // We parse ourselves, so that a malformed body is told apart from a missing one.
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
      maxContentLength: options.maxResponseBytes ?? 5 * 1024 * 1024,
      maxRedirects: 0,
    });
    axiosRetry(this.axios, { retries: 0 });
  }

  /**
   * One call, its final answer read by the client that knows the interface (`read`: the value, or a typed
   * error), and one log line whose outcome is what the answer meant, in the words the turn's line uses
   * (lookupResult.ts): an unknown order is `not_found` on both, not a refusal here and not_found there.
   * `empty`: a value that is "nothing for this number" (an empty header).
   */
  async send<T>(
    request: UpstreamRequest,
    read: (response: UpstreamResponse) => T,
    empty: (value: T) => boolean = () => false,
  ): Promise<T> {
    const exchanged = await this.exchange(request);
    const { started } = exchanged;
    if (exchanged.failed) {
      const { failed } = exchanged;
      this.log(request, started, failed.status ?? failed.code, failed.attempts, failed.delaysMs, 'failed');
      throw failed.error;
    }
    const { response } = exchanged;
    try {
      const value = read(response);
      this.log(
        request,
        started,
        response.status,
        response.attempts,
        response.delaysMs,
        empty(value) ? 'not_found' : 'found',
      );
      return value;
    } catch (error) {
      this.log(request, started, response.status, response.attempts, response.delaysMs, failedLookup(error));
      throw error;
    }
  }

  /** The call with its retries: a final HTTP answer (2xx, or a status not retried), or the failure that ended it. */
  private async exchange(request: UpstreamRequest): Promise<Exchanged> {
    const started = this.clock.now();
    const deadline = started + this.retry.deadlineMs;
    const delaysMs: number[] = [];
    let nextDelay = 0;
    let stoppedByDeadline: number | undefined;
    const spans = new AttemptSpans(this.tracing, request.method, request.url, request.upstream);

    try {
      const response = await this.axios.request<string>({
        method: request.method,
        url: request.url,
        headers: { ...request.headers, ...spans.next() },
        data: request.body === undefined ? undefined : JSON.stringify(request.body),
        timeout: Math.min(this.retry.attemptTimeoutMs, this.retry.deadlineMs),
        'axios-retry': {
          retries: this.retry.maxAttempts - 1,
          shouldResetTimeout: true,
          retryCondition: (error) => {
            if (!isRetryable(error)) return false;
            const attempt = delaysMs.length + 1;
            nextDelay = retryDelayMs(attempt, error, this.clock.now(), this.retry.backoffUnitMs);
            if (this.clock.now() + nextDelay >= deadline) {
              stoppedByDeadline = nextDelay;
              return false;
            }
            return true;
          },
          // axios-retry would wait on the real timer; we wait on the injected clock instead.
          retryDelay: () => 0,
          onRetry: async (_count, error, config) => {
            spans.failed(error);
            this.metrics.count('bot_upstream_retries_total', {
              interface: request.upstream,
              reason: retryReason(error),
            });
            delaysMs.push(nextDelay);
            await this.clock.sleep(nextDelay);
            config.timeout = Math.max(1, Math.min(this.retry.attemptTimeoutMs, deadline - this.clock.now()));
            // Each attempt carries its own span (the previous attempt's traceparent is replaced).
            config.headers = Object.assign(config.headers ?? {}, spans.next());
          },
        },
      });
      spans.answered(response.status);
      return { started, response: this.toResponse(request, response, delaysMs) };
    } catch (thrown) {
      if (!(thrown instanceof AxiosError)) {
        spans.abandoned(errorType(thrown));
        throw thrown;
      }
      spans.failed(thrown);
      const attempts = delaysMs.length + 1;
      if (thrown.response && !isRetryable(thrown))
        return { started, response: this.toResponse(request, thrown.response, delaysMs) };
      const failure = this.failureOf(request, thrown, attempts, delaysMs);
      const error = isRetryable(thrown)
        ? new RetriesExhaustedError(
            failure,
            stoppedByDeadline !== undefined ? 'deadline' : 'attempts',
            stoppedByDeadline,
          )
        : new UpstreamError(failure);
      return { started, failed: { ...failure, error } };
    }
  }

  private toResponse(request: UpstreamRequest, response: AxiosResponse, delaysMs: number[]): UpstreamResponse {
    const text = typeof response.data === 'string' ? response.data : '';
    // Both interfaces answer application/json. Anything else (a proxy's page, a mislabelled body) is not their answer.
    const json = JSON_CONTENT_TYPE.test(String(response.headers['content-type'] ?? '')) ? parseJson(text) : undefined;
    const headers = request.redactor.headers(response.headers);
    const attempts = delaysMs.length + 1;
    return {
      status: response.status,
      headers,
      json,
      text,
      attempts,
      delaysMs: [...delaysMs],
      redact: (value) => request.redactor.value(value),
      failure: (message, code, meta) => ({
        upstream: request.upstream,
        method: request.method,
        url: request.redactor.text(request.url),
        status: response.status,
        code,
        message: message === undefined ? undefined : request.redactor.text(message),
        meta: meta === undefined ? undefined : request.redactor.value(meta),
        headers,
        body: request.redactor.value(json ?? excerpt(text)),
        attempts,
        delaysMs: [...delaysMs],
      }),
    };
  }

  private failureOf(
    request: UpstreamRequest,
    error: AxiosError,
    attempts: number,
    delaysMs: number[],
  ): UpstreamFailure {
    const { redactor } = request;
    if (error.response) {
      const failure = this.toResponse(request, error.response, delaysMs).failure();
      const body = failure.body as { code?: unknown; message?: unknown } | undefined;
      return {
        ...failure,
        attempts,
        code: typeof body?.code === 'string' ? body.code : undefined,
        message: typeof body?.message === 'string' ? redactor.text(body.message) : undefined,
      };
    }
    return {
      upstream: request.upstream,
      method: request.method,
      url: redactor.text(request.url),
      code: error.code,
      message: redactor.text(error.message),
      attempts,
      delaysMs: [...delaysMs],
    };
  }

  private log(
    request: UpstreamRequest,
    started: number,
    status: number | string | undefined,
    attempts: number,
    delaysMs: number[],
    outcome: LookupEnd,
  ): void {
    const latencyMs = this.clock.now() - started;
    this.metrics.observe('bot_lookup_duration_seconds', { interface: request.upstream }, seconds(latencyMs));
    if (!this.logger) return;
    const entry = {
      upstream: request.upstream,
      method: request.method,
      path: new URL(request.url).pathname,
      status,
      attempts,
      delaysMs,
      latencyMs,
      outcome,
    };
    if (outcome === 'failed') this.logger.warn(entry, 'upstream call failed');
    else this.logger.info(entry, 'upstream call');
  }
}

const JSON_CONTENT_TYPE = /^application\/([\w.-]+\+)?json\b/i;

/** The body as JSON; undefined when it is not JSON, or nests deeper than any real answer (then it is a broken one). */
function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    const json: unknown = JSON.parse(text);
    return nestsDeeperThan(json) ? undefined : json;
  } catch {
    return undefined;
  }
}

function excerpt(text: string): string | undefined {
  if (!text) return undefined;
  return text.length > BODY_EXCERPT ? `${text.slice(0, BODY_EXCERPT)}… (${text.length} chars)` : text;
}
