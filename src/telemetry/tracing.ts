/**
 * The port every part starts its spans through, beside the metrics port: the core rooms trace a turn, a
 * lookup, an upstream attempt and a watch's check without knowing OpenTelemetry exists. Its default
 * does nothing and loads nothing; OpenTelemetry stands behind it only where a setting switches traces on
 * (openTelemetryTraces.ts). Span names are fixed (dashboards and saved queries depend on them), and no
 * attribute may carry an identifier, a customer's words or a secret: callers pass kinds, results and codes.
 */

/** The spans the service starts, by name; an HTTP attempt is named by its method, as OpenTelemetry's HTTP conventions say. */
export type SpanName = 'bot.turn' | 'tracking.lookup' | 'watch.check' | 'GET' | 'POST';

/** server: a request the service answers (Application Insights' `requests`); client: a call it makes; internal: work in between. */
type SpanKind = 'server' | 'client' | 'internal';

/** An attribute left undefined is not recorded. */
export type SpanAttributes = Record<string, string | number | boolean | undefined>;

export interface SpanStart {
  kind?: SpanKind;
  attributes?: SpanAttributes;
  /** A trace of its own, whatever span is active: a turn, a watch's check. */
  root?: boolean;
  /** A span this one follows from, as a W3C traceparent (the turn that started a watch); a malformed one is left out. */
  linkTo?: string;
}

export interface Span {
  set(attributes: SpanAttributes): void;
  /** The span failed. `errorType` names how (an error class, an HTTP status, a transport code), never with its message. */
  fail(errorType: string): void;
  /** This span as a W3C `traceparent` header; undefined when traces are off. */
  traceparent(): string | undefined;
  end(): void;
}

export interface Tracing {
  /**
   * `work` inside a new span, active for everything `work` starts (its lookups, its HTTP attempts, its log lines).
   * The span ends when `work` settles; a throw marks it failed with the error's class.
   */
  inSpan<T>(name: SpanName, start: SpanStart, work: (span: Span) => Promise<T>): Promise<T>;
  /** A span the caller ends itself, not made active (one HTTP attempt: axios-retry owns its lifetime). */
  start(name: SpanName, start: SpanStart): Span;
  /** The active span as a traceparent, for a later trace to link to; undefined when there is none. */
  current(): string | undefined;
}

export const NO_SPAN: Span = {
  set() {},
  fail() {},
  traceparent: () => undefined,
  end() {},
};

/** Traces off: nothing started, nothing loaded, and a turn costs what it did. */
export const NO_TRACING: Tracing = {
  inSpan: (_name, _start, work) => work(NO_SPAN),
  start: () => NO_SPAN,
  current: () => undefined,
};

/** What a failure is recorded as: its class (or typed code), never its message, which may quote an identifier. */
export function errorType(error: unknown): string {
  if (error instanceof Error) return error.name.slice(0, 100) || 'Error';
  return typeof error;
}

type SamplerName =
  | 'always_on'
  | 'always_off'
  | 'traceidratio'
  | 'parentbased_always_on'
  | 'parentbased_always_off'
  | 'parentbased_traceidratio';

export interface TraceSettings {
  /** Where OTLP sends the spans, over which protocol; undefined: no OTLP (Application Insights only). */
  otlp?: { url: string; protocol: 'http/protobuf' | 'http/json' };
  /** OTEL_TRACES_SAMPLER, and OTEL_TRACES_SAMPLER_ARG for the ratio samplers (1 unless set). */
  sampler: { name: SamplerName; ratio: number };
}
