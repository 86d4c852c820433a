/**
 * The GSM 03.38 default alphabet written out by code, as 3GPP TS 23.038 lists it, apart from the code
 * under test: rows of 16 codes (0x00–0x0F, 0x10–0x1F, …). ESC (0x1B) is a placeholder, not a character.
 */
const ESC = '\u001b';
const ROWS = [
  '@£$¥èéùìòÇ\nØø\rÅå',
  `Δ_ΦΓΛΩΠΨΣΘΞ${ESC}ÆæßÉ`,
  ' !"#¤%&\'()*+,-./',
  '0123456789:;<=>?',
  '¡ABCDEFGHIJKLMNO',
  'PQRSTUVWXYZÄÖÑÜ§',
  '¿abcdefghijklmno',
  'pqrstuvwxyzäöñüà',
];
/** The extension table, each sent as ESC + code: 0x0A form feed, 0x14 ^, 0x28 {, 0x29 }, 0x2F \, 0x3C [, 0x3D ~, 0x3E ], 0x40 |, 0x65 €. */
const EXTENSION: Record<number, string> = {
  0x0a: '\f',
  0x14: '^',
  0x28: '{',
  0x29: '}',
  0x2f: '\\',
  0x3c: '[',
  0x3d: '~',
  0x3e: ']',
  0x40: '|',
  0x65: '€',
};

/** Character → septets it costs (1 basic, 2 extension); absent: not GSM-7. */
export const GSM7_SEPTETS: ReadonlyMap<string, number> = (() => {
  const table = new Map<string, number>();
  const codes = ROWS.flatMap((row) => [...row]);
  if (codes.length !== 128) throw new Error(`the basic table has ${codes.length} codes, not 128`);
  codes.forEach((char) => char !== ESC && table.set(char, 1));
  for (const char of Object.values(EXTENSION)) table.set(char, 2);
  return table;
})();

/** The characters of `text` that are not GSM-7, and its length in septets. */
export function gsm7Check(text: string): { outside: string[]; septets: number } {
  const outside = [...new Set([...text].filter((char) => !GSM7_SEPTETS.has(char)))];
  const septets = [...text].reduce((sum, char) => sum + (GSM7_SEPTETS.get(char) ?? 0), 0);
  return { outside, septets };
}
