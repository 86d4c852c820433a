/**
 * The two flow actions of the seed, as typed functions. The caller brings its own credentials,
 * as a flow step does; the routes in src/http/ expose them over HTTP.
 */
import type { CheckpointsClient } from './checkpoints/client';
import type { CheckpointsResponse } from './checkpoints/schema';
import { InvalidArgumentError } from './errors';
import type { TrackingsClient } from './trackings/client';
import type { InputType } from './trackings/query';
import type { TrackingRecord } from './trackings/schema';

export interface GetCheckpointsInput {
  orderNumber: string;
  userId: string;
  token: string;
  /** Language of the localized texts; two-letter code or any locale. Defaults to en. */
  lang?: string;
}

export interface GetCheckpointsOutput {
  /** False when no tracking data was found. */
  success: boolean;
  trackingData: CheckpointsResponse | null;
}

/** "Get Checkpoints by Order Number" (seed 4.1). */
export async function getCheckpointsByOrderNumber(
  client: CheckpointsClient,
  input: GetCheckpointsInput,
): Promise<GetCheckpointsOutput> {
  const trackingData = await client.getCheckpoints(input.orderNumber, input.lang, {
    userId: input.userId,
    token: input.token,
  });
  return { success: trackingData !== null, trackingData };
}

export interface ListTrackingsInput {
  auth_header: { name: string; value: string };
  input_type: InputType;
  identifier: string;
  store_id?: string;
}

export interface ListTrackingsOutput {
  trackings: TrackingRecord[];
}

/** The Interface B handler (seed 2.3). Errors are thrown typed; not_found included, as the service answers it. */
export async function listTrackings(client: TrackingsClient, input: ListTrackingsInput): Promise<ListTrackingsOutput> {
  const apiKey = bearerKey(input.auth_header);
  const answer = await client.listTrackings(
    { inputType: input.input_type, identifier: input.identifier, storeId: input.store_id },
    apiKey,
  );
  return { trackings: answer.trackings ?? [] };
}

function bearerKey(header: ListTrackingsInput['auth_header']): string {
  if (header.name.trim().toLowerCase() !== 'authorization') {
    throw new InvalidArgumentError('auth_header.name', 'auth_header.name must be "Authorization"');
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.value);
  if (!match) throw new InvalidArgumentError('auth_header.value', 'auth_header.value must be "Bearer <API_KEY>"');
  return match[1];
}
