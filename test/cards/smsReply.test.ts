/**
 * On SMS the whole answer (intro, shipments, numbered choices) is one gateway message: at most 1,600
 * characters, GSM-7 only, so a phone gets one text in 160-character segments. Up to three shipments
 * are told in full but short; more are summarised one line each. For every demo order of the sandbox
 * and a 20 × 300 order, in all six languages.
 */
import { DEMO } from '../../sandbox/simulators';
import { renderShipments, type CardContext } from '../../src/cards';
import { maskedShipments } from '../../src/customers/maskedShipments';
import { shipmentView, type ShipmentView } from '../../src/cards/view';
import { smsCost, toGsm7 } from '../../src/channels';
import { LANGUAGES, type Language } from '../../src/i18n';
import { ShipmentLookup, type LookupRequest } from '../../src/tracking/lookup';
import type { Shipment } from '../../src/tracking/shipment';
import { gsm7Check } from '../support/gsm7Table';
import { API_KEY, CREDENTIALS, clientsFor, useSimulators } from '../support/upstreams';
import { bigOrder, context, germanLabels } from './fixtures';

const upstreams = useSimulators();
const LOCALES: Record<Language, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT', nl: 'nl-NL' };

/** Every demo lookup that finds shipments, as the sandbox page offers them and more. */
const DEMO_REQUESTS: LookupRequest[] = [
  ...Object.values(DEMO.checkpoints)
    .filter((order) => order !== DEMO.checkpoints.unknown && order !== DEMO.checkpoints.emptyHeader)
    .map((identifier): LookupRequest => ({ kind: 'order_number', identifier })),
  ...Object.values(DEMO.trackings.trackingNumbers)
    .filter((number) => number !== DEMO.trackings.trackingNumbers.unknown)
    .map((identifier): LookupRequest => ({ kind: 'tracking_number', identifier })),
  ...[DEMO.trackings.orderIds.multiShipment, DEMO.trackings.orderIds.singleShipment].map((identifier): LookupRequest => ({ kind: 'order_id', identifier })),
  ...[DEMO.trackings.externalOrders.usStore, DEMO.trackings.externalOrders.ukStore, DEMO.trackings.externalOrders.plainNumber].map(
    ({ externalOrder, storeId }): LookupRequest => ({ kind: 'external_order', identifier: externalOrder, storeId }),
  ),
];

/** Language → lookup → shipments (Interface A answers in the asked language). */
const demo = new Map<Language, Map<LookupRequest, Shipment[]>>();

beforeAll(async () => {
  const clients = clientsFor(upstreams);
  const lookup = new ShipmentLookup({ checkpoints: { client: clients.checkpoints, credentials: CREDENTIALS }, trackings: { client: clients.trackings, apiKey: API_KEY } });
  for (const language of LANGUAGES) {
    const found = new Map<LookupRequest, Shipment[]>();
    for (const request of DEMO_REQUESTS) found.set(request, await lookup.find(request, language));
    demo.set(language, found);
  }
});

const sms = (language: Language): CardContext => context(LOCALES[language], 'Europe/Paris', 'sms');

/** The answer as the dialog sends it: intro, shipments, the follow-up choices as a numbered list. */
function answer(shipments: Shipment[], ctx: CardContext, identifier: string): string[] {
  const intro = ctx.t('lookup.found', { count: shipments.length, identifier });
  const choices = ['another', 'done'].map((value) => ({ value, title: ctx.t(`choice.${value}`) }));
  return renderShipments(shipments, ctx, { intro, choices }).map((reply) => {
    expect(reply.attachments).toBeUndefined();
    expect(reply.suggestedActions).toBeUndefined();
    return reply.text ?? '';
  });
}

/** One message, within the gateway cap, GSM-7 only: by our counter and by the table written out in the test. */
function expectOneSms(texts: string[]): string {
  expect(texts).toHaveLength(1);
  const [text] = texts;
  const check = gsm7Check(text);
  expect({ outside: check.outside, withinCap: check.septets <= 1600 }).toEqual({ outside: [], withinCap: true });
  const cost = smsCost(text);
  expect(cost.encoding).toBe('GSM-7');
  expect(cost.length).toBe(check.septets);
  return text;
}

function expectNamed(text: string, view: ShipmentView): void {
  expect(text).toContain(toGsm7(view.carrier ?? ''));
  expect(text).toContain(view.trackingNumber ?? '');
  expect(text).toContain(toGsm7(view.status));
}

describe.each(LANGUAGES)('in %s', (language) => {
  test('every demo order is one SMS of at most 1,600 GSM-7 characters naming carrier, number, status, the latest event and the link', () => {
    const ctx = sms(language);
    for (const [request, shipments] of demo.get(language)!) {
      expect({ request, found: shipments.length > 0 && shipments.length <= 3 }).toEqual({ request, found: true });
      const text = expectOneSms(answer(shipments, ctx, request.identifier));
      expect(text.startsWith(toGsm7(ctx.t('lookup.found', { count: shipments.length, identifier: request.identifier })))).toBe(true);
      expect(text.endsWith(`1. ${toGsm7(ctx.t('choice.another'))}\n2. ${toGsm7(ctx.t('choice.done'))}`)).toBe(true);
      for (const shipment of shipments) {
        const view = shipmentView(shipment, ctx, 1);
        expectNamed(text, view);
        const [latest] = view.events;
        if (latest?.time) expect(text).toContain(toGsm7(latest.time));
        if (latest?.location) expect(text).toContain(toGsm7(latest.location));
        if (view.link) expect(text).toContain(view.link.url);
      }
    }
  });

  test('three parcels of 300 long events each: one SMS that still names each parcel in full', () => {
    const ctx = sms(language);
    const shipments = bigOrder(3, 300);
    const text = expectOneSms(answer(shipments, ctx, 'ORD-9000'));
    for (const shipment of shipments) {
      const view = shipmentView(shipment, ctx, 1);
      expect(text).toContain(`${view.carrier} ${view.trackingNumber}\n`);
      expect(text).toContain(toGsm7(view.events[0].time!));
      expect(text).toContain(view.link!.url);
    }
  });

  test('20 parcels of 300 events each: one SMS, a line per parcel (carrier, number, status), under the intro that counts them', () => {
    const ctx = sms(language);
    const shipments = bigOrder(20, 300);
    const text = expectOneSms(answer(shipments, ctx, 'ORD-9000'));
    expect(text).toContain(toGsm7(ctx.t('lookup.found', { count: 20, identifier: 'ORD-9000' })));
    for (const shipment of shipments) {
      const view = shipmentView(shipment, ctx, 0);
      expect(text).toContain(`${view.carrier} ${view.trackingNumber}: ${toGsm7(view.status).slice(0, 15)}`);
    }
  });
});

test('more than three parcels: one line each and every link that fits, those not yet delivered first', () => {
  const ctx = sms('en');
  const found = demo.get('en')!;
  const five = [...found.values()].filter((shipments) => shipments.length === 1).slice(0, 5).flat();
  expect(five).toHaveLength(5);
  const text = expectOneSms(answer(five, ctx, 'five numbers'));
  for (const shipment of five) {
    const view = shipmentView(shipment, ctx, 0);
    const line = text.split('\n').findIndex((row) => row.startsWith(`${view.carrier} ${view.trackingNumber}: ${view.status}`));
    expect(text.split('\n')[line + 1]).toBe(view.link!.url);
  }

  // Links too long for all of them: those of parcels on their way stay, the delivered ones' go first.
  const long = (shipment: Shipment, index: number): Shipment => ({ ...shipment, id: `long-${index}`, carrier: { ...shipment.carrier, trackingUrl: `https://carrier.example/${index}/${'t'.repeat(380)}` } });
  const delivered = [0, 1, 2].map((i) => long({ ...germanLabels, status: { category: 'delivered', label: 'Delivered' } }, i));
  const onTheWay = [3, 4].map((i) => long({ ...germanLabels, status: { category: 'in_transit', label: 'In transit' } }, i));
  const mixed = expectOneSms(answer([...delivered, ...onTheWay], ctx, 'five numbers'));
  expect(mixed).toContain('https://carrier.example/3/');
  expect(mixed).toContain('https://carrier.example/4/');
  expect(mixed).not.toContain('https://carrier.example/2/');
});

test('without an intro a summary says how many parcels it lists; past what one SMS holds, the rest are counted', () => {
  const ctx = sms('de');
  const [counted] = renderShipments(bigOrder(5, 3), ctx);
  expect(counted.text!.split('\n')[0]).toBe('5 Sendungen:');
  const [many] = renderShipments(bigOrder(80, 1), ctx);
  expectOneSms([many.text!]);
  expect(many.text).toMatch(/\n\.\.\. und \d+ weitere Sendungen$/);
});

test('hostile upstream text (emoji, Markdown, extension characters, 2,000-character links) still makes one SMS', () => {
  const junk = '🚚*_[x](y)<b>&#91;\\€{}'.repeat(500);
  const hostile: Shipment = {
    ...germanLabels,
    trackingNumber: junk,
    carrier: { name: junk, trackingUrl: `https://e.example/${'a'.repeat(1900)}` },
    status: { category: 'exception', label: junk, details: junk },
    events: Array.from({ length: 300 }, () => ({ at: '2026-11-18T10:00:00Z', category: 'exception' as const, text: junk, location: junk })),
  };
  for (const count of [1, 3, 12]) {
    const shipments = Array.from({ length: count }, (_, i) => ({ ...hostile, id: `h${i}` }));
    expectOneSms(answer(shipments, sms('fr'), junk));
  }
});

test('Telegram keeps the longer Unicode text: the newest five events, emoji markers, several messages when long', () => {
  const [reply] = renderShipments([germanLabels], context('de-DE', 'Europe/Berlin', 'telegram'));
  expect(reply.text).toMatch(/^📦 DHL/);
  expect(reply.text!.match(/^• /gm)).toHaveLength(6);
});

describe.each(LANGUAGES)('masked (ORDER_DETAILS), in %s', (language) => {
  test('every demo order is one SMS that names no carrier, number, place or link, and ends on the chat on our website (no SMS signs in) before the choices', () => {
    const ctx = sms(language);
    for (const [request, shipments] of demo.get(language)!) {
      if (request.kind === 'tracking_number' || !shipments.length) continue;
      const text = expectOneSms(answer(maskedShipments(shipments), ctx, request.identifier));
      const details = shipments.flatMap((shipment) => [shipment.trackingNumber, shipment.carrier.trackingUrl, ...shipment.events.map((event) => event.location)]).filter((value): value is string => !!value);
      expect(details.filter((value) => text.includes(toGsm7(value)))).toEqual([]);
      expect(text).toContain(`${toGsm7(ctx.t('card.details_in_web_chat'))}\n\n1. `);
      // No line is left empty where the carrier and number were.
      expect(text).not.toMatch(/\n\n\n|^\s|\n:/);
    }
  });
});

test('ORD-1002 masked, as an English customer reads it', () => {
  const ctx = sms('en');
  const [, shipments] = [...demo.get('en')!].find(([request]) => request.identifier === DEMO.checkpoints.inTransitMultiShipment)!;
  const [text] = answer(maskedShipments(shipments), ctx, DEMO.checkpoints.inTransitMultiShipment);
  expect(text.split('\n').map((line) => line.replace(/\d{1,2}:\d{2} [AP]M/g, 'hh:mm').replace(/[A-Z][a-z]{2} \d{1,2}, \d{4}/g, 'date'))).toEqual([
    'I found 3 shipments for ORD-1002:',
    '',
    'Parcel 1 of 3',
    'In transit',
    'The parcel has been processed at the sorting centre.',
    'date, hh:mm - In transit',
    'date, hh:mm - In transit (The parcel has arrived at the sorting centre.)',
    '',
    'Parcel 2 of 3',
    'Out for delivery',
    'The parcel is on the delivery vehicle and will be delivered today.',
    'date, hh:mm - Out for delivery',
    'date, hh:mm - In transit (The parcel has arrived at the local delivery depot.)',
    '',
    'Parcel 3 of 3',
    'Delivered',
    'The parcel has been delivered.',
    'date, hh:mm - Delivered',
    'date, hh:mm - In transit (The parcel has arrived in the destination country.)',
    '',
    "In the chat on our website, once you're signed in, I can show you the carrier, the tracking number and where your parcel has been.",
    '',
    '1. Track another',
    "2. That's all, thanks",
  ]);
});
