/**
 * One HTTP CLIENT span per attempt at an interface (axios-retry makes each), as OpenTelemetry's HTTP
 * conventions name them, children of the lookup: retries are sibling spans, the second on with
 * `http.request.resend_count`. Each attempt carries its own span to the interface as a W3C `traceparent`,
 * so the interface's trace joins ours. The URL is recorded with every query value replaced: Interface A's
 * query holds the order number and the user id. Each also names its interface (`tracking.interface`, as
 * the lookup's span does): a dashboard groups the attempts by interface without finding their parent.
 */
import type { AxiosError } from 'axios';
import { NO_TRACING, type Span, type SpanAttributes, type Tracing } from '../telemetry/tracing';

/** Not tracking/redaction.ts's `[REDACTED]`: brackets would be percent-encoded in a URL. */
const REDACTED = 'REDACTED';

export class AttemptSpans {
  private span?: Span;
  private attempts = 0;
  /** Where every attempt goes, read from the URL once, at the first attempt traced. */
  private target?: SpanAttributes;

  constructor(
    private readonly tracing: Tracing,
    private readonly method: 'GET' | 'POST',
    private readonly url: string,
    private readonly upstream: string,
  ) {}

  /** Starts the next attempt's span; the header that carries it (none where traces are off). */
  next(): Record<string, string> {
    // Traces off: no URL to parse, no span, no header, on every call to an interface.
    if (this.tracing === NO_TRACING) return {};
    this.target ??= { ...targetOf(this.method, this.url), 'tracking.interface': this.upstream };
    this.span = this.tracing.start(this.method, {
      kind: 'client',
      attributes: { ...this.target, 'http.request.resend_count': this.attempts > 0 ? this.attempts : undefined },
    });
    this.attempts += 1;
    const traceparent = this.span.traceparent();
    return traceparent ? { traceparent } : {};
  }

  /** The attempt got an answer; 4xx and 5xx are failures of the call, as the conventions say of a client. */
  answered(status: number): void {
    this.span?.set({ 'http.response.status_code': status });
    if (status >= 400) this.span?.fail(String(status));
    this.end();
  }

  /** The attempt failed: by its status when there was an answer, else by the transport's code (ECONNRESET, ECONNABORTED). */
  failed(error: AxiosError): void {
    if (error.response) return this.answered(error.response.status);
    this.span?.fail(error.code ?? 'network');
    this.end();
  }

  /** The call failed outside HTTP (a bug, a clock that threw while waiting): the span ends, named by the error's class. */
  abandoned(errorType: string): void {
    this.span?.fail(errorType);
    this.end();
  }

  private end(): void {
    this.span?.end();
    this.span = undefined;
  }
}

function targetOf(method: string, address: string): SpanAttributes {
  const url = new URL(address);
  return {
    'http.request.method': method,
    'server.address': url.hostname,
    'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
    'url.full': redactedUrl(url),
  };
}

/** The URL with every query value replaced, the names kept (which ones were sent is worth seeing). */
function redactedUrl(url: URL): string {
  const redacted = new URL(url);
  for (const name of new Set(redacted.searchParams.keys())) redacted.searchParams.set(name, REDACTED);
  redacted.username = '';
  redacted.password = '';
  return redacted.toString();
}
