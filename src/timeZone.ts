/**
 * An IANA time zone as Intl knows it (canonical spelling), or undefined. One check for the config,
 * the client's `localTimezone` and the cards; remembered, because each check builds an Intl object.
 */
const known = new Map<string, string | undefined>();

export function validTimeZone(zone: string | undefined | null): string | undefined {
  const name = zone?.trim();
  if (!name) return undefined;
  if (known.has(name)) return known.get(name);
  let canonical: string | undefined;
  try {
    canonical = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    canonical = undefined;
  }
  // Bounded: a client could send a new string with every message.
  if (known.size >= 512) known.clear();
  known.set(name, canonical);
  return canonical;
}
