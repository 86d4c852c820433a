/**
 * On SMS the whole answer (intro, shipments, numbered choices) is one gateway message, GSM-7 only, and the
 * shop pays for each of its segments (160 characters, 153 a part): about up to three shipments it costs at
 * most three, a line each (status and day), what happens next and the carrier's link where they may be
 * seen; more get one line each. For every demo order of the sandbox and a 20 × 300 order, in all six
 * languages, to the owner and to a visitor.
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
const LOCALES: Record<Language, string> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
};
/** What an answer about up to three parcels may cost: the shop pays for every segment. */
const MAX_SEGMENTS = 3;

/** Every demo lookup that finds shipments, as the sandbox page offers them and more. */
const DEMO_REQUESTS: LookupRequest[] = [
  ...Object.values(DEMO.checkpoints)
    .filter((order) => order !== DEMO.checkpoints.unknown && order !== DEMO.checkpoints.emptyHeader)
    .map((identifier): LookupRequest => ({ kind: 'order_number', identifier })),
  ...Object.values(DEMO.trackings.trackingNumbers)
    .filter((number) => number !== DEMO.trackings.trackingNumbers.unknown)
    .map((identifier): LookupRequest => ({ kind: 'tracking_number', identifier })),
  ...[DEMO.trackings.orderIds.multiShipment, DEMO.trackings.orderIds.singleShipment].map(
    (identifier): LookupRequest => ({ kind: 'order_id', identifier }),
  ),
  ...[
    DEMO.trackings.externalOrders.usStore,
    DEMO.trackings.externalOrders.ukStore,
    DEMO.trackings.externalOrders.plainNumber,
  ].map(({ externalOrder, storeId }): LookupRequest => ({
    kind: 'external_order',
    identifier: externalOrder,
    storeId,
  })),
];

/** Language → lookup → shipments (Interface A answers in the asked language). */
const demo = new Map<Language, Map<LookupRequest, Shipment[]>>();

beforeAll(async () => {
  const clients = clientsFor(upstreams);
  const lookup = new ShipmentLookup({
    checkpoints: { client: clients.checkpoints, credentials: CREDENTIALS },
    trackings: { client: clients.trackings, apiKey: API_KEY },
  });
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
  test('every demo order is one SMS of at most three segments: a line per parcel with carrier, number, status and its day, the link of each on its way', () => {
    const ctx = sms(language);
    for (const [request, shipments] of demo.get(language)!) {
      expect({ request, found: shipments.length > 0 && shipments.length <= 3 }).toEqual({ request, found: true });
      const text = expectOneSms(answer(shipments, ctx, request.identifier));
      expect({ request, segments: smsCost(text).segments <= MAX_SEGMENTS }).toEqual({ request, segments: true });
      expect(
        text.startsWith(toGsm7(ctx.t('lookup.found', { count: shipments.length, identifier: request.identifier }))),
      ).toBe(true);
      expect(text.endsWith(`1. ${toGsm7(ctx.t('choice.another'))}\n2. ${toGsm7(ctx.t('choice.done'))}`)).toBe(true);
      for (const shipment of shipments) {
        const view = shipmentView(shipment, ctx, 1);
        expectNamed(text, view);
        // The day of the newest news on the line, or, for a lone parcel told with its newest event, that event's time.
        const dated = [view.day, view.events[0]?.time].filter((date): date is string => !!date).map(toGsm7);
        expect({ request, dated: dated.some((date) => text.includes(date)) }).toEqual({ request, dated: true });
        if (view.link && shipment.status.category !== 'delivered') expect(text).toContain(view.link.url);
      }
    }
  });

  test('three parcels of 300 long events each: at most three segments, a line each with its flag, and what happens next for the one in trouble', () => {
    const ctx = sms(language);
    const shipments = bigOrder(3, 300);
    const text = expectOneSms(answer(shipments, ctx, 'ORD-9000'));
    expect(smsCost(text).segments).toBeLessThanOrEqual(MAX_SEGMENTS);
    const views = shipments.map((shipment) => shipmentView(shipment, ctx, 1));
    for (const view of views) expect(text).toContain(`\n${view.carrier} ${view.trackingNumber}: `);
    // The first parcel needs attention: what happens next is said; the third one's flag says it is late.
    expect(views.map((view) => view.problem)).toEqual(['exception', undefined, undefined]);
    expect(text).toContain(toGsm7(views[0].briefNextStep!));
    expect(text).toMatch(
      new RegExp(`\\n${views[2].carrier} ${views[2].trackingNumber}: .* - ${toGsm7(ctx.t('card.delayed'))}, `),
    );
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

test('more than three parcels: one line each within three segments, and the links that fit there, those not yet delivered first', () => {
  const ctx = sms('en');
  const found = demo.get('en')!;
  const five = [...found.values()]
    .filter((shipments) => shipments.length === 1)
    .slice(0, 5)
    .flat();
  expect(five).toHaveLength(5);
  const text = expectOneSms(answer(five, ctx, 'five numbers'));
  expect(smsCost(text).segments).toBeLessThanOrEqual(MAX_SEGMENTS);
  const rows = text.split('\n');
  const links = five.map((shipment) => {
    const view = shipmentView(shipment, ctx, 0);
    const line = rows.findIndex((row) => row.startsWith(`${view.carrier} ${view.trackingNumber}: ${view.status}`));
    expect({ parcel: view.trackingNumber, line: line >= 0 }).toEqual({ parcel: view.trackingNumber, line: true });
    // A link, where one is given, sits under its parcel's line.
    return rows[line + 1] === view.link!.url;
  });
  expect(links.filter(Boolean).length).toBeGreaterThan(0);
  expect(text.match(/https:/g)).toHaveLength(links.filter(Boolean).length);

  // Links too long for all of them: those of parcels on their way stay, the delivered ones' go first.
  const long = (shipment: Shipment, index: number): Shipment => ({
    ...shipment,
    id: `long-${index}`,
    carrier: { ...shipment.carrier, trackingUrl: `https://carrier.example/${index}/${'t'.repeat(40)}` },
  });
  const delivered = [0, 1, 2].map((i) =>
    long({ ...germanLabels, status: { category: 'delivered', label: 'Delivered' } }, i),
  );
  const onTheWay = [3, 4].map((i) =>
    long({ ...germanLabels, status: { category: 'in_transit', label: 'In transit' } }, i),
  );
  const mixed = expectOneSms(answer([...delivered, ...onTheWay], ctx, 'five numbers'));
  expect(smsCost(mixed).segments).toBeLessThanOrEqual(MAX_SEGMENTS);
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
    events: Array.from({ length: 300 }, () => ({
      at: '2026-11-18T10:00:00Z',
      category: 'exception' as const,
      text: junk,
      location: junk,
    })),
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
      const details = shipments
        .flatMap((shipment) => [
          shipment.trackingNumber,
          shipment.carrier.trackingUrl,
          ...shipment.events.map((event) => event.location),
        ])
        .filter((value): value is string => !!value);
      expect(details.filter((value) => text.includes(toGsm7(value)))).toEqual([]);
      expect(text).toContain(`${toGsm7(ctx.t('card.details_in_web_chat'))}\n\n1. `);
      // No line is left empty where the carrier and number were.
      expect(text).not.toMatch(/\n\n\n|^\s|\n:/);
    }
  });
});

/** Segments counted apart from smsCost: GSM-7 by the table written out in the test, 160 septets alone or 153 a part. */
function segmentsByHand(text: string): number {
  const { outside, septets } = gsm7Check(text);
  expect(outside).toEqual([]);
  return septets <= 160 ? 1 : Math.ceil(septets / 153);
}

test('segments counted by hand agree with smsCost on a sample with the accents GSM-7 has', () => {
  // "Livré" 5, " à " 3, "Köln" 4, ", " 2, "Bezorgd" 7, " - " 3, "Mañana" 6, " ü" 2: 32 septets, each one.
  const sample = 'Livré à Köln, Bezorgd - Mañana ü';
  expect(gsm7Check(sample)).toEqual({ outside: [], septets: 32 });
  expect(smsCost(sample)).toMatchObject({ encoding: 'GSM-7', length: 32, segments: 1 });
  expect(segmentsByHand('é'.repeat(160))).toBe(1);
  expect(segmentsByHand('é'.repeat(161))).toBe(2);
  expect(segmentsByHand('è'.repeat(459))).toBe(3);
  expect(segmentsByHand('è'.repeat(460))).toBe(4);
  expect(smsCost('è'.repeat(459)).segments).toBe(3);
  expect(smsCost('è'.repeat(460)).segments).toBe(4);
});

describe.each(LANGUAGES)('what an answer costs, in %s', (language) => {
  // As on the SMS channel: no zone of the customer's (times name theirs), the clock for problems.
  const ctx = (): CardContext => ({ ...sms(language), customerTimeZone: false, now: Date.now(), staleAfterDays: 5 });
  const ord1002 = () =>
    [...demo.get(language)!].find(([request]) => request.identifier === DEMO.checkpoints.inTransitMultiShipment)![1];
  /** ORD-1002 with its second parcel not delivered at the door: a problem whose next step the SMS must say. */
  const troubled = () =>
    ord1002().map((shipment, index) =>
      index === 1 ? { ...shipment, status: { category: 'failed_attempt' as const } } : shipment,
    );
  const orders: Record<string, () => Shipment[]> = {
    'ORD-1002 (three parcels)': ord1002,
    'ORD-1002 with a failed attempt': troubled,
    'one parcel': () => ord1002().slice(0, 1),
    'one parcel with a failed attempt': () => troubled().slice(1, 2),
  };
  const rows = Object.keys(orders).flatMap((order) =>
    (['owner', 'visitor'] as const).map((who) => [who, order] as const),
  );

  test.each(rows)(
    '%s, %s: at most three segments, a line per parcel with its status, what happens next, links only for the owner',
    (who, order) => {
      const context = ctx();
      const shipments = orders[order]();
      const shown = who === 'owner' ? shipments : maskedShipments(shipments);
      const text = expectOneSms(answer(shown, context, DEMO.checkpoints.inTransitMultiShipment));
      const cost = smsCost(text);
      expect({ text, segments: cost.segments }).toEqual({ text, segments: segmentsByHand(text) });
      expect({ text, atMost: cost.segments <= MAX_SEGMENTS }).toEqual({ text, atMost: true });

      const views = shipments.map((shipment) => shipmentView(shipment, context, 1));
      const lines = text.split('\n');
      views.forEach((view, index) => {
        // A line each: who the parcel is (carrier and number, or its place among several), then its status.
        const named =
          who === 'owner'
            ? `${view.carrier} ${view.trackingNumber}`
            : shipments.length > 1
              ? toGsm7(context.t('card.parcel_of', { index: index + 1, total: shipments.length }))
              : '';
        expect({
          text,
          index,
          line: lines.some((line) => line.startsWith(named) && line.includes(toGsm7(view.status))),
        }).toEqual({ text, index, line: true });
        if (view.problem)
          expect(text).toContain(toGsm7(context.t(`sms.next_step.${view.problem}`, { count: 1, since: '' })));
        if (who === 'owner' && shipments[index].status.category !== 'delivered') expect(text).toContain(view.link!.url);
      });
      if (who === 'visitor') {
        expect(text).not.toMatch(/https?:/);
        // SMS cannot sign in: the note points to the chat on the shop's site.
        expect(text).toContain(toGsm7(context.t('card.details_in_web_chat')));
      }
    },
  );
});

test.each(LANGUAGES)(
  'in %s, three parcels each in trouble: still at most three segments, and the most pressing one says what happens next',
  (language) => {
    const ctx = { ...sms(language), customerTimeZone: false };
    const [, shipments] = [...demo.get(language)!].find(
      ([request]) => request.identifier === DEMO.checkpoints.inTransitMultiShipment,
    )!;
    const states = ['failed_attempt', 'returned', 'lost'] as const;
    const troubled = shipments.map((shipment, index) => ({ ...shipment, status: { category: states[index] } }));
    for (const shown of [troubled, maskedShipments(troubled)]) {
      const text = expectOneSms(answer(shown, ctx, DEMO.checkpoints.inTransitMultiShipment));
      expect({ text, segments: smsCost(text).segments <= MAX_SEGMENTS }).toEqual({ text, segments: true });
      expect(text).toContain(toGsm7(ctx.t('sms.next_step.lost')));
    }
  },
);

test('ORD-1002 masked, as an English customer reads it', () => {
  const ctx = sms('en');
  const [, shipments] = [...demo.get('en')!].find(
    ([request]) => request.identifier === DEMO.checkpoints.inTransitMultiShipment,
  )!;
  const [text] = answer(maskedShipments(shipments), ctx, DEMO.checkpoints.inTransitMultiShipment);
  expect(text.split('\n').map((line) => line.replace(/[A-Z][a-z]{2} \d{1,2}$/, 'day'))).toEqual([
    'I found 3 shipments for ORD-1002:',
    '',
    'Parcel 1 of 3: In transit, day',
    'Parcel 2 of 3: Out for delivery, day',
    'Parcel 3 of 3: Delivered, day',
    '',
    'Sign in to the chat on our website to see the carrier, tracking number and route.',
    '',
    '1. Track another',
    "2. That's all, thanks",
  ]);
});

test.each(LANGUAGES)(
  '%s: the note a visitor reads where nobody signs in is short, for it is most of their SMS (at most 90 characters)',
  (language) => {
    const note = toGsm7(sms(language).t('card.details_in_web_chat'));
    expect({ note, length: note.length <= 90 }).toEqual({ note, length: true });
  },
);
