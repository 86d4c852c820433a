/** Display names for carrier identifiers; an identifier we do not know is shown title-cased. */
const NAMES: Record<string, string> = {
  ups: 'UPS',
  fedex: 'FedEx',
  usps: 'USPS',
  dhl: 'DHL',
  'dhl-express': 'DHL Express',
  dpd: 'DPD',
  gls: 'GLS',
  tnt: 'TNT',
  postnl: 'PostNL',
  'royal-mail': 'Royal Mail',
  royalmail: 'Royal Mail',
  'canada-post': 'Canada Post',
  colissimo: 'Colissimo',
  'la-poste': 'La Poste',
  'deutsche-post': 'Deutsche Post',
  hermes: 'Hermes',
  evri: 'Evri',
  'australia-post': 'Australia Post',
  amazon: 'Amazon Logistics',
};

export function carrierName(identifier: string | undefined): string | undefined {
  if (!identifier) return undefined;
  const key = identifier
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return NAMES[key] ?? identifier.replace(/[-_]+/g, ' ').replace(/\b\p{Ll}/gu, (c) => c.toUpperCase());
}
