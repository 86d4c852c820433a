/**
 * Simulator of interface A: parcelLab's `GET /v2/checkpoints`, with `user`/`token` headers, the
 * demo orders of demoData/checkpoints.ts (one of which moves along on the simulator's clock) and
 * texts localised through the `lang` query parameter.
 */
import { createHash } from 'node:crypto';
import { startSimulator, type RecordedRequest, type SimAnswer, type Simulator } from './simulator';
import {
  CHECKPOINT_ORDERS,
  COURIERS,
  MOVING_ORDERS,
  type CheckpointEvent,
  type CheckpointOrderSeed,
  type MovingShipmentSeed,
  type ShipmentHeaderSeed,
} from './demoData/checkpoints';
import {
  COURIER_WORDING,
  DEFAULT_DETAIL,
  DETAIL_TEXT,
  STATUS_TEXT,
  TRACKING_LINK_LABEL,
  pickLanguage,
  type Lang,
} from './demoData/checkpointTexts';
import { FollowedProgress, isoDate, resolveMoments, type Progress } from './demoData/clock';

/** How often the moving demo parcel takes its next step, unless a test says otherwise. */
export const MOVING_STEP_MS = 60_000;

export interface CheckpointsSimulatorOptions {
  port?: number;
  host?: string;
  /** Expected in the `user` header and the `user` query parameter. Default '4242'. */
  userId?: string;
  /** Expected in the `token` header. Default 'sim-checkpoints-token'. */
  token?: string;
  latencyMs?: number;
  /** The simulators' clock, in ms since the epoch. Default Date.now; tests move it to move the parcel. */
  now?: () => number;
  /** How often the moving demo parcel (DEMO.checkpoints.moving) takes its next step. Default MOVING_STEP_MS (a minute). */
  stepMs?: number;
}

interface DatedShipment {
  id: string;
  seed: ShipmentHeaderSeed;
  orderDate: Date;
  checkpoints: { seed: CheckpointEvent; date: Date }[];
}

export function startCheckpointsSimulator(options: CheckpointsSimulatorOptions = {}): Promise<Simulator> {
  const userId = options.userId ?? '4242';
  const token = options.token ?? 'sim-checkpoints-token';
  const now = options.now ?? Date.now;
  const stepMs = options.stepMs ?? MOVING_STEP_MS;
  if (!(stepMs > 0)) throw new Error(`stepMs must be a positive number of ms, got ${stepMs}`);
  const startedAt = now();
  // Dates are fixed once per start: the same request gets the same answer while the simulator runs.
  const orders = new Map(
    Object.entries(CHECKPOINT_ORDERS).map(([orderNo, order]) => [
      orderNo.toUpperCase(),
      dateOrder(orderNo, order, new Date(startedAt)),
    ]),
  );
  // Except the moving parcel's, which are dated when each request asks.
  const moving = new Map(
    Object.entries(MOVING_ORDERS).map(([orderNo, seed]) => [
      orderNo.toUpperCase(),
      { orderNo, seed, progress: new FollowedProgress(startedAt, seed.steps.length, stepMs) },
    ]),
  );
  const find = (orderNo: string): DatedShipment[] | undefined => {
    const key = orderNo.toUpperCase();
    const parcel = moving.get(key);
    return parcel
      ? [dateMovingShipment(parcel.orderNo, parcel.seed, parcel.progress.at(now()), stepMs)]
      : orders.get(key);
  };

  const handle = (request: RecordedRequest): SimAnswer => {
    if (request.path !== '/v2/checkpoints' && request.path !== '/v2/checkpoints/') return error(404, 'not found');
    if (request.method !== 'GET') return { ...error(405, 'method not allowed'), headers: { allow: 'GET' } };

    const queryUser = request.query.user;
    if (!queryUser) return error(400, 'user is required');
    if (!/^\d+$/.test(queryUser)) return error(400, 'user must be numeric');
    if (request.headers.user !== userId || request.headers.token !== token || queryUser !== userId) {
      return error(401, 'invalid user or token');
    }

    const orderNo = (request.query.orderNo ?? '').trim();
    if (!orderNo) return error(400, 'orderNo is required');
    const shipments = find(orderNo);
    if (!shipments) return error(404, 'no trackings found for this order');
    return { status: 200, body: render(shipments, pickLanguage(request.query.lang)) };
  };

  return startSimulator({
    host: options.host,
    port: options.port,
    latencyMs: options.latencyMs,
    handle,
    faultBody: (status) => ({ error: `simulated fault: ${status}` }),
  });
}

function error(status: number, message: string): SimAnswer {
  return { status, body: { error: message } };
}

/** Shipment ids look like parcelLab's (24 hex digits) and stay the same across starts. */
function shipmentId(orderNo: string, trackingNumber: string): string {
  return createHash('sha1').update(`${orderNo}/${trackingNumber}`).digest('hex').slice(0, 24);
}

function dateOrder(orderNo: string, order: CheckpointOrderSeed, now: Date): DatedShipment[] {
  // One order moves as a whole, so all its shipments keep the same order date.
  const moments = [order.orderedAt, ...order.shipments.flatMap((s) => s.checkpoints.map((c) => c.at))];
  const dates = resolveMoments(now, moments);
  let next = 1;
  return order.shipments.map((seed) => ({
    id: shipmentId(orderNo, seed.trackingNumber),
    seed,
    orderDate: dates[0],
    checkpoints: seed.checkpoints
      .map((c) => ({ seed: c, date: dates[next++] }))
      .sort((a, b) => a.date.getTime() - b.date.getTime()), // oldest first, as parcelLab sends them
  }));
}

/** The steps revealed so far in this round, each dated when it was revealed. */
function dateMovingShipment(
  orderNo: string,
  seed: MovingShipmentSeed,
  progress: Progress,
  stepMs: number,
): DatedShipment {
  const { steps, ...header } = seed;
  return {
    id: shipmentId(orderNo, seed.trackingNumber),
    seed: header,
    // Ordered a step before the label: at the same instant, a card could list the order after the label.
    orderDate: new Date(progress.roundStart - stepMs),
    checkpoints: steps
      .slice(0, progress.revealed)
      .map((step, i) => ({ seed: step, date: new Date(progress.roundStart + i * stepMs) })),
  };
}

function render(shipments: DatedShipment[], lang: Lang): { header: unknown[]; body: Record<string, unknown[]> } {
  const header: unknown[] = [];
  const body: Record<string, unknown[]> = {};
  for (const shipment of shipments) {
    const { seed } = shipment;
    // The first checkpoint carries the order date in full_courier_status (seed 2.1).
    const first: CheckpointEvent = {
      status: 'OrderProcessed',
      location: '',
      courierStatus: isoDate(shipment.orderDate),
    };
    const dated = [{ seed: first, date: shipment.orderDate }, ...shipment.checkpoints];
    body[shipment.id] = dated.map(({ seed: c, date }) => renderCheckpoint(c, date, lang));

    const last = [...dated].reverse().find(({ seed: c }) => !c.hidden)!.seed;
    header.push({
      id: shipment.id,
      tracking_number: seed.trackingNumber,
      ...(seed.courier && {
        courier: {
          name: seed.courier,
          prettyname: COURIERS[seed.courier].prettyname,
          trackingurl: COURIERS[seed.courier].url(seed.trackingNumber),
          trackingurl_label: TRACKING_LINK_LABEL[lang],
          ...seed.courierExtra,
        },
      }),
      ...(seed.withLastStatus !== false && {
        last_delivery_status: {
          status: STATUS_TEXT[last.status][lang],
          status_details: DETAIL_TEXT[seed.lastDetail ?? last.detail ?? DEFAULT_DETAIL[last.status]][lang],
          code: last.status,
        },
      }),
      delay: seed.delay ?? false,
      exception: seed.exception ?? false,
      ...seed.extra,
    });
  }
  return { header, body };
}

function renderCheckpoint(c: CheckpointEvent, date: Date, lang: Lang): Record<string, unknown> {
  const detail = c.detail ?? DEFAULT_DETAIL[c.status];
  return {
    shown: !c.hidden,
    status: c.status,
    status_text: STATUS_TEXT[c.status][lang],
    status_details: DETAIL_TEXT[detail][lang],
    full_courier_status: c.courierStatus ?? COURIER_WORDING[detail],
    location: c.location,
    timestamp: date.toISOString(),
    ...c.extra,
  };
}
