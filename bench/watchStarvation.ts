/**
 * One customer against all the others: M watches of other customers on Azurite, each due every second,
 * checked by one instance of the service at its default budget (NOTIFY_MAX_CHECKS_PER_SECOND=5); then
 * one customer says "Notify me" and "stop" as fast as storage lets them, for as long again, and then
 * stops. Measured, not asserted: the other customers' checks per second before, during and after. The abuser goes
 * straight to the watches (no turn, no NOTIFY_START_LIMIT), so this measures the queue alone. Last, one
 * message no client can read (`\u0000\u0001`, which on Azurite hid its whole receive batch) is put in the queue.
 */
import { QueueClient } from '@azure/storage-queue';
import { DEMO } from '../sandbox/simulators';
import { Translator } from '../src/i18n';
import { systemClock } from '../src/runtime/clock';
import type { ShipmentFinder } from '../src/tracking/lookup';
import { Watches } from '../src/watch';
import { startInstance, startWatchWorld } from './watchChecks';

export interface StarvationRow {
  phase: 'alone' | 'one customer toggling' | 'after the toggling' | 'a poison message in the queue';
  toggles: number;
  seconds: number;
  /** Upstream calls for the other customers' order: their checks. */
  otherChecks: number;
}

const OTHERS_ORDER = DEMO.checkpoints.inTransitMultiShipment;

export async function measureStarvation(others: number, windowMs: number): Promise<StarvationRow[]> {
  // The service's default budget (NOTIFY_MAX_CHECKS_PER_SECOND=5).
  const { upstreams, connector, config, env, store, queue, close } = await startWatchWorld({});
  // The watches are started here, from a parcel in transit: starting asks the upstream nothing.
  const inTransit: ShipmentFinder = {
    kinds: () => ['order_number'],
    find: () =>
      Promise.resolve([
        {
          id: 's1',
          trackingNumber: 'TN1',
          carrier: { name: 'UPS' },
          status: { category: 'in_transit' },
          delayed: false,
          exception: false,
          localizedTexts: false,
          events: [],
        },
      ]),
  };
  const watches = new Watches(store, queue, inTransit, new Translator('en'), systemClock, {
    ...config.notify,
    intervalMs: 1_000,
  });
  const asker = (id: string) => ({
    conversation: `webchat\u0000${id}`,
    reference: {
      channelId: 'webchat',
      serviceUrl: connector.url,
      conversation: { id },
      bot: { id: 'bot' },
      user: { id: `u-${id}` },
    },
    channel: 'webchat',
    locale: 'en',
  });
  const order = (identifier: string) => [{ request: { kind: 'order_number' as const, identifier }, shown: identifier }];
  await Promise.all(Array.from({ length: others }, (_, i) => watches.start(asker(`other-${i}`), order(OTHERS_ORDER))));

  const instance = await startInstance(env);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const otherChecks = () =>
    upstreams.checkpoints.requests.filter((request) => Object.values(request.query).includes(OTHERS_ORDER)).length;
  const rows: StarvationRow[] = [];
  for (const phase of [
    'alone',
    'one customer toggling',
    'after the toggling',
    'a poison message in the queue',
  ] as const) {
    if (phase === 'a poison message in the queue')
      await new QueueClient(
        env.AZURE_STORAGE_CONNECTION_STRING,
        config.storage.kind === 'blob' ? config.storage.queue : '',
      ).sendMessage('\u0000\u0001', { messageTimeToLive: -1 });
    const [checks0, start] = [otherChecks(), Date.now()];
    let toggles = 0;
    while (Date.now() - start < windowMs) {
      if (phase !== 'one customer toggling') await new Promise((resolve) => setTimeout(resolve, 100));
      else {
        await watches.start(asker('abuser'), order(DEMO.checkpoints.moving));
        await watches.stop('webchat\u0000abuser');
        toggles++;
      }
    }
    rows.push({ phase, toggles, seconds: (Date.now() - start) / 1_000, otherChecks: otherChecks() - checks0 });
  }
  await instance.stop();
  await close();
  return rows;
}

export function starvationReport(rows: StarvationRow[], others: number): string {
  const lines = [
    `${others} other customers' watches on Azurite, each due every second, one instance at NOTIFY_MAX_CHECKS_PER_SECOND=5; then one customer says "Notify me" and "stop" as fast as storage allows (straight to the watches: no turn, no NOTIFY_START_LIMIT); last, a message no client can read (\\u0000\\u0001) is put in the queue.`,
    '',
    "| phase | toggles | seconds | other customers' checks / s |",
    '| --- | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.phase} | ${row.toggles} | ${row.seconds.toFixed(0)} | ${(row.otherChecks / row.seconds).toFixed(1)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
