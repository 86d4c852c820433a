/**
 * How long the chat widget may renew a conversation's Direct Line token through POST /api/webchat/renewal:
 * a visitor's for VISITOR_RENEWAL_MS after it began, a signed-in customer's until their customer token's
 * `exp` (each newer token of theirs moves it). Direct Line itself refreshes any live token without limit
 * (Microsoft's docs: "an unlimited number of times, as long as it hasn't expired"), which no one but
 * Microsoft can change: this bounds what our widget does, not what a copied token's holder can do.
 *
 * The bound travels with the page as a ticket this service signed (HMAC-SHA256 under a key derived from the
 * Direct Line secret with a label of its own), so that every instance can check it and none keeps anything.
 * It names the conversation and its user, so a ticket renews that conversation only, and only as that user.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** A visitor's conversation is renewed for two hours after it began: a visit to a shop, not a day. */
export const VISITOR_RENEWAL_MS = 2 * 60 * 60 * 1000;

const LABEL = 'order-tracking-bot/webchat-renewal/v1';
/** Far longer than any ticket this service writes (about 200 characters). */
export const MAX_TICKET = 1_024;

export interface Renewal {
  conversationId: string;
  userId: string;
  /** Until when (ms since the epoch) the conversation may be renewed. */
  until: number;
}

export class RenewalTickets {
  private readonly key: Buffer;

  constructor(directLineSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', directLineSecret, Buffer.alloc(0), LABEL, 32));
  }

  issue(renewal: Renewal): string {
    const body = Buffer.from(
      JSON.stringify({ c: renewal.conversationId, u: renewal.userId, t: renewal.until }),
    ).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The renewal a ticket of ours names; undefined for anything else (altered, another key, not a ticket). */
  read(ticket: string): Renewal | undefined {
    const [body, mac, ...rest] = ticket.split('.');
    if (!body || !mac || rest.length) return undefined;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const { c, u, t } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
        c?: unknown;
        u?: unknown;
        t?: unknown;
      };
      return typeof c === 'string' && typeof u === 'string' && typeof t === 'number'
        ? { conversationId: c, userId: u, until: t }
        : undefined;
    } catch {
      return undefined;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body, 'utf8').digest('base64url');
  }
}
