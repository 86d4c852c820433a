/**
 * A carrier's own words name what ORDER_DETAILS=masked keeps for the order's owner: "Delivered and signed for
 * by JONES, York YO1 7HH", "On FedEx vehicle for delivery, ATLANTA, GA", "call +1 212-555-0147". Those are
 * Interface B's event messages (and its status message), and Interface A's courier status and places. A visitor
 * reads, for each event, our status words (or Interface A's localized ones) and its time; the owner reads
 * everything. Checked as the customer's client receives it (the whole activity JSON, attachments and channel
 * data included), a visitor and the owner × Web Chat, Teams, SMS and a channel the bot does not know × English,
 * Dutch and French. Only Direct Line signs anyone in: elsewhere the owner is whoever holds the carrier's
 * tracking number, which shows everything to anyone.
 */
import type { Activity } from 'botbuilder';
import { TRACKINGS, ORDERS, STATUS_MESSAGES } from '../../sandbox/simulators/demoData/trackings';
import { channelProfile, toGsm7 } from '../../src/channels';
import { KNOWN_CHANNELS } from '../../src/channels/profile';
import { maskedShipments } from '../../src/customers/maskedShipments';
import { caseOf, type CaseShipment } from '../../src/handoff/case';
import { Translator } from '../../src/i18n';
import { ShipmentLookup } from '../../src/tracking/lookup';
import { newestFirst, type Shipment } from '../../src/tracking/shipment';
import { AnnouncementWriter } from '../../src/watch/announcementWriter';
import type { Watch } from '../../src/watch/watchRecord';
import { shown } from '../cards/helpers';
import { configFor } from '../support/app';
import { conversation } from '../support/transcript';
import { API_KEY, CREDENTIALS, clientsFor, useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const translator = new Translator('en');

/** The orders a visitor looks up: Interface B's three (five parcels, five carriers) and two of Interface A's. */
const ORDER_IDS = { several: 'AB12CD34EF56', failedAttempt: 'P3R8W5N2J6L4', signedFor: 'K7M2Q9X4T1B8' } as const;
const A_ORDERS = { failedAttempt: 'ORD-1006', readyForPickup: 'ORD-1007' } as const;

/** Carrier words by what they give away, as the demo's carriers wrote them (sandbox/simulators/demoData). */
const GIVEN_AWAY = {
  names: ['JONES', 'M. Wagner'],
  towns: ['Dallas', 'ATLANTA', 'York', 'COLUMBUS', 'NEW YORK', 'Köln', 'Stuttgart', 'Königstraße'],
  postcodes: ['43219', 'YO1 7HH', '10001', '50667', '70173'],
  phones: ['212-555-0147', '0221 555 0123', '0711 555 0456'],
  carriers: ['UPS', 'FedEx', 'USPS', 'DHL', 'Royal Mail', 'GLS', 'Deutsche Post'],
};

/** Every message of Interface B's parcels in these orders, whole; the status's own unless it is the seed's meaning of its code. */
const B_MESSAGES = Object.values(ORDER_IDS).flatMap((order) =>
  ORDERS[order].flatMap((number) => {
    const { events, statusMessage } = TRACKINGS[number];
    return [
      ...events.map((event) => event.message),
      ...(statusMessage && !Object.values(STATUS_MESSAGES).includes(statusMessage) ? [statusMessage] : []),
    ];
  }),
);

const forbidden = [...Object.values(GIVEN_AWAY).flat(), ...B_MESSAGES];
const pattern = (words: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u');

/** Every string of the activities, as JSON has it and as a client shows it (Markdown escapes gone), in GSM-7 too. */
function everything(activities: Partial<Activity>[]): string {
  const strings: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') strings.push(node, shown(node));
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(activities);
  return [JSON.stringify(activities), ...strings].join('\n');
}
const found = (wire: string, words: string[]) =>
  words.filter((word) => pattern(word).test(wire) || pattern(toGsm7(word)).test(wire));

/**
 * One channel of each profile the channel table has (src/channels/profile.ts): Direct Line, the Emulator's web
 * client, Teams, SMS, the plain-text messaging apps, Messenger, Direct Line Speech and Omnichannel. The last
 * one is a channel the bot does not know: the strictest kind, plain text.
 */
const CHANNELS = [
  'webchat',
  'emulator',
  'msteams',
  'sms',
  'telegram',
  'facebook',
  'whatsapp',
  'directlinespeech',
  'omnichannel',
  'kaizala',
] as const;
type Channel = (typeof CHANNELS)[number];
const LOCALES = { en: 'en-US', nl: 'nl-NL', fr: 'fr-FR' } as const;
type Lang = keyof typeof LOCALES;
const OWNER_ID = 'dl_theOwnerOfTheseParcels00000000';
const signsIn = (channel: Channel) => channelProfile(channel).signsIn === true;

/** What the owner types, and what of the carrier's words each answer must show them. */
function ownersLookups(channel: Channel): Array<{ said: string; sees: string[] }> {
  const byNumber = [
    { said: '772819465305', sees: ['On FedEx vehicle for delivery, ATLANTA, GA'] },
    { said: '7392051844', sees: ['212-555-0147', 'DHL'] },
    { said: 'TT419630826GB', sees: ['Delivered and signed for by JONES, York YO1 7HH', 'Royal Mail'] },
  ];
  if (!signsIn(channel)) return byNumber;
  return [
    {
      said: ORDER_IDS.several,
      sees: [
        'Arrived at Facility, Dallas, TX, United States',
        'On FedEx vehicle for delivery, ATLANTA, GA',
        'UPS',
        'USPS',
      ],
    },
    { said: ORDER_IDS.failedAttempt, sees: ['212-555-0147', 'DHL'] },
    { said: ORDER_IDS.signedFor, sees: ['Delivered and signed for by JONES, York YO1 7HH', 'Royal Mail'] },
    { said: A_ORDERS.failedAttempt, sees: ['50667 Köln', 'GLS'] },
    { said: A_ORDERS.readyForPickup, sees: ['70173 Stuttgart', 'Deutsche Post'] },
  ];
}

const PERSON: Record<Lang, string> = {
  en: 'I want to talk to a human',
  nl: 'Ik wil een mens spreken',
  fr: 'Je voudrais parler à un conseiller',
};

function talk(channel: Channel, lang: Lang, owner: boolean) {
  const config = configFor(upstreams, {
    ORDER_DETAILS: 'masked',
    ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
    LOOKUP_LIMIT: '0',
    HANDOFF: 'botframework',
    LOG_LEVEL: 'warn',
  });
  return conversation(config, {
    channelId: channel,
    locale: LOCALES[lang],
    localTimezone: 'Europe/Paris',
    ...(owner && { userId: OWNER_ID }),
  });
}

/** What the customer's client receives: every message, and the events too where the channel hands them over (Direct Line). */
const received = (channel: Channel, replies: Partial<Activity>[]) =>
  replies.filter((reply) => reply.type === 'message' || channelProfile(channel).customerReads.has('event'));

test('the channels below hold one of every profile the channel table has, and the profile of a channel it does not name', () => {
  const profiles = new Set([...KNOWN_CHANNELS, 'kaizala'].map((channel) => channelProfile(channel)));
  expect(new Set(CHANNELS.map((channel) => channelProfile(channel)))).toEqual(profiles);
  expect(CHANNELS.length).toBe(profiles.size);
});

const rows = CHANNELS.flatMap((channel) => (Object.keys(LOCALES) as Lang[]).map((lang) => [channel, lang] as const));

describe.each(rows)('on %s in %s', (channel, lang) => {
  const { t } = translator.localize(lang);
  const ours = (key: string) => [t(key), toGsm7(t(key))];

  test('a visitor reads our status words and times, never a carrier’s words: answers, "Show earlier", the case of a handoff', async () => {
    const visitor = talk(channel, lang, false);
    const leaks: Array<{ said: string; leaked: string[] }> = [];
    const answers: Record<string, string> = {};
    for (const said of [...Object.values(ORDER_IDS), ...Object.values(A_ORDERS), PERSON[lang]]) {
      const wire = everything(received(channel, await visitor.say(said)));
      answers[said] = wire;
      const leaked = found(wire, forbidden);
      if (leaked.length) leaks.push({ said, leaked });
    }
    expect(leaks).toEqual([]);

    // The answers are there, masked, and tell each parcel's story in our words: DHL's failed attempt, then its van, its hubs, its label.
    const failed = answers[ORDER_IDS.failedAttempt];
    expect(
      ours(signsIn(channel) ? 'card.sign_in_for_details' : 'card.details_in_web_chat').some((words) =>
        failed.includes(words),
      ),
    ).toBe(true);
    // An SMS tells the newest event, and the one before only where it costs no segment more (smsReply.ts).
    const story = channelProfile(channel).sms
      ? ['status.failed_attempt']
      : ['status.failed_attempt', 'status.out_for_delivery'];
    for (const key of story)
      expect({ key, shown: ours(key).some((words) => failed.includes(words)) }).toEqual({ key, shown: true });
    if (channelProfile(channel).cards) {
      // Older events behind "Show earlier": the label created, in our words too.
      expect(failed).toContain('Action.ToggleVisibility');
      for (const key of ['status.in_transit', 'status.pending'])
        expect({ key, shown: failed.includes(t(key)) }).toEqual({ key, shown: true });
    }
  });

  test('the owner reads the carrier’s words', async () => {
    const owner = talk(channel, lang, true);
    if (signsIn(channel))
      await owner.customers.keep({
        userId: OWNER_ID,
        orders: [...Object.values(ORDER_IDS), ...Object.values(A_ORDERS)].map((identifier) => ({
          kind: identifier.startsWith('ORD-') ? 'order_number' : 'order_id',
          identifier,
        })),
        expiresAt: Number.MAX_SAFE_INTEGER,
      });
    const missed: Array<{ said: string; missing: string[] }> = [];
    for (const { said, sees } of ownersLookups(channel)) {
      const wire = everything(received(channel, await owner.say(said)));
      const missing = sees.filter((words) => !found(wire, [words]).length);
      if (
        missing.length ||
        [...ours('card.sign_in_for_details'), ...ours('card.details_in_web_chat')].some((words) => wire.includes(words))
      )
        missed.push({ said, missing });
    }
    expect(missed).toEqual([]);
  });
});

/** Interface B's parcels of the three orders, as the lookup normalizes them (the orders, and all five parcels). */
let orders: Shipment[][];
let parcels: Shipment[];
beforeAll(async () => {
  const { checkpoints, trackings } = clientsFor(upstreams);
  const lookup = new ShipmentLookup({
    checkpoints: { client: checkpoints, credentials: CREDENTIALS },
    trackings: { client: trackings, apiKey: API_KEY },
  });
  orders = await Promise.all(
    Object.values(ORDER_IDS).map((identifier) => lookup.find({ kind: 'order_id', identifier }, 'en')),
  );
  parcels = orders.flat();
});

describe.each(rows)('a Notify me update on %s in %s', (channel, lang) => {
  const writer = new AnnouncementWriter({
    defaultTimeZone: 'UTC',
    staleAfterDays: 5,
    supportPages: { byLanguage: {} },
    disclosure: { orderDetails: 'masked' },
  });
  const watch = (details: Watch['details']): Watch => ({
    id: 'c.w',
    conversation: 'c',
    reference: {},
    channel,
    locale: LOCALES[lang],
    request: { kind: 'order_id', identifier: ORDER_IDS.several },
    shown: ORDER_IDS.several,
    details,
    announced: {},
    entry: 'e',
    startedAt: 0,
    expiresAt: Number.MAX_SAFE_INTEGER,
  });
  /** Each order's update, its parcels all moved. */
  const update = (details: Watch['details']) =>
    everything(
      orders.flatMap(
        (order) =>
          writer.update(
            watch(details),
            translator.localize(LOCALES[lang]),
            order,
            Date.parse('2026-11-22T09:00:00Z'),
            false,
          ).messages,
      ) as Partial<Activity>[],
    );

  test('to a visitor, none of the carrier’s words', () => expect(found(update('masked'), forbidden)).toEqual([]));

  // On SMS an update of three parcels is a line each (the shop pays per segment): FedEx's words stay behind its link.
  const owners = channelProfile(channel).sms
    ? ['JONES', '212-555-0147', 'Royal Mail']
    : ['JONES', '212-555-0147', 'ATLANTA', 'Royal Mail'];
  test('to the owner, the carrier’s words', () => expect(found(update('full'), owners)).toEqual(owners));
});

describe.each(Object.keys(LOCALES) as Lang[])('the case of a handoff, in %s', (lang) => {
  const { t, locale, language } = translator.localize(LOCALES[lang]);
  const caseFor = (shipments: Shipment[]) =>
    JSON.stringify(
      caseOf([{ kind: 'order_id', identifier: ORDER_IDS.several, shown: ORDER_IDS.several, shipments }], {
        language,
        locale,
        signedIn: false,
        t,
      }),
    );

  test('the visitor’s copy says what last happened in our words', () => {
    const copy = caseFor(maskedShipments(parcels));
    expect(found(copy, forbidden)).toEqual([]);
    expect(
      (JSON.parse(copy) as { lookups: { shipments: CaseShipment[] }[] }).lookups[0].shipments.map(
        (shipment: CaseShipment) => shipment.lastEvent?.text,
      ),
    ).toEqual(parcels.map((parcel) => t(`status.${newestFirst(parcel.events)[0].category}`)));
  });

  test('the agent’s case keeps the carrier’s words', () => {
    expect(found(caseFor(parcels), ['JONES', '212-555-0147', 'ATLANTA'])).toEqual(['JONES', '212-555-0147', 'ATLANTA']);
  });
});
