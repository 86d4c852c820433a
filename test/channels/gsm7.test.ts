import { forChannel } from '../../src/channels/outgoing';
/** Text mapped into the GSM-7 alphabet, so that an SMS goes out in 160-character segments, not 70. */
import { GSM7_BASIC, GSM7_EXTENSION, isGsm7, toGsm7 } from '../../src/channels/gsm7';
import { GSM7_SEPTETS, gsm7Check } from '../support/gsm7Table';

test('the alphabet is exactly 3GPP TS 23.038: 127 basic characters and 10 in the extension table', () => {
  expect([...GSM7_BASIC, ...GSM7_EXTENSION].sort()).toEqual([...GSM7_SEPTETS.keys()].sort());
  expect([...GSM7_EXTENSION].every((char) => GSM7_SEPTETS.get(char) === 2)).toBe(true);
});

test('GSM-7 text is left exactly as it is', () => {
  const text =
    'Zugestellt, Köln - 18.11.2026 09:30\nLivré à Besancon? Ça va! Año ¿qué? Ærø Øst, Åre; Straße 12 € [x] {y} ~z^ |\\';
  expect(isGsm7(text)).toBe(true);
  expect(toGsm7(text)).toBe(text);
});

test.each([
  ['typographic quotes', 'J’ai ‘vu’ “ça” „so“ ‚so‘', "J'ai 'vu' \"ca\" \"so\" 'so'"],
  [
    'French guillemets, with the spaces inside them',
    'dites « recommencer » ou «aide»',
    'dites "recommencer" ou "aide"',
  ],
  ['ellipsis', '… und 2 frühere Meldungen', '... und 2 frühere Meldungen'],
  ['dashes and the minus sign', 'In transit – Köln — 2 − 1 ‐ x', 'In transit - Köln - 2 - 1 - x'],
  ['no-break, narrow and thin spaces', '4:30\u202fPM\u00a0UTC\u2009ok', '4:30 PM UTC ok'],
  [
    'letters GSM-7 lacks, to their closest letter',
    'être ça île côte où Noël naïve señor',
    'etre ca ile cote où Noel naive señor',
  ],
  ['Spanish accents', 'envíos, número, atención, está, Último', 'envios, numero, atencion, esta, Ultimo'],
  ['capitals with an accent that only the small letter has', 'À È Ì Ò Ù Ê Ç', 'A E I O U E Ç'],
  ['ligatures and letters without a decomposition', 'œuvre Œuf Łódź Ðorđe ﬁn', 'oeuvre OEuf Lodz Dorde fin'],
  [
    'ç as c: 0x09 is drawn and shown as a capital, "reÇue", and a gateway may take "ç" for UCS-2; Ç stays',
    'Commande reçue. Ça part',
    'Commande recue. Ça part',
  ],
  [
    'letters GSM-7 has stay',
    'é è ù ì ò à ä ö ü ñ ß Ä Ö Ü Ñ Å å Æ æ Ø ø É Ç',
    'é è ù ì ò à ä ö ü ñ ß Ä Ö Ü Ñ Å å Æ æ Ø ø É Ç',
  ],
  ['decomposed accents are composed first', 'Ko\u0308ln e\u0301te\u0301', 'Köln été'],
  [
    'emoji dropped with their space',
    '📦 UPS\n⚠️ Delayed\nok 👍\nhi 👋🏽 there\n🇩🇪 Berlin',
    'UPS\nDelayed\nok\nhi there\nBerlin',
  ],
  ['bullets and the middle dot', '• Köln · DE', '- Köln - DE'],
  ['the ordinal and degree signs', 'n.º 5, n° 7', 'n.o 5, no 7'],
  ['invisible characters', 'Sendungs\u00adnummer 1Z\u2060999\u200b', 'Sendungsnummer 1Z999'],
  ['scripts with no GSM-7 form become "?", as gateways do', 'Shenzhen 深圳, Москва', 'Shenzhen ??, ??????'],
])('%s', (_, text, gsm) => {
  expect(toGsm7(text)).toBe(gsm);
});

test('every character of Unicode maps to GSM-7 characters only', () => {
  const outside: string[] = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    if (code > 0x3000 && code < 0xfb00) code = 0xfb00; // CJK and other large scripts: the same path as 深圳 above
    const char = String.fromCodePoint(code);
    const mapped = toGsm7(`a${char}b`);
    if (gsm7Check(mapped).outside.length) outside.push(`U+${code.toString(16)}`);
    if (code > 0x20000) code += 0x3ff;
  }
  expect(outside).toEqual([]);
});

test('mapping twice changes nothing more', () => {
  const text = '📦 J’ai trouvé 3 envois pour « ORD-1002 » : Livré — 24/11/2026 04:30 … œuvre';
  expect(toGsm7(toGsm7(text))).toBe(toGsm7(text));
});

test('every message leaves for SMS in GSM-7, and for other channels as written', () => {
  const message = { text: 'Je demande à un membre de l’équipe… « tout de suite »', textFormat: 'plain' as const };
  expect(forChannel(message, 'sms').text).toBe('Je demande à un membre de l\'équipe... "tout de suite"');
  expect(isGsm7(forChannel(message, 'twilio-sms').text!)).toBe(true);
  for (const channel of ['webchat', 'msteams', 'telegram']) expect(forChannel(message, channel)).toBe(message);
});
