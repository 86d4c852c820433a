/**
 * Direct Line's token service, from the server: `POST {endpoint}/tokens/generate` with the secret as
 * `Authorization: Bearer`, for one user id and the one origin the page is on (enhanced authentication's
 * trusted origins); and `POST {endpoint}/tokens/refresh` with a live token as the bearer, which gives a new
 * token for the same conversation and user (how the widget's renewals mint for the conversation it has).
 * One more try, at once, when no answer came or Direct Line failed (5xx); never after a refusal (4xx: a
 * wrong secret stays wrong, an expired token stays expired). The secret is sent in that header and nowhere
 * else: a failure carries Direct Line's status only, never its words (which may echo what it received).
 */
import { fetchText, NoAnswerError, type TextAnswer } from '../fetchText';

export interface DirectLineToken {
  token: string;
  conversationId: string;
  expiresIn: number;
}

export class DirectLineTokenError extends Error {
  override readonly name = 'DirectLineTokenError';
  constructor(
    /** What went wrong, in words safe for a reply and a log line. */
    message: string,
    /** Direct Line's status, when it answered. */
    readonly status?: number,
    readonly attempts = 1,
  ) {
    super(message);
  }
}

const ATTEMPTS = 2;
const MAX_ANSWER_BYTES = 64 * 1024;

export class DirectLineTokens {
  private readonly endpoint: string;

  constructor(
    endpoint: string,
    private readonly secret: string,
    private readonly timeoutMs: number,
  ) {
    this.endpoint = endpoint.replace(/\/+$/, '');
  }

  generate(userId: string, origin: string): Promise<DirectLineToken> {
    return this.ask(
      'generate',
      this.secret,
      JSON.stringify({ user: { id: userId }, trustedOrigins: [origin] }),
      ': check DIRECTLINE_SECRET and DIRECTLINE_ENDPOINT',
    );
  }

  /** A new token for the live token's conversation and user; a 403 when it has expired (or is no token). */
  refresh(token: string): Promise<DirectLineToken> {
    return this.ask('refresh', token, undefined, '');
  }

  private async ask(
    operation: 'generate' | 'refresh',
    bearer: string,
    body: string | undefined,
    whyRefused: string,
  ): Promise<DirectLineToken> {
    let failure: DirectLineTokenError | undefined;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      let response: TextAnswer;
      try {
        response = await fetchText(`${this.endpoint}/tokens/${operation}`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${bearer}`,
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body,
          timeoutMs: this.timeoutMs,
          maxBytes: MAX_ANSWER_BYTES,
        });
      } catch (error) {
        if (!(error instanceof NoAnswerError)) throw error;
        failure = new DirectLineTokenError(`Direct Line did not answer (${error.reason})`, undefined, attempt);
        continue;
      }
      if (response.status >= 500) {
        failure = new DirectLineTokenError(
          `Direct Line failed with status ${response.status}`,
          response.status,
          attempt,
        );
        continue;
      }
      if (response.status !== 200) {
        const why = response.status === 401 || response.status === 403 ? whyRefused : '';
        throw new DirectLineTokenError(
          `Direct Line refused to ${operation === 'generate' ? 'issue' : 'refresh'} a token with status ${response.status}${why}`,
          response.status,
          attempt,
        );
      }
      return tokenOf(response.text, attempt);
    }
    throw failure!;
  }
}

function tokenOf(text: string, attempts: number): DirectLineToken {
  let answer: { token?: unknown; conversationId?: unknown; expires_in?: unknown } | undefined;
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    answer = undefined;
  }
  const { token, conversationId, expires_in: expiresIn } = answer ?? {};
  if (
    typeof token !== 'string' ||
    !token ||
    typeof conversationId !== 'string' ||
    !conversationId ||
    typeof expiresIn !== 'number' ||
    !(expiresIn > 0)
  ) {
    throw new DirectLineTokenError('Direct Line answered without a token, a conversation and an expiry', 200, attempts);
  }
  return { token, conversationId, expiresIn };
}
