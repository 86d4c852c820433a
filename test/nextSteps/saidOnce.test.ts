/**
 * A parcel with a problem is explained once: the sentence about what happens next says what is wrong
 * too, so the answer does not also explain the status in other words ("The carrier cannot find your
 * parcel at the moment." then "We are sorry: the carrier cannot find your parcel."), and it does not
 * repeat the status line. Every problem kind, every language, on a card, in a text and in an SMS.
 */
import { renderShipments, type CardContext } from '../../src/cards';
import { toGsm7 } from '../../src/channels';
import { LANGUAGES } from '../../src/i18n';
import { problemOf, type ProblemState } from '../../src/nextSteps/problem';
import type { Shipment, StatusCategory } from '../../src/tracking/shipment';
import { context, shipment } from '../cards/fixtures';
import { cardsOf, texts } from '../cards/helpers';

const LOCALES: Record<string, string> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
};
const STALE_AFTER_DAYS = 5;
/** The fixtures' newest event is 18 Nov 2026, 08:30 UTC. */
const SOON = Date.parse('2026-11-19T12:00:00Z');
const LATER = Date.parse('2026-11-30T12:00:00Z');

const pendingOnly = {
  events: [{ at: '2026-11-18T08:30:00.000Z', category: 'pending' as const, code: 'PENDING', text: 'Label created' }],
};
const CASES: Array<[string, Shipment, number, ProblemState, StatusCategory]> = [
  ['lost', shipment('lost'), SOON, 'lost', 'lost'],
  ['returning', shipment('returned'), SOON, 'returned', 'returned'],
  ['a failed attempt', shipment('failed_attempt'), SOON, 'failed_attempt', 'failed_attempt'],
  ['an exception', shipment('exception'), SOON, 'exception', 'exception'],
  [
    'an exception flagged while in transit',
    shipment('in_transit', { exception: true }),
    SOON,
    'exception',
    'in_transit',
  ],
  ['delayed', shipment('in_transit', { delayed: true }), SOON, 'delayed', 'in_transit'],
  ['no news for days', shipment('in_transit'), LATER, 'stale', 'in_transit'],
  ['no news for days, out for delivery', shipment('out_for_delivery'), LATER, 'stale', 'out_for_delivery'],
  ['never handed over', shipment('pending', pendingOnly), LATER, 'stuck', 'pending'],
];

const contextFor = (lang: string, channel: string, now: number): CardContext => ({
  ...context(LOCALES[lang], 'UTC', channel),
  now,
  staleAfterDays: STALE_AFTER_DAYS,
});

/**
 * Runs of this many words said twice are a repetition ("the carrier cannot find"), shorter ones are not
 * ("your parcel"); a date is no sentence (the last update's, then "no news since" it).
 */
const RUN = 3;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** A run of RUN words that two of the lines share, if any. */
function repeated(lines: string[]): string | undefined {
  const seen = new Map<string, number>();
  for (const [index, line] of lines.entries()) {
    const list = words(line);
    for (let i = 0; i + RUN <= list.length; i++) {
      const run = list.slice(i, i + RUN).join(' ');
      if (/\d/.test(run)) continue;
      const before = seen.get(run);
      if (before !== undefined && before !== index) return run;
      seen.set(run, index);
    }
  }
  return undefined;
}

describe.each(CASES)('%s', (_name, parcel, now, state, category) => {
  test.each(LANGUAGES)('is explained once in %s, on the card, in a text and in an SMS', (lang) => {
    const ctx = contextFor(lang, 'webchat', now);
    expect(problemOf(parcel, now, STALE_AFTER_DAYS)?.state).toBe(state);
    const { t } = ctx;
    const explained = t(`status_explained.${category}`);
    const status = t(`status.${category}`);

    // The card's header: carrier, status, what it means and what happens next, the flags; the facts follow.
    const card = texts(cardsOf(renderShipments([parcel], ctx))[0]);
    const header = card.slice(
      0,
      card.findIndex((line) => line.includes(t('card.tracking_number'))),
    );
    // The text's and the SMS's lines before the events.
    const text = renderShipments([parcel], contextFor(lang, 'telegram', now))[0]
      .text!.split('\n')
      .filter((line) => !line.startsWith('•'));
    const sms = renderShipments([parcel], contextFor(lang, 'sms', now))[0]
      .text!.split('\n')
      .slice(0, 3);

    for (const [lines, said] of [
      [header, (s: string) => s],
      [text, (s: string) => s],
      [sms, toGsm7],
    ] as const) {
      expect(lines.join('\n')).not.toContain(said(explained));
      expect(lines.some((line) => line.includes(said(status)))).toBe(true);
      expect(repeated(lines)).toBeUndefined();
    }
  });
});
