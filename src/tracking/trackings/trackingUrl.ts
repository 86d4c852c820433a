/**
 * The seed's tracking record has no tracking number, but its tracking URL carries one: carriers' pages
 * take it as a query parameter (`tracknum=`, `trknbr=`, `tLabels=`, `tracking-id=`, `piececode=`) or as
 * the last part of the path or fragment. A card that cannot name its parcel's number leaves the customer
 * unable to tell three parcels of one order apart.
 */

/** Names of the query parameters carriers put the number in. */
const PARAMETER = /track|trk|label|piece|number|nbr|num|code|id$/i;
/** What a tracking number looks like: letters and digits, mostly digits. */
const NUMBER = /^[A-Z0-9]{8,35}$/i;

export function trackingNumberInUrl(link: string | undefined): string | undefined {
  if (!link) return undefined;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  const fromQuery = [...url.searchParams].filter(([name]) => PARAMETER.test(name)).map(([, value]) => value);
  const lastPart = (path: string) => path.split('/').filter(Boolean).at(-1) ?? '';
  const candidates = [...fromQuery, lastPart(url.hash.slice(1)), lastPart(url.pathname)].map((value) => value.trim());
  return candidates.find((value) => NUMBER.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6)?.toUpperCase();
}
