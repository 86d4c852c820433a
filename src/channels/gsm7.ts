/**
 * The GSM-7 default alphabet (3GPP TS 23.038) and text mapped into it. One character outside it (an
 * emoji, a typographic quote, "ê") makes a gateway send the whole SMS as UCS-2: 70 characters a
 * segment instead of 160. So SMS text is mapped before it leaves: punctuation to its plain form,
 * letters to their closest GSM-7 letter, emoji and other pictures dropped.
 */

/** One septet each. Line feed and carriage return are in the basic set; ESC (0x1B) is not a character of its own. */
export const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: each is sent as ESC and the character, two septets. */
export const GSM7_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export function isGsm7Char(char: string): boolean {
  return BASIC.has(char) || EXTENSION.has(char);
}

/** Septets a GSM-7 character costs: 2 for the extension table. */
export function septets(char: string): 1 | 2 {
  return EXTENSION.has(char) ? 2 : 1;
}

export function isGsm7(text: string): boolean {
  for (const char of text) if (!isGsm7Char(char)) return false;
  return true;
}

/** Characters whose plain form is not found by taking accents off. */
const PLAIN: Readonly<Record<string, string>> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u2039': "'",
  '\u203a': "'",
  '\u00b4': "'",
  '`': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2026': '...',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2022': '-',
  '\u00b7': '-',
  '\u2027': '-',
  '\t': ' ',
  '\u00b0': 'o',
  '\u00ba': 'o',
  '\u00aa': 'a',
  '\u00d7': 'x',
  '\u00f7': '/',
  '\u2044': '/',
  '\u0153': 'oe',
  '\u0152': 'OE',
  '\u0142': 'l',
  '\u0141': 'L',
  '\u0111': 'd',
  '\u0110': 'D',
  '\u00f0': 'd',
  '\u00d0': 'D',
  '\u00fe': 'th',
  '\u00de': 'TH',
  '\u0131': 'i',
  '\u0133': 'ij',
  '\u0132': 'IJ',
  '\u0140': 'l',
  '\u013f': 'L',
  '\u1e9e': 'SS',
  '\u00c0': 'A',
  '\u00c8': 'E',
  '\u00cc': 'I',
  '\u00d2': 'O',
  '\u00d9': 'U',
};

// Spaces of every width become one plain space; invisible joiners, soft hyphens and variation selectors go.
const SPACES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
// eslint-disable-next-line no-misleading-character-class -- each code point on its own is meant: the joiner and the selectors are what goes
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff\ufe00-\ufe0f\u{e0020}-\u{e007f}]/gu;
// Pictures (emoji, skin tones, keycaps, flags, dingbats) with the spaces around them.
const PICTURES =
  / *[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u20e3\u2600-\u27bf\u2b00-\u2bff]+ */gu;

/**
 * The text in GSM-7 characters only: typographic quotes, dashes, "…" and special spaces in their plain
 * form (« x » becomes "x"), letters without the accent GSM-7 lacks (ê→e, ç→c, œ→oe, ł→l; é, ñ, ß, Ç stay),
 * emoji dropped with the space they leave ("📦 UPS" is "UPS"). Anything else that has no GSM-7 form
 * becomes "?", as gateways do, so that a missing word shows as missing.
 *
 * ç becomes c on purpose. GSM 03.38 has one c with a cedilla, at 0x09, which the standard draws as Ç (Unicode's
 * GSM0338.TXT maps it to ç): a gateway following the standard's table sends a "ç" as UCS-2, 70 characters a
 * segment for the whole message, and most phones (Android's GsmAlphabet among them) show 0x09 as a capital,
 * "reÇue". "recue" costs nothing and reads as the word it is; a capital Ç, which GSM-7 has, stays.
 */
export function toGsm7(text: string): string {
  if (isGsm7(text)) return text;
  const plain = text
    .normalize('NFC')
    .replace(SPACES, ' ')
    .replace(INVISIBLE, '')
    .replace(/\u00ab ?/g, '"')
    .replace(/ ?\u00bb/g, '"')
    .replace(PICTURES, droppedPicture);
  let out = '';
  for (const char of plain) out += isGsm7Char(char) ? char : plainForm(char);
  return out;
}

/** A picture between words leaves one space; at the start or end of a line, none. */
function droppedPicture(match: string, offset: number, whole: string): string {
  const before = whole[offset - 1];
  const after = whole[offset + match.length];
  const inside = before !== undefined && before !== '\n' && after !== undefined && after !== '\n';
  return inside && match.includes(' ') ? ' ' : '';
}

function plainForm(char: string): string {
  const plain = PLAIN[char];
  if (plain !== undefined) return plain;
  // ê → e + combining ^ → e; ﬁ → fi; a lone combining mark → nothing.
  const parts = [...char.normalize('NFKD').replace(/\p{M}/gu, '')];
  if (parts.every((part) => isGsm7Char(part) || PLAIN[part] !== undefined))
    return parts.map((part) => PLAIN[part] ?? part).join('');
  return '?';
}
