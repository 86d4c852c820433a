/**
 * Interface B: POST {base}/{service}/ListTrackings, Connect-protocol unary JSON, with a Bearer key.
 */
import { InvalidArgumentError, NotFoundError, UnauthenticatedError, UpstreamError } from '../errors';
import { Redactor } from '../redaction';
import type { UpstreamHttp, UpstreamResponse } from '../upstream';
import { readConnectError } from './connectError';
import { toRequestBody, type TrackingsQuery } from './query';
import { ListTrackingsResponseSchema, type ListTrackingsResponse } from './schema';

export const DEFAULT_TRACKINGS_SERVICE = 'example.storeapi.v1.PublicAPI';

export class TrackingsClient {
  private readonly endpoint: string;

  constructor(
    baseUrl: string,
    private readonly http: UpstreamHttp,
    service = DEFAULT_TRACKINGS_SERVICE,
  ) {
    this.endpoint = new URL(`${service}/ListTrackings`, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();
  }

  /** The trackings of one lookup. An unknown order or number throws NotFoundError, as the service answers not_found. */
  async listTrackings(query: TrackingsQuery, apiKey: string): Promise<ListTrackingsResponse> {
    const body = toRequestBody(query);
    if (!apiKey) throw new InvalidArgumentError('api_key', 'an API key is required');

    const request = {
      upstream: 'trackings' as const,
      method: 'POST' as const,
      url: this.endpoint,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Connect-Protocol-Version': '1',
        'Connect-Timeout-Ms': String(this.http.retry.attemptTimeoutMs),
        Authorization: `Bearer ${apiKey}`,
      },
      body,
      redactor: new Redactor([apiKey]),
    };
    return this.http.send(
      request,
      (response) => readTrackings(response, query),
      (answer) => !answer.trackings?.length,
    );
  }
}

/** Interface B's final answer: its trackings, or the typed error its Connect code names. */
function readTrackings(response: UpstreamResponse, query: TrackingsQuery): ListTrackingsResponse {
  if (response.status >= 200 && response.status <= 299) {
    const parsed = ListTrackingsResponseSchema.safeParse(response.json);
    if (!parsed.success)
      throw new UpstreamError(response.failure('the answer is not a JSON object', 'malformed_response'));
    return parsed.data;
  }

  const error = response.redact(readConnectError(response.status, response.json));
  const failure = response.failure(error.message, error.code, error.meta);
  switch (error.code) {
    case 'not_found':
      throw new NotFoundError(error.message, failure);
    case 'invalid_argument':
      throw new InvalidArgumentError(error.argument ?? query.inputType, error.message ?? 'invalid argument', failure);
    case 'unauthenticated':
      throw new UnauthenticatedError(failure);
    default:
      throw new UpstreamError(failure);
  }
}
