/** Spans as a collector receives them over OTLP http/json, read back into plain objects for assertions. */
import type { Received } from './collector';

export interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  links: Array<{ traceId: string; spanId: string }>;
  /** 2: error. */
  status: { code?: number; message?: string };
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}

/** A span as OTLP http/json carries it. */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Array<{ key: string; value: OtlpValue }>;
  links?: Array<{ traceId: string; spanId: string }>;
  status?: ExportedSpan['status'];
}
interface OtlpTraces {
  resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
}

/** Every span of every /v1/traces export the collector took. */
export function exportedSpans(received: Received[], path = '/v1/traces'): ExportedSpan[] {
  return received
    .filter((each) => each.path === path)
    .flatMap((each) => (JSON.parse(each.body.toString('utf8')) as OtlpTraces).resourceSpans)
    .flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans))
    .map((span) => ({
      traceId: span.traceId,
      spanId: span.spanId,
      parentSpanId: span.parentSpanId || undefined,
      name: span.name,
      kind: span.kind,
      attributes: Object.fromEntries(
        (span.attributes ?? []).map((attribute) => [attribute.key, valueOf(attribute.value)]),
      ),
      links: (span.links ?? []).map((link) => ({
        traceId: link.traceId,
        spanId: link.spanId,
      })),
      status: span.status ?? {},
    }));
}

function valueOf(value: OtlpValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.boolValue !== undefined) return value.boolValue;
  return value.doubleValue ?? NaN;
}

/** A span's W3C traceparent, as its attempt carried it (sampled). */
export const traceparentOf = (span: ExportedSpan, flags = '01'): string => `00-${span.traceId}-${span.spanId}-${flags}`;
