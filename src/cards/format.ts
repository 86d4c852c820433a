/**
 * Dates in the user's locale and time zone. A plain calendar date (YYYY-MM-DD) stays that date:
 * it is formatted in UTC, so no zone can move it to the day before or after.
 */
import { validTimeZone } from '../timeZone';

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateFormatter {
  /** Date only, medium length: `18. Nov. 2026`, `18 Nov 2026`. */
  date(value: string | undefined): string | undefined;
  /** Date and time, medium date: `18. Nov. 2026, 09:30`. */
  dateTime(value: string | undefined): string | undefined;
  /** Compact numeric date and time for timelines: `18.11.2026, 09:30`, `18/11/2026, 09:30`. */
  shortDateTime(value: string | undefined): string | undefined;
}

/** The zone itself when Intl knows it, else UTC. */
export function resolveTimeZone(timeZone: string | undefined): string {
  return validTimeZone(timeZone) ?? 'UTC';
}

/** Answers of resolveLocale: each check builds an Intl object, which costs more than the rest of a card. */
const locales = new Map<string, string>();

/** The locale itself when Intl accepts it, else English. */
export function resolveLocale(locale: string | undefined): string {
  const key = locale ?? '';
  let answer = locales.get(key);
  if (answer === undefined) {
    if (locales.size >= 512) locales.clear();
    answer = checkLocale(locale);
    locales.set(key, answer);
  }
  return answer;
}

function checkLocale(locale: string | undefined): string {
  if (!locale?.trim()) return 'en';
  try {
    return new Intl.DateTimeFormat(locale.trim().replace(/_/g, '-')).resolvedOptions().locale;
  } catch {
    return 'en';
  }
}

/** Building Intl formatters costs far more than using them: keep them per locale and zone (few in practice, bounded anyway). */
const formatters = new Map<string, DateFormatter>();
const MAX_FORMATTERS = 256;

export function dateFormatter(locale: string, timeZone: string): DateFormatter {
  const key = `${locale}\u0000${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    if (formatters.size >= MAX_FORMATTERS) formatters.delete(formatters.keys().next().value!);
    formatter = buildDateFormatter(locale, timeZone);
    formatters.set(key, formatter);
  }
  return formatter;
}

function buildDateFormatter(locale: string, timeZone: string): DateFormatter {
  const lang = resolveLocale(locale);
  const zone = resolveTimeZone(timeZone);
  const dateInZone = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: zone });
  const dateInUtc = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
  const short = new Intl.DateTimeFormat(lang, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', timeZone: zone });
  const shortDate = new Intl.DateTimeFormat(lang, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });

  return {
    date: (value) => {
      const plain = plainDate(value);
      if (plain !== undefined) return dateInUtc.format(plain);
      const instant = parseInstant(value);
      return instant === undefined ? undefined : dateInZone.format(instant);
    },
    dateTime: (value) => {
      const plain = plainDate(value);
      if (plain !== undefined) return dateInUtc.format(plain);
      const instant = parseInstant(value);
      return instant === undefined ? undefined : dateTime.format(instant);
    },
    shortDateTime: (value) => {
      const plain = plainDate(value);
      if (plain !== undefined) return shortDate.format(plain);
      const instant = parseInstant(value);
      return instant === undefined ? undefined : short.format(instant);
    },
  };
}

function plainDate(value: string | undefined): number | undefined {
  const match = value ? PLAIN_DATE.exec(value.trim()) : null;
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  // 2026-02-31 is no date; Date.UTC would quietly roll it over to March.
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? ms : undefined;
}

function parseInstant(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
