/**
 * Every demo of both simulators, as the lookups a customer would make and the shipments they find:
 * read from the demo catalogue, so tests keep covering the demos as the catalogue changes.
 */
import { DEMO } from '../../sandbox/simulators';
import { ShipmentLookup, type LookupRequest } from '../../src/tracking/lookup';
import type { Shipment } from '../../src/tracking/shipment';
import { API_KEY, CREDENTIALS, clientsFor, type Upstreams } from './upstreams';

const DEMO_REQUESTS: LookupRequest[] = [
  ...Object.values(DEMO.checkpoints).map((identifier): LookupRequest => ({ kind: 'order_number', identifier })),
  ...Object.values(DEMO.trackings.trackingNumbers).map((identifier): LookupRequest => ({
    kind: 'tracking_number',
    identifier,
  })),
  ...Object.values(DEMO.trackings.orderIds).map((identifier): LookupRequest => ({ kind: 'order_id', identifier })),
  ...Object.values(DEMO.trackings.externalOrders).map(({ externalOrder, storeId }): LookupRequest => ({
    kind: 'external_order',
    identifier: externalOrder,
    storeId,
  })),
];

export interface DemoAnswer {
  request: LookupRequest;
  shipments: Shipment[];
}

/** The demos that find something, in `locale` (Interface A answers in that language). */
export async function demoAnswers(upstreams: Upstreams, locale: string): Promise<DemoAnswer[]> {
  const { checkpoints, trackings } = clientsFor(upstreams);
  const lookup = new ShipmentLookup({
    checkpoints: { client: checkpoints, credentials: CREDENTIALS },
    trackings: { client: trackings, apiKey: API_KEY },
  });
  const answers = await Promise.all(
    DEMO_REQUESTS.map(async (request) => ({ request, shipments: await lookup.find(request, locale) })),
  );
  return answers.filter((answer) => answer.shipments.length > 0);
}
