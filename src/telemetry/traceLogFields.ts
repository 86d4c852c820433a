/** The active span's ids, as every log line written inside it carries them (pino's mixin); nothing outside a span. */
import { context, isSpanContextValid, trace } from '@opentelemetry/api';

/** @public Loaded on demand with require(), which knip does not follow to this export. */
export function traceLogFields(): Record<string, string> {
  const active = trace.getSpanContext(context.active());
  return active && isSpanContextValid(active) ? { trace_id: active.traceId, span_id: active.spanId } : {};
}
