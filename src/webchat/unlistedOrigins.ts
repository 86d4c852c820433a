/**
 * The origins of store pages that asked for the chat without being on WEBCHAT_ALLOWED_ORIGINS: each is
 * logged once, so the operator learns of a new shop domain (or a missing `www.`) without a line per visit.
 * An origin is no personal data, but any page can name one: only so many are remembered, and once that
 * many are, no more are logged (logging one again would break "once per origin").
 */
import type { Logger } from '../runtime/logger';

export const MAX_UNLISTED_ORIGINS = 100;

export class UnlistedOrigins {
  private readonly seen = new Set<string>();

  constructor(private readonly logger: Logger) {}

  /** A page of `origin` asked for the chat: the first time, and while there is room, the log says so. */
  asked(origin: string): void {
    if (this.seen.has(origin) || this.seen.size >= MAX_UNLISTED_ORIGINS) return;
    this.seen.add(origin);
    this.logger.warn(
      { origin, originsLogged: this.seen.size, limit: MAX_UNLISTED_ORIGINS },
      'webchat: a page of an origin not in WEBCHAT_ALLOWED_ORIGINS asked for the chat; it is told the chat is not set up for its site',
    );
  }
}
