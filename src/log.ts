/**
 * JSON logs with pino. Secret-bearing fields are censored by path as a second net;
 * the first is that the tracking core only ever logs redacted records.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import SonicBoom from 'sonic-boom';

export const REDACT_PATHS = [
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
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, base: undefined, redact: { paths: REDACT_PATHS, censor: '[REDACTED]' } }, destination);
}

/** What a stalled reader may leave waiting in memory; later lines are dropped until it reads again. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * The service's log output: stdout, written in the background, so a slow reader never holds a turn.
 * A reader that is gone or stalled costs log lines, never the service or its shutdown: a failed write
 * stops the logging, what a stalled reader leaves waiting is bounded, and at exit the lines still
 * waiting get a bounded moment (settle) instead of the flush pino registers for its own destination,
 * which retries a failed write forever (a service whose log collector had died ignored SIGTERM).
 */
export class LogOutput implements DestinationStream {
  private readonly stream: SonicBoom;
  private broken = false;
  private pending = false;

  constructor(fd = 1) {
    this.stream = new SonicBoom({ fd, sync: false, maxLength: MAX_BUFFERED_BYTES });
    // Async writes end in 'drain' once nothing is left to write.
    this.stream.on('drain', () => (this.pending = false));
    this.stream.on('error', () => {
      this.broken = true;
      this.pending = false;
    });
  }

  write(line: string): void {
    if (this.broken) return;
    this.pending = true;
    this.stream.write(line);
  }

  /** Resolves once the lines written so far have reached the reader, or after `withinMs` at the latest. */
  settle(withinMs: number): Promise<void> {
    if (!this.pending) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.stream.off('drain', done).off('error', done);
        resolve();
      };
      const timer = setTimeout(done, withinMs);
      this.stream.on('drain', done).on('error', done);
    });
  }
}
