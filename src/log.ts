/**
 * JSON logs with pino. Secret-bearing fields are censored by path as a second net;
 * the first is that the tracking core only ever logs redacted records.
 */
import pino, { type DestinationStream, type Logger } from 'pino';

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
