/**
 * POST /api/webchat/token: a Direct Line token for Web Chat on the store's own pages, so that the
 * Direct Line secret never leaves the server.
 * - Only from the store's pages: the request's `Origin` must be one of WEBCHAT_ALLOWED_ORIGINS exactly
 *   (none at all is refused too); the CORS answer names that one origin, never `*`. The preflight is
 *   answered here. Every answer carries `Vary: Origin` and `Cache-Control: no-store`.
 * - Body `{}` (a visitor) or `{"customerToken": "…"}` (a customer the store's site signed in, with the
 *   token its server signed: customerToken.ts). Anything else is a 400 naming the field. A refused token
 *   is a 401 naming `customerToken`, with one log line giving the reason code, never the token or a claim.
 * - The user id is the server's, never one the page chose: a fresh random `dl_` id per visitor, and for a
 *   signed-in customer `dl_` and a keyed hash of their `sub` (customerUserIds.ts), the same on every visit.
 * - Each token comes with a `renewal` (renewalTickets.ts): POST /api/webchat/renewal `{"token", "renewal"}`
 *   gives a new token for the same conversation and user (Direct Line's `tokens/refresh`, Bearer the token)
 *   until the renewal's bound, `renewableFor` seconds from the answer: two hours after a visitor's
 *   conversation began, a signed-in customer's token's `exp`. Past it, a 401 naming `renewal`: the widget
 *   starts a new conversation.
 * - POST /api/webchat/customer `{"customerToken": "…", "renewal"?}`: a signed-in conversation outlives the
 *   customer token (an hour at most), so the page sends each newer one here. It renews the claims kept for
 *   that token's customer, and answers their user id, so the page can tell whether its conversation is
 *   theirs, and, with the renewal of a conversation of the same customer, a renewal bound by the newer
 *   `exp`; it starts no conversation, and can renew no one but the customer the token was signed for.
 * - Because a visitor can always ask for a new id, each client (clientAddress.ts) may ask
 *   WEBCHAT_TOKENS_PER_MINUTE times a minute; past it a 429 with `Retry-After`.
 * Both routes share the origin check and the budget. Nothing reaches Direct Line before all of that passed. The secret, the token and the user id are in no
 * log line; a Direct Line failure is a 502 in the one error shape.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response, Server } from 'restify';
import { z } from 'zod';
import { systemClock, type Clock } from '../runtime/clock';
import type { Logger } from '../runtime/logger';
import { ClientBudget } from './clientBudget';
import type { Metrics } from '../telemetry/metrics';
import { clientAddress } from './clientAddress';
import { DirectLineTokenError, DirectLineTokens } from './directLineTokens';
import { MAX_TICKET, RenewalTickets, VISITOR_RENEWAL_MS, type Renewal } from './renewalTickets';
import { sendError as send } from './errorResponse';
import { CustomerTokenRefused, MAX_CUSTOMER_TOKEN } from '../customers/tokenRefusal';
import type { CustomerSignIn } from '../customers/customerSignIn';
import type { SignedInCustomer } from '../customers/customer';
import { jsonBody } from './server';
import { validateBody } from './validation';
import type { WebchatSettings } from '../webchatSettings';

const WEBCHAT_TOKEN_PATH = '/api/webchat/token';
const WEBCHAT_CUSTOMER_PATH = '/api/webchat/customer';
const WEBCHAT_RENEWAL_PATH = '/api/webchat/renewal';
/** How long one call to Direct Line may take; a second follows only a failure, so a page waits 10 s at most. */
const DIRECTLINE_TIMEOUT_MS = 5_000;
/** How long a browser may reuse the preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export interface WebchatDeps {
  logger: Logger;
  /** The budget's time; the wall clock unless a test moves it. */
  clock?: Clock;
  /** Per call to Direct Line. */
  timeoutMs?: number;
  /** Signs customers in from the store's tokens; without it (no CUSTOMER_TOKEN_* set) a customerToken gets 401. */
  signIn?: CustomerSignIn;
  /** Counts the clients refused by the budget. */
  metrics?: Metrics;
}

// Its length is the verifier's to judge (an oversized token is refused like any other, with its reason); the body limit bounds it.
const CustomerTokenField = z.string({ error: 'must be a string' }).min(1, 'must not be empty');
const TokenBody = z.strictObject(
  { customerToken: CustomerTokenField.optional() },
  { error: 'must be a JSON object: {} for a visitor, or {"customerToken": "…"} for a signed-in customer' },
);
const RenewalField = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(MAX_TICKET, `must be at most ${MAX_TICKET} characters`);
const CustomerBody = z.strictObject(
  { customerToken: CustomerTokenField, renewal: RenewalField.optional() },
  { error: 'must be a JSON object: {"customerToken": "…"}' },
);
const RenewalBody = z.strictObject(
  {
    token: z
      .string({ error: 'must be a string' })
      .min(1, 'must not be empty')
      .max(MAX_TICKET * 4, 'is longer than any Direct Line token'),
    renewal: RenewalField,
  },
  { error: 'must be a JSON object: {"token": "…", "renewal": "…"}' },
);

export function registerWebchatTokenRoute(server: Server, settings: WebchatSettings, deps: WebchatDeps): void {
  const allowed = new Set(settings.allowedOrigins);
  const clock = deps.clock ?? systemClock;
  const budget = new ClientBudget(settings.tokensPerMinute, clock, () =>
    deps.metrics?.count('bot_limits_hit_total', { limit: 'chat_tokens', scope: 'client' }),
  );
  const directLine = settings.secret
    ? new DirectLineTokens(settings.endpoint, settings.secret, deps.timeoutMs ?? DIRECTLINE_TIMEOUT_MS)
    : undefined;
  const tickets = settings.secret ? new RenewalTickets(settings.secret) : undefined;
  /** The ticket and what the page is told of its bound (whole seconds from now, never below 0). */
  const renewalOf = (renewal: Renewal) => ({
    renewal: tickets!.issue(renewal),
    renewableFor: Math.max(0, Math.floor((renewal.until - clock.now()) / 1000)),
  });
  const logger = deps.logger;

  /** The origin, when the route is on and the origin is on the list; else it has answered. */
  const admit = (req: IncomingMessage, res: Response): string | undefined => {
    res.header('Vary', 'Origin');
    res.header('Cache-Control', 'no-store');
    if (!directLine) {
      send(res, {
        status: 503,
        body: {
          code: 'unavailable',
          message: 'Web Chat tokens are not configured: set DIRECTLINE_SECRET (and WEBCHAT_ALLOWED_ORIGINS)',
        },
      });
      return undefined;
    }
    const origin = req.headers.origin;
    if (typeof origin !== 'string' || !allowed.has(origin)) {
      send(res, {
        status: 403,
        body: {
          code: 'permission_denied',
          message:
            'only the store’s own pages may ask for a chat token: the page’s origin must be one of WEBCHAT_ALLOWED_ORIGINS',
          argument: 'Origin',
        },
      });
      return undefined;
    }
    res.header('Access-Control-Allow-Origin', origin);
    return origin;
  };

  for (const path of [WEBCHAT_TOKEN_PATH, WEBCHAT_CUSTOMER_PATH, WEBCHAT_RENEWAL_PATH]) {
    server.opts(path, (req: Request, res: Response, next) => {
      if (admit(req, res) === undefined) return next(false);
      res.header('Access-Control-Allow-Methods', 'POST');
      res.header('Access-Control-Allow-Headers', 'Content-Type');
      res.header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
      res.send(204);
      return next(false);
    });
  }

  // Before the body is read: a refused origin costs a header check and spends no budget.
  const admitted: RequestHandler = (req, res, next) => {
    if (admit(req, res) === undefined) return next(false);
    res.header('Access-Control-Expose-Headers', 'Retry-After');
    const limited = budget.refusal(clientAddress(req, settings), 'chat tokens', 'WEBCHAT_TOKENS_PER_MINUTE');
    if (!limited) return next();
    res.header('Retry-After', String(limited.retryAfterSeconds));
    send(res, limited.error);
    return next(false);
  };

  /** The customer the token signs in, kept; else the refusal is answered (and its reason logged) and undefined. */
  const signedIn = async (route: string, token: string, res: Response): Promise<SignedInCustomer | undefined> => {
    if (!deps.signIn) {
      logger.warn({ route, reason: 'not_configured' }, 'customer token refused');
      send(res, {
        status: 401,
        body: {
          code: 'unauthenticated',
          message:
            'signed-in customers are not set up here (CUSTOMER_TOKEN_SECRET or CUSTOMER_TOKEN_JWKS_URL): send {} for a visitor',
          argument: 'customerToken',
        },
      });
      return undefined;
    }
    try {
      return await deps.signIn.signIn(token);
    } catch (error) {
      if (error instanceof CustomerTokenRefused) {
        // The reason code only: the token, its sub and its claims are the customer's.
        logger.warn({ route, reason: error.reason }, 'customer token refused');
        send(res, {
          status: 401,
          body: {
            code: 'unauthenticated',
            message: 'the customer token was refused: sign the customer in again',
            argument: 'customerToken',
          },
        });
      } else {
        logger.warn(
          { route, error: error instanceof Error ? error.name : 'unexpected' },
          'the signed-in customer could not be kept',
        );
        send(res, {
          status: 503,
          body: { code: 'unavailable', message: 'the signed-in customer could not be kept: try again' },
        });
      }
      return undefined;
    }
  };

  server.post(WEBCHAT_TOKEN_PATH, admitted, jsonBody(MAX_CUSTOMER_TOKEN * 2), async (req: Request, res: Response) => {
    const input = validateBody(TokenBody, req.body === undefined ? {} : req.body);
    if (!input.ok) return send(res, input.error);
    let userId = `dl_${randomBytes(16).toString('base64url')}`;
    let until = clock.now() + VISITOR_RENEWAL_MS;
    if (input.value.customerToken !== undefined) {
      const customer = await signedIn(WEBCHAT_TOKEN_PATH, input.value.customerToken, res);
      if (!customer) return;
      userId = customer.userId;
      until = customer.expiresAt;
    }
    try {
      const issued = await directLine!.generate(userId, req.headers.origin as string);
      res.send(200, {
        token: issued.token,
        conversationId: issued.conversationId,
        userId,
        expiresIn: issued.expiresIn,
        ...renewalOf({ conversationId: issued.conversationId, userId, until }),
      });
    } catch (error) {
      noToken(WEBCHAT_TOKEN_PATH, error, res);
    }
  });

  /** Direct Line's failure, answered: a 502 with its status only. */
  const noToken = (route: string, error: unknown, res: Response) => {
    const known = error instanceof DirectLineTokenError;
    logger.warn(
      {
        route,
        status: known ? error.status : undefined,
        attempts: known ? error.attempts : undefined,
        reason: known ? error.message : 'unexpected',
      },
      'Direct Line gave no token',
    );
    send(res, {
      status: 502,
      body: { code: 'unavailable', message: known ? error.message : 'Direct Line gave no token' },
    });
  };

  const refused = (res: Response, argument: 'renewal' | 'token', message: string) =>
    send(res, { status: 401, body: { code: 'unauthenticated', message, argument } });

  // The widget's renewal of the conversation it has, within the renewal's bound: Direct Line refreshes the token.
  server.post(WEBCHAT_RENEWAL_PATH, admitted, jsonBody(MAX_TICKET * 6), async (req: Request, res: Response) => {
    const input = validateBody(RenewalBody, req.body === undefined ? {} : req.body);
    if (!input.ok) return send(res, input.error);
    const renewal = tickets!.read(input.value.renewal);
    if (!renewal) return refused(res, 'renewal', 'not a renewal this service gave: start a new conversation');
    if (!(renewal.until > clock.now()))
      return refused(res, 'renewal', 'this conversation may no longer be renewed: start a new conversation');
    let issued;
    try {
      issued = await directLine!.refresh(input.value.token);
    } catch (error) {
      if (error instanceof DirectLineTokenError && error.status !== undefined && error.status < 500)
        return refused(res, 'token', 'Direct Line would not renew this token (it expired): start a new conversation');
      return noToken(WEBCHAT_RENEWAL_PATH, error, res);
    }
    // A token of another conversation with this one's renewal renews neither.
    if (issued.conversationId !== renewal.conversationId)
      return refused(res, 'token', 'the token is not for the renewal’s conversation: start a new conversation');
    res.send(200, { token: issued.token, expiresIn: issued.expiresIn, ...renewalOf(renewal) });
  });

  // A newer customer token for a conversation under way: the claims are renewed, no conversation is started.
  server.post(
    WEBCHAT_CUSTOMER_PATH,
    admitted,
    jsonBody(MAX_CUSTOMER_TOKEN * 2),
    async (req: Request, res: Response) => {
      const input = validateBody(CustomerBody, req.body === undefined ? {} : req.body);
      if (!input.ok) return send(res, input.error);
      const customer = await signedIn(WEBCHAT_CUSTOMER_PATH, input.value.customerToken, res);
      if (!customer) return;
      // The conversation's renewal moves to the newer exp, if it is this same customer's conversation.
      const renewal = input.value.renewal === undefined ? undefined : tickets!.read(input.value.renewal);
      const theirs = renewal?.userId === customer.userId ? renewalOf({ ...renewal, until: customer.expiresAt }) : {};
      res.send(200, { userId: customer.userId, ...theirs });
    },
  );
}
