/**
 * Direct Line's token service, from the server: `POST {endpoint}/tokens/generate` with the secret as
 * `Authorization: Bearer`, for one user id and the one origin the page is on (enhanced authentication's
 * trusted origins). One more try, at once, when no answer came or Direct Line failed (5xx); never after a
 * refusal (4xx: a wrong secret stays wrong). The secret is sent in that header and nowhere else: a failure
 * carries Direct Line's status only, never its words (which may echo what it received).
 */
import http from 'node:http';
import https from 'node:https';
import axios, { type AxiosInstance } from 'axios';

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

export class DirectLineTokens {
  private readonly axios: AxiosInstance;
  private readonly url: string;

  constructor(
    endpoint: string,
    private readonly secret: string,
    timeoutMs: number,
  ) {
    this.url = `${endpoint.replace(/\/+$/, '')}/tokens/generate`;
    this.axios = axios.create({
      httpAgent: new http.Agent({ keepAlive: true, maxSockets: 16 }),
      httpsAgent: new https.Agent({ keepAlive: true, maxSockets: 16 }),
      timeout: timeoutMs,
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
      maxContentLength: 64 * 1024,
      maxRedirects: 0,
      // The endpoint is Direct Line's (or the sandbox's local channel), never via a proxy from the environment.
      proxy: false,
      validateStatus: () => true,
    });
  }

  async generate(userId: string, origin: string): Promise<DirectLineToken> {
    let failure: DirectLineTokenError | undefined;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      let response;
      try {
        response = await this.axios.post<string>(this.url, JSON.stringify({ user: { id: userId }, trustedOrigins: [origin] }), {
          headers: { Authorization: `Bearer ${this.secret}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        failure = new DirectLineTokenError(`Direct Line did not answer (${typeof code === 'string' ? code : 'no response'})`, undefined, attempt);
        continue;
      }
      if (response.status >= 500) {
        failure = new DirectLineTokenError(`Direct Line failed with status ${response.status}`, response.status, attempt);
        continue;
      }
      if (response.status !== 200) {
        const why = response.status === 401 || response.status === 403 ? ': check DIRECTLINE_SECRET and DIRECTLINE_ENDPOINT' : '';
        throw new DirectLineTokenError(`Direct Line refused to issue a token with status ${response.status}${why}`, response.status, attempt);
      }
      return tokenOf(response.data, attempt);
    }
    throw failure!;
  }
}

function tokenOf(text: string, attempts: number): DirectLineToken {
  let answer: { token?: unknown; conversationId?: unknown; expires_in?: unknown } | undefined;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = undefined;
  }
  const { token, conversationId, expires_in: expiresIn } = answer ?? {};
  if (typeof token !== 'string' || !token || typeof conversationId !== 'string' || !conversationId || typeof expiresIn !== 'number' || !(expiresIn > 0)) {
    throw new DirectLineTokenError('Direct Line answered without a token, a conversation and an expiry', 200, attempts);
  }
  return { token, conversationId, expiresIn };
}
