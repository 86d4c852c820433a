/**
 * An IANA time zone as Intl knows it (canonical spelling), or undefined. One check for the config,
 * the client's `localTimezone` and the cards; remembered, because each check builds an Intl object.
 */
import { Memo } from './runtime/memo';

// Bounded: a client could send a new string with every message.
const known = new Memo<string | undefined>(512);

export function validTimeZone(zone: string | undefined | null): string | undefined {
  const name = zone?.trim();
  return name ? known.get(name, () => canonicalZone(name)) : undefined;
}

function canonicalZone(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
