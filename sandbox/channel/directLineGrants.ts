/**
 * Who may use the local channel's Direct Line, as Direct Line decides it with enhanced authentication:
 * the secret may do anything; a token (from tokens/generate with the secret, or handed out when a
 * conversation starts) opens one conversation, for 1800 s, as one user when it names one (then that id
 * is every posted activity's from.id), and only from its trusted origins when it names some. A token
 * can be refreshed before it expires, never after, and as often as asked: Direct Line's docs say "an
 * unlimited number of times, as long as it hasn't expired", so no bound here either (the widget's bound
 * is the token endpoint's, src/http/renewalTickets.ts). In memory and bounded, like the channel.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The local channel's Direct Line secret: public, it opens only this machine's sandbox. The sandbox sets
 * it as DIRECTLINE_SECRET for the token endpoint; no page uses it (the sandbox page, as a store's, gets a
 * token from /api/webchat/token through the chat widget), only tools and tests on this machine.
 */
export const SANDBOX_DIRECTLINE_SECRET = 'sandbox';
/** A token's life, as Direct Line's. */
const TOKEN_SECONDS = 1800;
const MAX_TOKENS = 2_000;

export interface Grant {
  conversationId: string;
  /** The user every activity posted with the token is from; none for a conversation the secret started. */
  userId?: string;
  trustedOrigins: string[];
  expiresAt: number;
}

export type Bearer = { kind: 'secret' } | { kind: 'token'; grant: Grant };

/**
 * A token shaped as Direct Line's, a JWT whose claims name its conversation and user (`conv`, `user`): Web
 * Chat reads `user` to know which id is its own, and warns ("user ID prefixed with dl_ is reserved") when
 * a page names a dl_ id the token does not carry. Unsigned: the third part is random, which makes it
 * unguessable, and only this channel checks a token, by its whole text.
 */
function directLineShaped(conversationId: string, userId: string | undefined, expiresAt: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    iss: 'sandbox-local-channel',
    conv: conversationId,
    ...(userId && { user: userId }),
    exp: Math.floor(expiresAt / 1000),
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.${randomBytes(24).toString('base64url')}`;
}

export class DirectLineGrants {
  private readonly tokens = new Map<string, Grant>();

  constructor(
    private readonly secret: string,
    private readonly now: () => number,
  ) {}

  issue(
    conversationId: string,
    userId?: string,
    trustedOrigins: string[] = [],
  ): { conversationId: string; token: string; expires_in: number } {
    for (const [token, grant] of this.tokens) if (grant.expiresAt <= this.now()) this.tokens.delete(token);
    if (this.tokens.size >= MAX_TOKENS) this.tokens.delete(this.tokens.keys().next().value!);
    const expiresAt = this.now() + TOKEN_SECONDS * 1000;
    const token = directLineShaped(conversationId, userId, expiresAt);
    this.tokens.set(token, { conversationId, userId, trustedOrigins, expiresAt });
    return { conversationId, token, expires_in: TOKEN_SECONDS };
  }

  /** What the request's `Authorization: Bearer` is: the secret, a live token used from where it may be, or nothing valid. */
  bearer(req: IncomingMessage): Bearer | undefined {
    const presented = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!presented) return undefined;
    if (presented === this.secret) return { kind: 'secret' };
    const grant = this.tokens.get(presented);
    if (!grant || grant.expiresAt <= this.now()) return undefined;
    const origin = req.headers.origin;
    if (typeof origin === 'string' && grant.trustedOrigins.length > 0 && !grant.trustedOrigins.includes(origin))
      return undefined;
    return { kind: 'token', grant };
  }

  /** The bearer may use this conversation. */
  may(bearer: Bearer | undefined, conversationId: string): boolean {
    return bearer?.kind === 'secret' || (bearer?.kind === 'token' && bearer.grant.conversationId === conversationId);
  }
}
