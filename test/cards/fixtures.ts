/** Shipments shaped like the two interfaces' normalized output (see the normalize.ts files under src/tracking). */
import { STATUS_CATEGORIES, type Shipment, type StatusCategory, type TrackingEvent } from '../../src/tracking/shipment';
import { Translator } from '../../src/i18n';
import type { CardContext } from '../../src/cards';

export const translator = new Translator('en');

/** As a client that sends its zone (Teams, Web Chat): times need not name it. */
export function context(locale: string, timeZone: string, channel = 'webchat'): CardContext {
  const { t, locale: formatLocale } = translator.localize(locale);
  return { t, locale: formatLocale, timeZone, customerTimeZone: true, channel };
}

export const en = (channel = 'webchat', timeZone = 'UTC') => context('en-GB', timeZone, channel);
export const de = (channel = 'webchat', timeZone = 'Europe/Berlin') => context('de-DE', timeZone, channel);

const UPS_URL = 'https://www.ups.com/track?loc=de_DE&tracknum=1Z999AA10123456784';

/** Interface B style: the carrier's messages in English, the card translates the categories. */
export function shipment(category: StatusCategory, overrides: Partial<Shipment> = {}): Shipment {
  return {
    id: `1Z-${category}`,
    trackingNumber: `1Z999AA1012345${String(STATUS_CATEGORIES.indexOf(category)).padStart(4, '0')}`,
    carrier: { code: 'ups', name: 'UPS', trackingUrl: UPS_URL },
    status: { category, code: category.toUpperCase(), details: undefined },
    delayed: false,
    exception: category === 'lost',
    localizedTexts: false,
    updatedAt: '2026-11-18T08:30:00.000Z',
    events: [
      {
        at: '2026-11-18T08:30:00.000Z',
        category,
        code: category.toUpperCase(),
        carrierText: 'Latest scan',
        location: 'Berlin',
      },
      {
        at: '2026-11-17T07:00:00.000Z',
        category: 'in_transit',
        code: 'IN_TRANSIT',
        carrierText: 'Departed from facility',
        location: 'Köln',
      },
    ],
    ...overrides,
  };
}

export const byCategory: Record<StatusCategory, Shipment> = Object.fromEntries(
  STATUS_CATEGORIES.map((c) => [c, shipment(c)]),
) as Record<StatusCategory, Shipment>;

export const delayed = shipment('in_transit', { id: 'delayed-1', delayed: true });
export const exceptionFlag = shipment('in_transit', {
  id: 'exception-1',
  exception: true,
  status: { category: 'in_transit', details: 'Address incomplete, please contact the carrier.' },
});

/** Nothing but a status: no carrier, number, link, dates or events. */
export const bare: Shipment = {
  id: 'bare',
  carrier: {},
  status: { category: 'pending' },
  delayed: false,
  exception: false,
  localizedTexts: false,
  events: [],
};

/** Interface A style: labels and event texts already in German (the request's language), seven events. */
export const germanLabels: Shipment = {
  id: 'ORD-4711/DHL 1',
  trackingNumber: '00340434161094042557',
  carrier: {
    code: 'dhl-germany',
    name: 'DHL',
    trackingUrl: 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557',
    trackingUrlLabel: 'Sendung bei DHL verfolgen',
  },
  status: {
    category: 'delivered',
    code: 'Delivered',
    label: 'Zugestellt',
    details: 'Die Sendung wurde dem Empfänger persönlich übergeben.',
  },
  delayed: false,
  exception: false,
  localizedTexts: true,
  orderedAt: '2026-11-12',
  updatedAt: '2026-11-18T23:30:00.000Z',
  events: [
    {
      at: '2026-11-18T23:30:00.000Z',
      category: 'delivered',
      code: 'Delivered',
      text: 'Zugestellt',
      details: 'Persönlich übergeben',
      location: 'Berlin',
    },
    {
      at: '2026-11-18T06:10:00.000Z',
      category: 'out_for_delivery',
      code: 'OutForDelivery',
      text: 'In Zustellung',
      location: 'Berlin',
    },
    {
      at: '2026-11-17T21:00:00.000Z',
      category: 'in_transit',
      code: 'InTransit',
      text: 'Im Zielpaketzentrum bearbeitet',
      location: 'Berlin',
    },
    {
      at: '2026-11-16T15:45:00.000Z',
      category: 'in_transit',
      code: 'InTransit',
      text: 'Im Start-Paketzentrum bearbeitet',
      location: 'Köln',
    },
    {
      at: '2026-11-15T10:00:00.000Z',
      category: 'in_transit',
      code: 'InTransit',
      text: 'Vom Absender übergeben',
      location: 'Köln',
    },
    { at: '2026-11-13T09:00:00.000Z', category: 'pending', code: 'OrderProcessed', text: 'Elektronisch angekündigt' },
    { category: 'pending', code: 'Pending', text: 'Auftragsdaten übermittelt' },
  ],
};

/** Interface B style: the upstream speaks English whatever the customer's language. */
export const englishUpstream: Shipment = shipment('in_transit', {
  id: 'trk_0001',
  trackingNumber: '1Z999AA10123456784',
  status: { category: 'in_transit', code: 'IN_TRANSIT', carrierText: 'Arrived at facility' },
  events: [
    {
      at: '2026-11-18T23:30:00.000Z',
      category: 'in_transit',
      code: 'IN_TRANSIT',
      carrierText: 'Arrived at facility',
      location: 'Berlin',
    },
    {
      at: '2026-11-17T08:00:00.000Z',
      category: 'in_transit',
      code: 'IN_TRANSIT',
      carrierText: 'Departed from facility',
      location: 'Köln',
    },
    { at: '2026-11-16T08:00:00.000Z', category: 'pending', code: 'PENDING', carrierText: 'Label created' },
  ],
});

const TEXT =
  'Paket im Paketzentrum bearbeitet, Weitertransport zur Zustellbasis; Ihre Sendung wird voraussichtlich am nächsten Werktag zugestellt. ';

/** An order of `count` shipments with `events` long events each, newest first. */
export function bigOrder(count = 20, events = 300): Shipment[] {
  return Array.from({ length: count }, (_, s) => ({
    ...germanLabels,
    id: `ORD-9000/${s + 1}`,
    trackingNumber: `0034043416109404${String(s).padStart(4, '0')}`,
    status: { ...germanLabels.status, label: TEXT.repeat(3), details: TEXT.repeat(10) },
    delayed: s % 2 === 0,
    exception: s % 3 === 0,
    events: Array.from({ length: events }, (_, e): TrackingEvent => ({
      at: new Date(Date.UTC(2026, 10, 18, 23, 30) - e * 3_600_000).toISOString(),
      category: 'in_transit',
      text: `${e + 1}: ${TEXT.repeat(4)}`,
      location: 'Frankfurt am Main, Hessen, Deutschland, Paketzentrum Nord-Ost, Tor 12',
    })),
  }));
}
