/**
 * Interface A: GET {base}/v2/checkpoints?user=…&orderNo=…&lang=…
 * The user id and token travel in the `user` and `token` headers, as parcelLab's v2 API takes them, never in the URL.
 */
import { InvalidArgumentError, UnauthenticatedError, UpstreamError } from '../errors';
import { upstreamLang } from '../language';
import { Redactor } from '../redaction';
import type { UpstreamHttp, UpstreamResponse } from '../upstream';
import { CheckpointsResponseSchema, type CheckpointsResponse } from './schema';

export interface CheckpointsCredentials {
  /** Numeric user id, as a string of digits. */
  userId: string;
  token: string;
}

export class CheckpointsClient {
  private readonly endpoint: string;

  constructor(
    baseUrl: string,
    private readonly http: UpstreamHttp,
  ) {
    this.endpoint = new URL('v2/checkpoints', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();
  }

  /**
   * The order's shipments, or null when the interface knows no shipment for it (404 or an empty header).
   * `language` is that of the texts (`de`; a whole tag such as de-CH is read down to it; English without one).
   */
  async getCheckpoints(
    orderNo: string,
    language: string | undefined,
    credentials: CheckpointsCredentials,
  ): Promise<CheckpointsResponse | null> {
    const order = orderNo.trim();
    if (!order) throw new InvalidArgumentError('orderNo', 'orderNo is required');
    if (!/^\d+$/.test(credentials.userId)) throw new InvalidArgumentError('user', 'user must be a numeric user id');
    if (!credentials.token) throw new InvalidArgumentError('token', 'token is required');

    const url = new URL(this.endpoint);
    url.searchParams.set('user', credentials.userId);
    url.searchParams.set('orderNo', order);
    url.searchParams.set('lang', upstreamLang(language));

    const request = {
      upstream: 'checkpoints' as const,
      method: 'GET' as const,
      url: url.toString(),
      headers: { Accept: 'application/json', user: credentials.userId, token: credentials.token },
      redactor: new Redactor([credentials.token]),
    };
    return this.http.send(request, readCheckpoints, (answer) => answer === null);
  }
}

/** Interface A's final answer: its shipments, null for none (404 or an empty header), or the typed error. */
function readCheckpoints(response: UpstreamResponse): CheckpointsResponse | null {
  if (response.status === 404) return null;
  const refusal = response.redact(errorText(response.json));
  if (response.status === 401 || response.status === 403) throw new UnauthenticatedError(response.failure(refusal));
  if (response.status === 400) {
    throw new InvalidArgumentError(
      'orderNo',
      refusal ?? 'the checkpoints interface refused the request',
      response.failure(refusal),
    );
  }
  if (response.status < 200 || response.status > 299)
    throw new UpstreamError(response.failure(refusal, `http_${response.status}`));

  const parsed = CheckpointsResponseSchema.safeParse(response.json);
  if (!parsed.success)
    throw new UpstreamError(response.failure('the answer is not a JSON object', 'malformed_response'));
  if (!parsed.data.header?.length) return null;
  return parsed.data;
}

function errorText(json: unknown): string | undefined {
  if (json && typeof json === 'object') {
    const { error, message } = json as { error?: unknown; message?: unknown };
    if (typeof error === 'string') return error;
    if (typeof message === 'string') return message;
  }
  return undefined;
}
