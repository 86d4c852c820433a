/**
 * A card tells what happened, in the customer's words, for the sandbox's demo orders as the two
 * interfaces really answer them: each event's own words, runs of the same event once, every word in
 * the customer's language, every card naming its carrier and tracking number, a toggle that says what
 * it will do, and one date format per card that names its zone unless it is the customer's own.
 */
import { DEMO } from '../../sandbox/simulators';
import { DETAIL_TEXT } from '../../sandbox/simulators/demoData/checkpointTexts';
import { renderShipments } from '../../src/cards';
import { LANGUAGES } from '../../src/i18n';
import { ShipmentLookup, type LookupRequest } from '../../src/tracking/lookup';
import type { Shipment } from '../../src/tracking/shipment';
import { API_KEY, CREDENTIALS, clientsFor, useSimulators } from '../support/upstreams';
import { bigOrder, context, translator } from './fixtures';
import { cardsOf, ofType, texts, type Json } from './helpers';

const upstreams = useSimulators();
const lookup = () => {
  const { checkpoints, trackings } = clientsFor(upstreams);
  return new ShipmentLookup({
    checkpoints: { client: checkpoints, credentials: CREDENTIALS },
    trackings: { client: trackings, apiKey: API_KEY },
  });
};
const TN = DEMO.trackings.trackingNumbers;
const LOCALES = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT', nl: 'nl-NL' } as const;
type Lang = keyof typeof LOCALES;

async function shipments(request: LookupRequest, lang: Lang): Promise<Shipment[]> {
  return lookup().find(request, LOCALES[lang]);
}
const orderNumber = (identifier: string): LookupRequest => ({ kind: 'order_number', identifier });
const trackingNumber = (identifier: string): LookupRequest => ({ kind: 'tracking_number', identifier });
const orderId = (identifier: string): LookupRequest => ({ kind: 'order_id', identifier });

/** The cards of the answer, as a customer whose client sent (or did not send) its own time zone. */
function cards(found: Shipment[], lang: Lang, own = true, zone = 'Europe/Berlin'): Json[] {
  return cardsOf(renderShipments(found, { ...context(LOCALES[lang], zone), customerTimeZone: own }));
}
/** Everything the card would show once its toggle is opened: its texts, then its facts. */
const allTexts = (card: Json) => [
  ...texts(card),
  ...ofType(card, 'FactSet').flatMap((set) =>
    (set.facts as Json[]).flatMap((fact) => [String(fact.title), String(fact.value)]),
  ),
];

describe('each event says what happened', () => {
  test.each(LANGUAGES)(
    "ORD-1003, held in customs, says so (%s): the checkpoints' own words, not 'In transit' three times",
    async (lang) => {
      const [card] = cards(await shipments(orderNumber(DEMO.checkpoints.delayed), lang), lang);
      expect(allTexts(card).join('\n')).toContain(DETAIL_TEXT.customs[lang]);
    },
  );

  test('ORD-1005, 42 checkpoints: no line repeats the one before it, and runs of the same event are told once', async () => {
    const [card] = cards(await shipments(orderNumber(DEMO.checkpoints.longHistory), 'en'), 'en');
    const events = eventTexts(card);
    expect(events.length).toBeGreaterThan(10);
    for (let i = 1; i < events.length; i++) expect(events[i]).not.toEqual(events[i - 1]);
    // The story, not 17 lines of "In transit": most lines say more than the status.
    const bare = events.filter((event) => event.what === 'In transit' && !event.details);
    expect(bare.length).toBeLessThanOrEqual(2);
  });
});

describe('every word is in the customer’s language (Interface B has no lang)', () => {
  test.each(LANGUAGES.filter((lang) => lang !== 'en'))(
    'a lost parcel in %s: our own explanation, not the service’s English',
    async (lang) => {
      const [card] = cards(await shipments(trackingNumber(TN.lost), lang), lang);
      const shown = allTexts(card).join('\n');
      expect(shown).not.toMatch(/We could not locate|contact the sender|refund/i);
      // What happens next says it, once (test/nextSteps/saidOnce.test.ts).
      expect(shown).toContain(translator.localize(LOCALES[lang as Lang]).t('next_step.lost'));
    },
  );

  test.each(LANGUAGES)('the explanation of every status code exists in %s and is not the English one', (lang) => {
    const { t } = translator.localize(LOCALES[lang]);
    for (const category of [
      'pending',
      'in_transit',
      'out_for_delivery',
      'ready_for_pickup',
      'failed_attempt',
      'delivered',
      'returned',
      'exception',
      'lost',
      'unknown',
    ]) {
      const text = t(`status_explained.${category}`);
      expect(text).not.toBe(`status_explained.${category}`);
      if (lang !== 'en') expect(text).not.toBe(translator.localize('en').t(`status_explained.${category}`));
    }
  });

  test("an event message that only restates its status code ('In transit') is not shown beside our words", async () => {
    const [card] = cards(await shipments(trackingNumber(TN.inTransit), 'de'), 'de');
    expect(allTexts(card)).not.toContain('In transit');
  });
});

describe('every card names its carrier and tracking number', () => {
  test.each(LANGUAGES)('the three parcels of an order ID (%s)', async (lang) => {
    const found = await shipments(orderId(DEMO.trackings.orderIds.multiShipment), lang);
    const shown = cards(found, lang).map((card) => allTexts(card).join('\n'));
    expect(shown).toHaveLength(3);
    for (const [index, card] of shown.entries()) {
      expect(found[index].trackingNumber).toMatch(/^[A-Z0-9]{10,}$/);
      expect(card).toContain(found[index].trackingNumber);
      expect(card).toContain(found[index].carrier.name);
    }
  });
});

describe('the toggle says what it will do', () => {
  test.each(LANGUAGES)('"Show" while closed, "Hide" while open (%s)', async (lang) => {
    const { t } = translator.localize(LOCALES[lang]);
    const [card] = cards(await shipments(orderNumber(DEMO.checkpoints.longHistory), lang), lang);
    const sets = ofType(card, 'ActionSet').filter((set) =>
      (set.actions as Json[]).some((a) => a.type === 'Action.ToggleVisibility'),
    );
    expect(sets).toHaveLength(2);
    const [show, hide] = sets;
    expect(show.isVisible).not.toBe(false);
    expect(hide.isVisible).toBe(false);
    const [showAction] = show.actions as Json[];
    const [hideAction] = hide.actions as Json[];
    const count = Number(/\d+/.exec(String(showAction.title))?.[0]);
    expect(showAction.title).toBe(t('card.show_earlier', { count }));
    expect(hideAction.title).toBe(t('card.hide_earlier'));
    // Each toggles the hidden events and swaps the two buttons.
    for (const action of [showAction, hideAction])
      expect(action.targetElements).toEqual([expect.stringMatching(/-older$/), show.id, hide.id]);
  });
});

describe('dates and times', () => {
  test.each(LANGUAGES)('one date and time format on the card (%s)', async (lang) => {
    const [card] = cards(await shipments(orderNumber(DEMO.checkpoints.longHistory), lang), lang);
    const times = stamps(card);
    expect(times.length).toBeGreaterThan(3);
    const shapes = new Set(times.map((time) => time.replace(/\p{L}+\.?/gu, 'M').replace(/\d+/g, '9')));
    expect([...shapes]).toHaveLength(1);
  });

  test('the zone is named when the channel did not give the customer’s own, and not when it did', async () => {
    const found = await shipments(orderNumber(DEMO.checkpoints.delivered), 'en');
    const named = stamps(cards(found, 'en', false, 'UTC')[0]);
    expect(named.every((time) => /\bUTC$/.test(time))).toBe(true);
    const own = stamps(cards(found, 'en', true, 'UTC')[0]);
    expect(own.some((time) => /UTC/.test(time))).toBe(false);
  });
});

/**
 * Each event as shown, from the first event (the block with the separator) on: what happened (normal
 * text), its details (small), the service's own words (small, subtle) and when and where (small,
 * subtle, with a time).
 */
function eventTexts(card: Json): Array<{ what: string; details?: string }> {
  const blocks = ofType(card, 'TextBlock');
  const first = blocks.findIndex((block) => block.separator === true);
  const events: Array<{ what: string; details?: string }> = [];
  for (const block of first < 0 ? [] : blocks.slice(first)) {
    if (block.size === undefined && !block.isSubtle) events.push({ what: String(block.text) });
    else if (block.size === 'small' && !block.isSubtle && events.length)
      events[events.length - 1].details = String(block.text);
  }
  return events;
}

const TIME = /\d{1,2}[:.h]\d{2}/;

/** Every date-time the card shows: its facts' values and the time of each event. */
function stamps(card: Json): string[] {
  const fromFacts = ofType(card, 'FactSet').flatMap((set) => (set.facts as Json[]).map((fact) => String(fact.value)));
  const fromBlocks = ofType(card, 'TextBlock')
    .filter((block) => block.size === 'small' && block.isSubtle)
    .map((block) => String(block.text).split(' · ')[0]);
  return [...fromFacts, ...fromBlocks].filter((value) => TIME.test(value));
}

describe('an order of 20 parcels with 300 events each', () => {
  test.each(LANGUAGES)(
    'every card names carrier and number, reads Show/Hide, keeps one date format, and tells no event twice in a row (%s)',
    (lang) => {
      const all = cards(bigOrder(20, 300), lang);
      expect(all).toHaveLength(20);
      for (const [index, card] of all.entries()) {
        const shown = allTexts(card).join('\n');
        expect(shown).toContain(bigOrder(20, 300)[index].trackingNumber);
        expect(shown).toContain('DHL');
        expect(
          ofType(card, 'ActionSet').filter((set) =>
            (set.actions as Json[]).some((a) => a.type === 'Action.ToggleVisibility'),
          ),
        ).toHaveLength(2);
        const shapes = new Set(stamps(card).map((time) => time.replace(/\p{L}+\.?/gu, 'M').replace(/\d+/g, '9')));
        expect(shapes.size).toBe(1);
        const events = eventTexts(card);
        for (let i = 1; i < events.length; i++) expect(events[i]).not.toEqual(events[i - 1]);
      }
    },
  );
});

test.each(LANGUAGES)(
  'the status explained by the carrier is said once, in the timeline, beside what happens next (%s)',
  async (lang) => {
    const [card] = cards(await shipments(orderNumber(DEMO.checkpoints.failedAttempt), lang), lang);
    const shown = texts(card);
    const sentence = DETAIL_TEXT.notHome[lang];
    expect(shown.filter((text) => text.includes(sentence))).toHaveLength(1);
  },
);

test.each(LANGUAGES)('a text channel (Telegram) tells the story too: ORD-1003 says customs (%s)', async (lang) => {
  const found = await shipments(orderNumber(DEMO.checkpoints.delayed), lang);
  const [reply] = renderShipments(found, {
    ...context(LOCALES[lang], 'Europe/Berlin', 'telegram'),
    customerTimeZone: true,
  });
  expect(reply.text).toContain(DETAIL_TEXT.customs[lang]);
});
