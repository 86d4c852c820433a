/**
 * POST /api/webchat/token: a Direct Line token for Web Chat on the store's own pages, so that the
 * Direct Line secret never leaves the server.
 * - Only from the store's pages: the request's `Origin` must be one of WEBCHAT_ALLOWED_ORIGINS exactly
 *   (none at all is refused too); the CORS answer names that one origin, never `*`. The preflight is
 *   answered here. Every answer carries `Vary: Origin` and `Cache-Control: no-store`.
 * - Body `{}` (a visitor) or `{"customerToken": "…"}` (a signed-in customer: refused with a 401 until a
 *   later issue). Anything else is a 400 naming the field.
 * - The user id is the server's: a fresh random `dl_` id per request, never one the page chose. The page
 *   keeps it by refreshing the token at Direct Line itself (`POST {endpoint}/tokens/refresh`, Bearer the
 *   token), which keeps the token's user and conversation; it comes back here only for a new conversation.
 * - Because a visitor can always ask for a new id, each client (clientAddress.ts) may ask
 *   WEBCHAT_TOKENS_PER_MINUTE times a minute; past it a 429 with `Retry-After`.
 * Nothing reaches Direct Line before all of that passed. The secret, the token and the user id are in no
 * log line; a Direct Line failure is a 502 in the one error shape.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response, Server } from 'restify';
import { z } from 'zod';
import { systemClock, type Clock } from '../tracking/clock';
import type { Logger } from '../tracking/logger';
import { ClientBudget } from './clientBudget';
import { clientAddress } from './clientAddress';
import { DirectLineTokenError, DirectLineTokens } from './directLineTokens';
import { sendError as send } from './errorResponse';
import { jsonBody } from './server';
import { validateBody } from './validation';
import type { WebchatSettings } from './webchatSettings';


export const WEBCHAT_TOKEN_PATH = '/api/webchat/token';
/** How long one call to Direct Line may take; a second follows only a failure, so a page waits 10 s at most. */
const DIRECTLINE_TIMEOUT_MS = 5_000;
/** How long a browser may reuse the preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;
const CUSTOMER_TOKEN_MAX = 4_096;

export interface WebchatDeps {
  logger: Logger;
  /** The budget's time; the wall clock unless a test moves it. */
  clock?: Clock;
  /** Per call to Direct Line. */
  timeoutMs?: number;
}

const TokenBody = z.strictObject(
  {
    customerToken: z
      .string({ error: 'must be a string' })
      .min(1, 'must not be empty')
      .max(CUSTOMER_TOKEN_MAX, `must be at most ${CUSTOMER_TOKEN_MAX} characters`)
      .optional(),
  },
  { error: 'must be a JSON object: {} for a visitor, or {"customerToken": "…"} for a signed-in customer' },
);

export function registerWebchatTokenRoute(server: Server, settings: WebchatSettings, deps: WebchatDeps): void {
  const allowed = new Set(settings.allowedOrigins);
  const budget = new ClientBudget(settings.tokensPerMinute, deps.clock ?? systemClock);
  const directLine = settings.secret ? new DirectLineTokens(settings.endpoint, settings.secret, deps.timeoutMs ?? DIRECTLINE_TIMEOUT_MS) : undefined;
  const logger = deps.logger;

  /** The origin, when the route is on and the origin is on the list; else it has answered. */
  const admit = (req: IncomingMessage, res: Response): string | undefined => {
    res.header('Vary', 'Origin');
    res.header('Cache-Control', 'no-store');
    if (!directLine) {
      send(res, { status: 503, body: { code: 'unavailable', message: 'Web Chat tokens are not configured: set DIRECTLINE_SECRET (and WEBCHAT_ALLOWED_ORIGINS)' } });
      return undefined;
    }
    const origin = req.headers.origin;
    if (typeof origin !== 'string' || !allowed.has(origin)) {
      send(res, {
        status: 403,
        body: { code: 'permission_denied', message: 'only the store’s own pages may ask for a chat token: the page’s origin must be one of WEBCHAT_ALLOWED_ORIGINS', argument: 'Origin' },
      });
      return undefined;
    }
    res.header('Access-Control-Allow-Origin', origin);
    return origin;
  };

  server.opts(WEBCHAT_TOKEN_PATH, (req: Request, res: Response, next) => {
    if (admit(req, res) === undefined) return next(false);
    res.header('Access-Control-Allow-Methods', 'POST');
    res.header('Access-Control-Allow-Headers', 'Content-Type');
    res.header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
    res.send(204);
    return next(false);
  });

  // Before the body is read: a refused origin costs a header check and spends no budget.
  const admitted: RequestHandler = (req, res, next) => {
    if (admit(req, res) === undefined) return next(false);
    res.header('Access-Control-Expose-Headers', 'Retry-After');
    const limited = budget.refusal(clientAddress(req, settings.trustedProxyHops), 'chat tokens', 'WEBCHAT_TOKENS_PER_MINUTE');
    if (!limited) return next();
    res.header('Retry-After', String(limited.retryAfterSeconds));
    send(res, limited.error);
    return next(false);
  };

  server.post(WEBCHAT_TOKEN_PATH, admitted, jsonBody(CUSTOMER_TOKEN_MAX * 2), async (req: Request, res: Response) => {
    const input = validateBody(TokenBody, req.body === undefined ? {} : req.body);
    if (!input.ok) return send(res, input.error);
    if (input.value.customerToken !== undefined) {
      return send(res, { status: 401, body: { code: 'unauthenticated', message: 'signed-in customers are not supported yet: send {} for a visitor', argument: 'customerToken' } });
    }
    const userId = `dl_${randomBytes(16).toString('base64url')}`;
    try {
      const issued = await directLine!.generate(userId, req.headers.origin as string);
      res.send(200, { token: issued.token, conversationId: issued.conversationId, userId, expiresIn: issued.expiresIn });
    } catch (error) {
      const known = error instanceof DirectLineTokenError;
      logger.warn({ route: WEBCHAT_TOKEN_PATH, status: known ? error.status : undefined, attempts: known ? error.attempts : undefined, reason: known ? error.message : 'unexpected' }, 'Direct Line gave no token');
      send(res, { status: 502, body: { code: 'unavailable', message: known ? error.message : 'Direct Line gave no token' } });
    }
  });
}
