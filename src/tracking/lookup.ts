/**
 * LookupRequest → Shipment[]: picks the interface that answers the request, calls it with the
 * deployment's credentials, and normalizes. An empty list means "no shipment found".
 */
import { CheckpointsClient, type CheckpointsCredentials } from './checkpoints/client';
import { normalizeCheckpoints } from './checkpoints/normalize';
import { NotConfiguredError, NotFoundError } from './errors';
import type { LookupTrace } from './lookupResult';
import type { Shipment } from './shipment';
import type { TrackingsClient } from './trackings/client';
import { normalizeTrackings } from './trackings/normalize';
import { INPUT_TYPES, type InputType } from './trackings/query';

export const LOOKUP_KINDS = ['order_number', ...INPUT_TYPES] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/** What the customer asked for. The same shape a card submit or a support widget sends. */
export interface LookupRequest {
  kind: LookupKind;
  identifier: string;
  /** With external_order only. */
  storeId?: string;
}

/** The interface that answers a kind: order numbers Interface A (checkpoints), everything else Interface B. */
export function interfaceFor(kind: LookupKind): 'checkpoints' | 'trackings' {
  return kind === 'order_number' ? 'checkpoints' : 'trackings';
}

/** Whether two requests ask for the same thing. */
export function sameRequest(a: LookupRequest, b: LookupRequest): boolean {
  return a.kind === b.kind && a.identifier === b.identifier && a.storeId === b.storeId;
}

// What a lookup did on its way lives beside how it ended: the upstream's transport reads both, and imports no lookup.
export type { LookupTrace };

/** What the conversation needs of the tracking core: the kinds it can look up, and the lookup. */
export interface ShipmentFinder {
  kinds(): LookupKind[];
  /**
   * `language` (`de`; a whole tag such as de-CH is read down to it) picks the language of Interface A's
   * texts. An empty list means "no shipment found".
   */
  find(request: LookupRequest, language?: string, trace?: LookupTrace): Promise<Shipment[]>;
}

export interface LookupSources {
  checkpoints?: { client: CheckpointsClient; credentials: CheckpointsCredentials };
  trackings?: { client: TrackingsClient; apiKey: string };
}

export class ShipmentLookup implements ShipmentFinder {
  constructor(private readonly sources: LookupSources) {}

  /** The kinds this deployment can answer, in the order a customer is offered them. */
  kinds(): LookupKind[] {
    return LOOKUP_KINDS.filter((kind) => this.sources[interfaceFor(kind)]);
  }

  /** `language` picks the language of Interface A's texts. */
  async find(request: LookupRequest, language?: string): Promise<Shipment[]> {
    if (interfaceFor(request.kind) === 'checkpoints') {
      const source = this.sources.checkpoints;
      if (!source) throw new NotConfiguredError('checkpoints');
      const answer = await source.client.getCheckpoints(request.identifier, language, source.credentials);
      return answer ? normalizeCheckpoints(answer) : [];
    }
    const source = this.sources.trackings;
    if (!source) throw new NotConfiguredError('trackings');
    const query = { inputType: request.kind as InputType, identifier: request.identifier, storeId: request.storeId };
    try {
      return normalizeTrackings(await source.client.listTrackings(query, source.apiKey), query);
    } catch (error) {
      if (error instanceof NotFoundError) return [];
      throw error;
    }
  }
}
