/**
 * A collector or Application Insights that is down or refuses is worth a warning; the SDK would only tell
 * its own diagnostic logger, which is silent. The error is logged by its name, message and HTTP status,
 * never the exporter's whole error, whose request's headers may hold a connection's credentials.
 */
import type { Logger } from '../runtime/logger';

/** ExportResultCode.SUCCESS of @opentelemetry/core. */
const EXPORTED = 0;

interface ExportResult {
  code: number;
  error?: Error & { code?: unknown };
}

interface Exporter<T> {
  export(items: T, done: (result: ExportResult) => void): void;
}

/** The same exporter, whose failed exports are logged as `<what> export failed` with what becomes of them. */
export function reportingFailures<T, E extends Exporter<T>>(
  exporter: E,
  logger: Logger,
  what: 'metrics' | 'traces',
  then: string,
): E {
  const send = exporter.export.bind(exporter);
  exporter.export = (items, done) =>
    send(items, (result) => {
      if (result.code !== EXPORTED)
        logger.warn({ error: exportErrorFields(result.error) }, `${what} export failed; ${then}`);
      done(result);
    });
  return exporter;
}

function exportErrorFields(error: ExportResult['error']): Record<string, unknown> {
  if (!error) return {};
  return { name: error.name, message: error.message, ...(typeof error.code === 'number' && { status: error.code }) };
}
