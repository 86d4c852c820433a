/**
 * JSON logs with pino. Secret-bearing fields are censored by path as a second net;
 * the first is that the tracking core only ever logs redacted records. Every field is bounded, since
 * many come from requests (a channel id, a refusal's reason), and libraries' console output comes here
 * too, so nothing reaches stdout or stderr outside this one bounded, redacted stream.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { formatWithOptions } from 'node:util';
import pino, { type DestinationStream, type Logger } from 'pino';

const REDACT_PATHS = [
  'token',
  'apiKey',
  'password',
  'authorization',
  '*.token',
  '*.apiKey',
  '*.password',
  '*.authorization',
  '*.Authorization',
  'headers.authorization',
  'req.headers.authorization',
  'req.headers.token',
  'failure.headers.authorization',
  'auth_header',
  '*.auth_header',
  // Our own key for the action routes (X-Api-Key); the routes never log it, this is the second net.
  'headers["x-api-key"]',
  'req.headers["x-api-key"]',
  '*["x-api-key"]',
];

/** The longest text a log field keeps: one request with a 250 KB channel id once wrote 250 KB of log. */
export const MAX_LOGGED_TEXT = 500;
/** How many items of a list, and levels of nesting, a log field keeps. */
const MAX_LOGGED_ITEMS = 50;
const MAX_LOGGED_DEPTH = 6;

/** `mixin`: fields every line adds (where traces are on, the trace and span it was written in). */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  mixin?: () => Record<string, unknown>,
): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      formatters: { log: (fields) => bounded(fields, 0) as Record<string, unknown> },
      ...(mixin && { mixin }),
    },
    destination,
  );
}

/**
 * Plain data cut to size: long text, long lists, deep nesting. Anything else (a request object a
 * library hands its serializer) is left for the serializer, which decides what of it is written.
 */
function bounded(value: unknown, depth: number): unknown {
  if (typeof value === 'string')
    return value.length > MAX_LOGGED_TEXT ? `${value.slice(0, MAX_LOGGED_TEXT)}… (${value.length} characters)` : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (depth >= MAX_LOGGED_DEPTH) return `[a list of ${value.length}]`;
    const kept = value.slice(0, MAX_LOGGED_ITEMS).map((item) => bounded(item, depth + 1));
    return value.length > MAX_LOGGED_ITEMS ? [...kept, `… (${value.length} items)`] : kept;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  if (depth >= MAX_LOGGED_DEPTH) return '[nested]';
  const entries = Object.entries(value);
  const kept = Object.fromEntries(
    entries.slice(0, MAX_LOGGED_ITEMS).map(([key, item]) => [key, bounded(item, depth + 1)]),
  );
  if (entries.length > MAX_LOGGED_ITEMS) kept['…'] = `${entries.length} fields`;
  return kept;
}

const quiet = new AsyncLocalStorage<true>();

/** Runs `work` with what libraries print meanwhile dropped: the caller logs the outcome itself, once. */
export function withoutLibraryOutput<T>(work: () => T): T {
  return quiet.run(true, work);
}

/**
 * What libraries print with console.* goes to the JSON log instead: one bounded line each, an error as
 * its name and message, never a stack trace (botframework-connector printed one, with the PEM key, for
 * every refused token). Returns what puts the console back.
 */
export function routeConsoleTo(logger: Logger): () => void {
  const log = logger.child({ component: 'console' });
  const restoreWarnings = routeWarningsTo(log);
  const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept only to be put back on console, and called from there
  const original = Object.fromEntries(methods.map((method) => [method, console[method]]));
  const level = { log: 'info', info: 'info', warn: 'warn', error: 'error', debug: 'debug', trace: 'debug' } as const;
  for (const method of methods) {
    console[method] = (...args: unknown[]) => {
      if (!quiet.getStore()) log[level[method]]({ printed: printed(args) }, 'printed by a library');
    };
  }
  return () => {
    Object.assign(console, original);
    restoreWarnings();
  };
}

/**
 * Node's process warnings (a deprecation a dependency touches, as restify 11 did with DEP0111) at warn
 * level, once per kind, instead of Node's printer, which writes each one through console.error as two lines.
 */
function routeWarningsTo(log: Logger): () => void {
  const printers = process.listeners('warning');
  for (const printer of printers) process.off('warning', printer);
  const seen = new Set<string>();
  const onWarning = (warning: Error & { code?: string }) => {
    const kind = `${warning.name}\u0000${warning.code ?? warning.message}`;
    if (seen.has(kind)) return;
    seen.add(kind);
    log.warn(
      { warning: { name: warning.name, ...(warning.code && { code: warning.code }), message: warning.message } },
      'process warning',
    );
  };
  process.on('warning', onWarning);
  return () => {
    process.off('warning', onWarning);
    for (const printer of printers) process.on('warning', printer);
  };
}

/** As the console would print it, on one line, an error without its stack. */
function printed(args: unknown[]): string {
  const plain = args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : arg));
  return formatWithOptions({ depth: 2, breakLength: Infinity }, ...plain);
}

/** What a stalled reader may leave waiting in memory; later lines are dropped until it reads again. */
const MAX_WAITING_BYTES = 1024 * 1024;

/**
 * The service's log output: process.stdout, which Node writes without blocking when it is a pipe or a
 * socket (what a log collector or supervisor gives it), so a reader that is gone or stalled costs log
 * lines, never the service or its shutdown. A failed write (the reader is gone) stops the logging; what
 * a stalled reader leaves waiting is bounded; and an exit gives the waiting lines a bounded moment.
 * pino's own destination wrote from libuv's thread pool: a write to a full pipe held a thread, and exit,
 * which joins the pool, hung; after a failed write its exit flush retried forever. Either way the
 * service ignored SIGTERM.
 */
export class LogOutput implements DestinationStream {
  private broken = false;
  /** Lines handed to the stream and not yet written out. */
  private waiting = 0;
  private readonly written = new EventEmitter();

  constructor(private readonly stream: Writable = process.stdout) {
    stream.on('error', () => {
      this.broken = true;
      this.written.emit('all');
    });
  }

  write(line: string): void {
    if (this.broken || this.stream.writableLength > MAX_WAITING_BYTES) return;
    this.waiting += 1;
    this.stream.write(line, () => {
      this.waiting -= 1;
      if (this.waiting === 0) this.written.emit('all');
    });
  }

  /** Resolves once the lines written so far have gone out, or after `withinMs` at the latest. */
  settle(withinMs: number): Promise<void> {
    if (this.broken || this.waiting === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.written.off('all', done);
        resolve();
      };
      const timer = setTimeout(done, withinMs);
      this.written.on('all', done);
    });
  }
}
