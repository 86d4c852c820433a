/**
 * WhatsApp sends no time zone either. Where the number's country keeps one time (nearly all of Europe, India,
 * much of Latin America), its dates are shown in that zone: a Dutch customer reads 14:26, not 13:26 UTC. Where a
 * country spans several (+1, Russia, Mexico, Brazil, Australia, Indonesia) there is no guess: DEFAULT_TIMEZONE.
 * Outlying islands of a country with one mainland zone (the Canaries, the Azores) read the mainland's time.
 */
const BY_CALLING_CODE: Readonly<Record<string, string>> = {
  '30': 'Europe/Athens',
  '31': 'Europe/Amsterdam',
  '32': 'Europe/Brussels',
  '33': 'Europe/Paris',
  '34': 'Europe/Madrid',
  '36': 'Europe/Budapest',
  '39': 'Europe/Rome',
  '40': 'Europe/Bucharest',
  '41': 'Europe/Zurich',
  '43': 'Europe/Vienna',
  '44': 'Europe/London',
  '45': 'Europe/Copenhagen',
  '46': 'Europe/Stockholm',
  '47': 'Europe/Oslo',
  '48': 'Europe/Warsaw',
  '49': 'Europe/Berlin',
  '351': 'Europe/Lisbon',
  '352': 'Europe/Luxembourg',
  '353': 'Europe/Dublin',
  '358': 'Europe/Helsinki',
  '377': 'Europe/Monaco',
  '378': 'Europe/San_Marino',
  '420': 'Europe/Prague',
  '421': 'Europe/Bratislava',
  '423': 'Europe/Vaduz',
  '91': 'Asia/Kolkata',
  '64': 'Pacific/Auckland',
  '51': 'America/Lima',
  '53': 'America/Havana',
  '54': 'America/Argentina/Buenos_Aires',
  '56': 'America/Santiago',
  '57': 'America/Bogota',
  '58': 'America/Caracas',
  '502': 'America/Guatemala',
  '503': 'America/El_Salvador',
  '504': 'America/Tegucigalpa',
  '505': 'America/Managua',
  '506': 'America/Costa_Rica',
  '507': 'America/Panama',
  '591': 'America/La_Paz',
  '593': 'America/Guayaquil',
  '595': 'America/Asuncion',
  '597': 'America/Paramaribo',
  '598': 'America/Montevideo',
};

/** The IANA zone of the country the WhatsApp id (its number, digits) belongs to, when the country keeps one. */
export function callingCodeTimeZone(waId: string): string | undefined {
  // Calling codes are prefix-free: at most one of the first three prefixes is a code.
  for (const length of [3, 2, 1]) {
    const zone = BY_CALLING_CODE[waId.slice(0, length)];
    if (zone) return zone;
  }
  return undefined;
}
