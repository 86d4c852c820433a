/**
 * Who may call the action routes, and how often. They make the service call an upstream with
 * credentials the caller brings, so open to anyone they are a relay (and its failures a window on the
 * upstream). The rule:
 * - ACTIONS_API_KEY set: every caller presents it, as `Authorization: Bearer <key>` or `X-Api-Key: <key>`,
 *   compared in constant time. In every mode, the sandbox included. While it rolls, ACTIONS_API_KEY_PREVIOUS
 *   is accepted too, so callers switch one by one.
 * - Not set, in production: the routes are off (not registered: a 404 like any unknown path).
 * - Not set, elsewhere (a developer's machine, the sandbox): only this machine may call, by its own name:
 *   a connection from loopback with Host localhost, 127.0.0.1 or [::1]. So the README's curl examples work
 *   as they are, and a web page that rebinds a name of its own to 127.0.0.1 is refused.
 * A caller let through is trusted with the upstream's failure details (the seed's "full response
 * details"). Then each client (its address) spends one of ACTIONS_RATE_LIMIT per minute per request;
 * refused callers spend nothing, so a stranger cannot use up a key holder's budget.
 * The key itself appears in no reply and no log line: a refusal says which headers carry it, never what came.
 */
import type { IncomingMessage } from 'node:http';
import type { ClientBudget } from './clientBudget';
import { clientAddress, type ClientCounting } from './clientAddress';
import { unauthenticated, type ErrorResponse } from './errorResponse';
import { isLoopbackAddress, isLoopbackHost, LOOPBACK_NAMES } from './loopback';
import { bearerOf, SecretMatch } from './secretMatch';

export type Verdict = { ok: true } | { ok: false; error: ErrorResponse; retryAfterSeconds?: number };

export interface ActionAccessOptions {
  apiKey?: string;
  /** ACTIONS_API_KEY_PREVIOUS: the key being replaced, accepted until it is removed. */
  previousApiKey?: string;
  production: boolean;
  budget: ClientBudget;
  /** Who counts as one client (clientAddress.ts); unset: the socket's address, an IPv6 one by its /64. */
  clients?: ClientCounting;
}

export class ActionAccess {
  private readonly key?: SecretMatch;

  constructor(private readonly options: ActionAccessOptions) {
    this.key = options.apiKey ? new SecretMatch(options.apiKey, options.previousApiKey) : undefined;
  }

  /** Production without a key: the routes are not served at all. */
  get off(): boolean {
    return this.options.production && !this.key;
  }

  check(req: IncomingMessage): Verdict {
    const refused = this.key ? this.withoutKey(req, this.key) : this.fromElsewhere(req);
    if (refused) return { ok: false, error: refused };
    const limited = this.options.budget.refusal(
      clientAddress(req, this.options.clients),
      'requests',
      'ACTIONS_RATE_LIMIT',
    );
    return limited ? { ok: false, ...limited } : { ok: true };
  }

  /** A refusal when the request does not carry our key, else undefined. */
  private withoutKey(req: IncomingMessage, key: SecretMatch): ErrorResponse | undefined {
    if (key.matches(presentedKey(req))) return undefined;
    return unauthenticated(
      'this route needs our API key: send it as "Authorization: Bearer <key>" or "X-Api-Key: <key>"',
    );
  }

  private fromElsewhere(req: IncomingMessage): ErrorResponse | undefined {
    if (isLoopbackAddress(req.socket.remoteAddress) && isLoopbackHost(req.headers.host)) return undefined;
    return unauthenticated(
      `without ACTIONS_API_KEY only this machine may call this route, as ${LOOPBACK_NAMES}; set ACTIONS_API_KEY and send it as "Authorization: Bearer <key>" or "X-Api-Key: <key>"`,
    );
  }
}

function presentedKey(req: IncomingMessage): string | undefined {
  const apiKey = req.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey) return apiKey;
  return bearerOf(req);
}
