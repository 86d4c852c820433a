/**
 * Every problem the sandbox's demo orders show is answered with what it means and what happens next,
 * on the card and in the SMS, in all six languages and from both interfaces, in the shop's voice.
 */
import { DEMO } from '../../sandbox/simulators';
import { renderShipments, type CardContext } from '../../src/cards';
import { toGsm7 } from '../../src/channels';
import { dateFormatter } from '../../src/cards/format';
import { LANGUAGES } from '../../src/i18n';
import { problemOf, type ProblemState } from '../../src/nextSteps/problem';
import { ShipmentLookup, type LookupRequest } from '../../src/tracking/lookup';
import { API_KEY, CREDENTIALS, clientsFor, useSimulators } from '../support/upstreams';
import { context } from '../cards/fixtures';
import { cardsOf, texts } from '../cards/helpers';

const upstreams = useSimulators();
const LOCALES: Record<string, string> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
};
const STALE_AFTER_DAYS = 5;
const TN = DEMO.trackings.trackingNumbers;
const A = DEMO.checkpoints;

/** The demo's problems: each state must be among them. ORD-1003's age drifts with the time of day (stale or delayed). */
const PROBLEMS: Array<[string, LookupRequest, ProblemState[]]> = [
  ['ORD-1003, held in customs', { kind: 'order_number', identifier: A.delayed }, ['stale', 'delayed']],
  ['ORD-1004, address incomplete', { kind: 'order_number', identifier: A.exception }, ['exception']],
  ['ORD-1006, nobody home', { kind: 'order_number', identifier: A.failedAttempt }, ['failed_attempt']],
  ['ORD-1010, refused and returning', { kind: 'order_number', identifier: A.returned }, ['returned']],
  ['a failed DHL delivery (B)', { kind: 'tracking_number', identifier: TN.deliveryFailed }, ['failed_attempt']],
  ['a USPS parcel going back (B)', { kind: 'tracking_number', identifier: TN.returned }, ['returned']],
  ['a lost Royal Mail parcel (B)', { kind: 'tracking_number', identifier: TN.lost }, ['lost']],
];

function lookup(): ShipmentLookup {
  const { checkpoints, trackings } = clientsFor(upstreams);
  return new ShipmentLookup({
    checkpoints: { client: checkpoints, credentials: CREDENTIALS },
    trackings: { client: trackings, apiKey: API_KEY },
  });
}

const now = Date.now();
const contextFor = (lang: string, channel: string): CardContext => ({
  ...context(LOCALES[lang], 'Europe/Berlin', channel),
  now,
  staleAfterDays: STALE_AFTER_DAYS,
});

describe.each(PROBLEMS)('%s', (_name, request, states) => {
  test.each(LANGUAGES)('says what happens next in %s, on the card and in the SMS', async (lang) => {
    const [shipment] = await lookup().find(request, LOCALES[lang]);
    const problem = problemOf(shipment, now, STALE_AFTER_DAYS)!;
    expect(states).toContain(problem.state);
    const { t, locale } = contextFor(lang, 'webchat');
    const words = { count: problem.days, since: dateFormatter(locale, 'Europe/Berlin').date(problem.since) };
    const sentence = t(`next_step.${problem.state}`, words);
    // An SMS says it in a few words: the shop pays for every segment.
    const brief = t(`sms.next_step.${problem.state}`, words);

    const card = cardsOf(renderShipments([shipment], contextFor(lang, 'webchat')))[0];
    const shown = texts(card).join('\n');
    const sms = renderShipments([shipment], contextFor(lang, 'sms'))
      .map((reply) => reply.text)
      .join('\n');
    // The SMS says it in GSM-7 (’ as ', í as i), so that it arrives as one plain text.
    for (const [answer, said] of [
      [shown, sentence],
      [sms, toGsm7(brief)],
    ]) {
      expect(answer).toContain(said);
      // The bot speaks for the shop: it never sends the customer away to "the sender".
      expect(answer).not.toMatch(/contact the sender|Absender kontaktieren|contacter l’expéditeur/i);
    }
  });
});

test('no news for days says since when, and for how long, in the customer’s date format', async () => {
  const [shipment] = await lookup().find({ kind: 'order_number', identifier: A.delayed }, 'en-GB');
  const later = now + 3 * 86_400_000; // three days on, ORD-1003 is stale whatever the hour
  const card = cardsOf(renderShipments([shipment], { ...contextFor('en', 'webchat'), now: later }))[0];
  expect(texts(card).join('\n')).toMatch(
    /There has been no news from the carrier since \d{1,2} [A-Z][a-z]{2} \d{4} \(\d+ days\)\. We can check with the carrier for you\./,
  );
});

test('a delivered parcel, and one moving on time, get no next step', async () => {
  for (const request of [
    { kind: 'order_number', identifier: A.delivered },
    { kind: 'tracking_number', identifier: TN.inTransit },
  ] as LookupRequest[]) {
    const [shipment] = await lookup().find(request, 'en-GB');
    expect(problemOf(shipment, now, STALE_AFTER_DAYS)).toBeUndefined();
  }
});
