/**
 * The traces on the OpenTelemetry SDK: a tracer provider of this app's own (nothing global: two apps in
 * one process never mix) with a batch processor per destination (OTLP, Application Insights), and the
 * sampler OTEL_TRACES_SAMPLER names. The one global is the context manager, registered once: it is what
 * carries the active span across awaits, so that a lookup finds its turn and a log line its span.
 * Loaded only when a setting switches traces on.
 */
import {
  context,
  isSpanContextValid,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Link,
  type Span as OtelSpan,
  type SpanContext,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { parseTraceParent } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import type { Logger } from '../runtime/logger';
import { reportingFailures } from './exportFailures';
import type { TelemetrySettings } from './metrics';
import { errorType, type Span, type SpanAttributes, type SpanStart, type TraceSettings, type Tracing } from './tracing';

interface Traces {
  tracing: Tracing;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

const KINDS = { server: SpanKind.SERVER, client: SpanKind.CLIENT, internal: SpanKind.INTERNAL } as const;

/** @public Loaded on demand with require(), which knip does not follow to this export. */
export function openTelemetryTraces(settings: TelemetrySettings & { traces: TraceSettings }, logger: Logger): Traces {
  // false when one is registered already (a second app in this process): that one carries the spans as well.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const exporters: SpanExporter[] = [];
  if (settings.traces.otlp) exporters.push(otlpExporter(settings.traces.otlp));
  if (settings.azureMonitor) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when this exporter is the one used; the factory stays synchronous
    const { azureMonitorTraceExporter } = require('./azureMonitor') as typeof import('./azureMonitor');
    exporters.push(azureMonitorTraceExporter(settings.azureMonitor.connectionString));
  }
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': settings.serviceName,
      'service.instance.id': settings.instanceId,
    }),
    sampler: samplerOf(settings.traces.sampler),
    spanProcessors: exporters.map(
      (exporter) =>
        new BatchSpanProcessor({ exporter: reportingFailures(exporter, logger, 'traces', 'those spans are dropped') }),
    ),
  });
  const tracer = provider.getTracer(settings.serviceName);

  const begin = (name: string, start: SpanStart, parent: Context): OtelSpan =>
    tracer.startSpan(
      name,
      {
        kind: KINDS[start.kind ?? 'internal'],
        attributes: defined(start.attributes),
        links: linkTo(start.linkTo),
        root: start.root,
      },
      parent,
    );
  const tracing: Tracing = {
    inSpan: (name, start, work) => {
      const span = begin(name, start, start.root ? ROOT_CONTEXT : context.active());
      const handle = handleOf(span);
      return context.with(trace.setSpan(context.active(), span), async () => {
        try {
          return await work(handle);
        } catch (error) {
          handle.fail(errorType(error));
          throw error;
        } finally {
          span.end();
        }
      });
    },
    start: (name, start) => handleOf(begin(name, start, start.root ? ROOT_CONTEXT : context.active())),
    current: () => {
      const active = trace.getSpanContext(context.active());
      return active && isSpanContextValid(active) ? traceparentOf(active) : undefined;
    },
  };
  return { tracing, flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}

function handleOf(span: OtelSpan): Span {
  return {
    set: (attributes) => span.setAttributes(defined(attributes)),
    fail: (type) => {
      span.setAttribute('error.type', type);
      span.setStatus({ code: SpanStatusCode.ERROR });
    },
    traceparent: () => traceparentOf(span.spanContext()),
    end: () => span.end(),
  };
}

/** The W3C traceparent of a span: version 00, its trace and span ids, and whether it is sampled. */
function traceparentOf(spanContext: SpanContext): string {
  return `00-${spanContext.traceId}-${spanContext.spanId}-${spanContext.traceFlags.toString(16).padStart(2, '0')}`;
}

function linkTo(traceparent: string | undefined): Link[] | undefined {
  const linked = traceparent ? parseTraceParent(traceparent) : null;
  return linked ? [{ context: linked }] : undefined;
}

/** The attributes that have a value (a loop: this runs for every span and every set). */
function defined(attributes: SpanAttributes | undefined): Record<string, string | number | boolean> {
  const kept: Record<string, string | number | boolean> = {};
  for (const key in attributes) {
    const value = attributes[key];
    if (value !== undefined) kept[key] = value;
  }
  return kept;
}

/** OTEL_TRACES_SAMPLER as the specification defines each name. */
function samplerOf({ name, ratio }: TraceSettings['sampler']): Sampler {
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
  }
}

/** OTLP over HTTP, as OTEL_EXPORTER_OTLP_PROTOCOL says; each exporter's code is loaded only when it is the one used. */
function otlpExporter(otlp: NonNullable<TraceSettings['otlp']>): SpanExporter {
  if (otlp.protocol === 'http/json') {
    const { OTLPTraceExporter } =
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when this exporter is the one used; the factory stays synchronous
      require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter({ url: otlp.url });
  }
  const { OTLPTraceExporter } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when this exporter is the one used; the factory stays synchronous
    require('@opentelemetry/exporter-trace-otlp-proto') as typeof import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter({ url: otlp.url });
}
