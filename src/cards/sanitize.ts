/** Upstream strings made safe to show: one line, no control characters, capped length. */

/** Caps in characters (code points), generous for real data and small enough for the size budget. */
export const LIMITS = {
  carrier: 60,
  trackingNumber: 60,
  statusLabel: 100,
  statusDetails: 300,
  eventText: 160,
  location: 80,
  linkLabel: 60,
  /** Longer links are not shown at all: a cut link is a broken link. */
  url: 2048,
} as const;

// C0/C1 controls, bidi overrides and isolates (which can reorder what a customer reads), line/paragraph separators.
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]+/g;

/** Collapses whitespace and controls to single spaces and trims; empty becomes undefined. */
function oneLine(value: string | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const line = value.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  return line || undefined;
}

/** Cuts to `max` code points, ending in an ellipsis when cut. */
export function truncate(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max
    ? value
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

export function clean(value: string | undefined, max: number): string | undefined {
  // Cut first (with room for collapsed whitespace), so that a megabyte of upstream text costs nothing.
  const line = oneLine(typeof value === 'string' ? value.slice(0, max * 4 + 16) : undefined);
  return line === undefined ? undefined : truncate(line, max);
}

/** An http(s) link of sane length, else undefined. */
export function cleanUrl(value: string | undefined): string | undefined {
  if (!value || value.length > LIMITS.url) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** For `speak` (read as SSML by some clients) and `fallbackText` (shown raw): no markup characters at all. */
export function plainSummary(value: string): string {
  return value
    .replace(/[<>&*_`#~|\\]/g, ' ')
    .replace(/\[/g, '(')
    .replace(/\]/g, ')')
    .replace(/\s+/g, ' ')
    .trim();
}
