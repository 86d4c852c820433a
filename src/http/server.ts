/**
 * The restify server: body limits, one error shape for every refusal, /healthz. Every other route is
 * registered by the part that owns it (the actions, /api/messages, the widget, WhatsApp's webhook).
 */
import restify, { type Server } from 'restify';
import type { Logger } from '../runtime/logger';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../runtime/nesting';
import { DEFAULT_CONNECTION_TIMEOUTS, limitSlowClients, type ConnectionTimeouts } from './connectionTimeouts';

/** An action call is a few hundred bytes. */
export const ACTION_MAX_BODY_BYTES = 64 * 1024;
/** A channel's activity can carry entities, attachments and card data; Teams caps a message near 100 KB. */
export const ACTIVITY_MAX_BODY_BYTES = 256 * 1024;

export interface ServerOptions {
  logger: Logger;
  /** How long a client may take to send a request or idle on a connection; the defaults fit a channel's 15 s. */
  timeouts?: Partial<ConnectionTimeouts>;
}

/** The JSON body parser of one route, with that route's size limit and a bound on nesting. */
export function jsonBody(maxBodySize: number): restify.RequestHandler[] {
  // jsonBodyParser hands its options to restify's body reader, which enforces maxBodySize (the v8-era types omit it).
  const options = { maxBodySize, mapParams: false };
  const notTooDeep: restify.RequestHandler = (req, res, next) => {
    if (!nestsDeeperThan(req.body)) return next();
    res.send(400, {
      code: 'invalid_argument',
      message: `the body nests more than ${MAX_JSON_DEPTH} levels deep`,
      argument: 'body',
    });
    return next(false);
  };
  return [...restify.plugins.jsonBodyParser(options), notTooDeep];
}

/** The server's own refusals as a route's callers read them (an MCP client reads JSON-RPC errors); ours unless a route says. */
export type RefusalShape = (refusal: { code: string; message: string; argument?: string }) => unknown;
const refusalShapes = new WeakMap<Server, Map<string, RefusalShape>>();

/** The server's refusals (unsupported body, method not allowed, too large, not JSON) on `path` in `shape`. */
export function shapeRefusals(server: Server, path: string, shape: RefusalShape): void {
  const shapes = refusalShapes.get(server) ?? new Map<string, RefusalShape>();
  refusalShapes.set(server, shapes.set(path, shape));
}

function shaped(server: Server, req: restify.Request, refusal: Parameters<RefusalShape>[0]): unknown {
  const shape = refusalShapes.get(server)?.get(req.getPath());
  return shape ? shape(refusal) : refusal;
}

export function createServer(options: ServerOptions): Server {
  // restify logs through ours: its own pino logged whole requests (body and headers) on a formatting
  // failure, outside our redaction. What it may log of a request is its method and path, nothing else;
  // of what a handler returned ("Discarded returned value", a whole response with its request's query and
  // headers when a handler returns res.send()), only its kind.
  const log = options.logger.child(
    { library: 'restify' },
    { serializers: { req: requestSummary, res: () => undefined, err: errorSummary, value: kindOf } },
  );
  const server = restify.createServer({
    name: 'order-tracking-bot',
    handleUncaughtExceptions: false,
    log: log as never,
  });
  limitSlowClients(server.server, { ...DEFAULT_CONNECTION_TIMEOUTS, ...options.timeouts });
  server.pre((req, res, next) => {
    const length = Number(req.headers['content-length'] ?? 0);
    const chunked = req.headers['transfer-encoding'] !== undefined;
    if (req.method !== 'POST' && req.method !== 'PUT') return next();
    // Channels send plain JSON. restify would inflate a compressed body past the size limit (a 190 KB
    // gzip bomb became 200 MB), and a body that is not really gzip threw outside any handler and killed
    // the process; so a body that claims any encoding is refused before it is read.
    if (req.headers['content-encoding'] !== undefined) {
      res.send(
        415,
        shaped(server, req, {
          code: 'unsupported_media_type',
          message: 'the body must not be compressed (no Content-Encoding)',
          argument: 'Content-Encoding',
        }),
      );
      return next(false);
    }
    // Refuse a body that is not JSON, rather than handing a route a string it did not expect.
    if ((length > 0 || chunked) && !req.is('json')) {
      res.send(
        415,
        shaped(server, req, {
          code: 'unsupported_media_type',
          message: 'the body must be JSON (Content-Type: application/json)',
          argument: 'Content-Type',
        }),
      );
      return next(false);
    }
    return next();
  });

  // restify's own refusals (too large, unparsable JSON, no route) get the same shape as ours.
  server.on('restifyError', (req: restify.Request, _res: restify.Response, err: RestifyError, callback: () => void) => {
    const status = err.statusCode ?? 500;
    if (err.restCode === 'BadDigest') {
      err.toJSON = () => ({
        code: 'invalid_argument',
        message: 'the Content-MD5 header does not match the body',
        argument: 'Content-MD5',
      });
      return callback();
    }
    const code =
      status === 413
        ? 'payload_too_large'
        : status === 404
          ? 'not_found'
          : status === 405
            ? 'method_not_allowed'
            : status < 500
              ? 'invalid_argument'
              : 'internal';
    const message =
      status === 413
        ? `the body is larger than ${/\d+/.exec(err.message)?.[0] ?? 'the limit of'} bytes`
        : status === 400
          ? 'the body is not valid JSON'
          : status < 500
            ? err.message
            : 'internal error';
    err.toJSON = () =>
      shaped(server, req, { code, message, ...(status === 413 || status === 400 ? { argument: 'body' } : {}) });
    return callback();
  });

  server.on('after', (req: restify.Request, res: restify.Response, route: restify.Route | undefined) => {
    options.logger.info(
      {
        method: req.method,
        route: route?.path ?? req.getPath(),
        status: res.statusCode,
        latencyMs: Date.now() - req.time(),
      },
      'http request',
    );
  });

  return server;
}

/** What restify hands a 'restifyError' listener: a restify-errors error, whose toJSON is the body sent. */
interface RestifyError {
  statusCode?: number;
  restCode?: string;
  message: string;
  toJSON: () => unknown;
}

function requestSummary(req: { method?: string; url?: string }): { method?: string; path?: string } {
  return { method: req?.method, path: typeof req?.url === 'string' ? req.url.split('?')[0].slice(0, 200) : undefined };
}

function kindOf(value: unknown): string {
  return typeof value === 'object' && value !== null ? (value.constructor?.name ?? 'object') : typeof value;
}

function errorSummary(err: { name?: string; message?: string }): { name?: string; message?: string } {
  return { name: err?.name, message: typeof err?.message === 'string' ? err.message.slice(0, 200) : undefined };
}
