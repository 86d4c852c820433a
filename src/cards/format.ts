/**
 * Dates in the user's locale and time zone, in one format per answer: the same medium date everywhere,
 * with the time where there is one (`18 Nov 2026, 09:30`), and the zone named (`09:30 UTC`, `10:30 MEZ`)
 * unless it is the customer's own, as their client told us. A plain calendar date (YYYY-MM-DD) stays that
 * date: it is formatted in UTC, so no zone can move it to the day before or after.
 */
import { Memo } from '../runtime/memo';
import { parseLanguageTag } from '../languageTag';
import { validTimeZone } from '../timeZone';

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateFormatter {
  /** Date only: `18. Nov. 2026`, `18 Nov 2026`. */
  date(value: string | undefined): string | undefined;
  /** The same date with the time (and the zone, when named): `18. Nov. 2026, 09:30`; a plain date stays a date. */
  dateTime(value: string | undefined): string | undefined;
  /** Day and month only (`18. Nov.`, `Nov 18`): where every character costs (an SMS line), and a parcel's news is days old, not years. */
  day(value: string | undefined): string | undefined;
}

/** The zone itself when Intl knows it, else UTC. */
export function resolveTimeZone(timeZone: string | undefined): string {
  return validTimeZone(timeZone) ?? 'UTC';
}

/** The locale itself when it reads as a language tag, else English: a card never fails on a locale. */
export function resolveLocale(locale: string | undefined): string {
  return parseLanguageTag(locale)?.locale ?? 'en';
}

/** Building Intl formatters costs far more than using them: keep them per locale and zone (few in practice, bounded anyway). */
const formatters = new Memo<DateFormatter>(256);

/** `nameZone`: say which zone the times are in (the customer's client did not tell us theirs). */
export function dateFormatter(locale: string, timeZone: string, nameZone = false): DateFormatter {
  return formatters.get(`${locale}\u0000${timeZone}\u0000${nameZone}`, () =>
    buildDateFormatter(locale, timeZone, nameZone),
  );
}

const DAY = { month: 'short', day: 'numeric' } as const;
const DATE = { year: 'numeric', ...DAY } as const;
const TIME = { hour: '2-digit', minute: '2-digit' } as const;

function buildDateFormatter(locale: string, timeZone: string, nameZone: boolean): DateFormatter {
  const lang = resolveLocale(locale);
  const zone = resolveTimeZone(timeZone);
  const dateInZone = new Intl.DateTimeFormat(lang, { ...DATE, timeZone: zone });
  const dateInUtc = new Intl.DateTimeFormat(lang, { ...DATE, timeZone: 'UTC' });
  const dayInZone = new Intl.DateTimeFormat(lang, { ...DAY, timeZone: zone });
  const dayInUtc = new Intl.DateTimeFormat(lang, { ...DAY, timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(lang, {
    ...DATE,
    ...TIME,
    timeZone: zone,
    ...(nameZone && { timeZoneName: 'short' }),
  });
  const format = (
    value: string | undefined,
    instant: Intl.DateTimeFormat,
    calendar = dateInUtc,
  ): string | undefined => {
    const plain = plainDate(value);
    if (plain !== undefined) return calendar.format(plain);
    const ms = parseInstant(value);
    return ms === undefined ? undefined : instant.format(ms);
  };
  return {
    date: (value) => format(value, dateInZone),
    dateTime: (value) => format(value, dateTime),
    day: (value) => format(value, dayInZone, dayInUtc),
  };
}

function plainDate(value: string | undefined): number | undefined {
  const match = value ? PLAIN_DATE.exec(value.trim()) : null;
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  // 2026-02-31 is no date; Date.UTC would quietly roll it over to March.
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day
    ? ms
    : undefined;
}

function parseInstant(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
