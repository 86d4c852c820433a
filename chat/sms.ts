/**
 * What an SMS costs: a message is split into segments of 160 GSM-7 characters (153 each once it is
 * split), or of 70 (67) as soon as one character is outside GSM-7 (an emoji, "…", "—").
 */
const GSM_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters that cost two (an escape and the character). */
const GSM_EXTENDED = '^{}\\[~]|€\f';

export interface SmsCost {
  characters: number;
  encoding: 'GSM-7' | 'UCS-2';
  segments: number;
}

export function smsCost(text: string): SmsCost {
  const chars = [...text];
  const gsm = chars.every((c) => GSM_BASIC.includes(c) || GSM_EXTENDED.includes(c));
  if (gsm) {
    const septets = chars.reduce((n, c) => n + (GSM_EXTENDED.includes(c) ? 2 : 1), 0);
    return { characters: chars.length, encoding: 'GSM-7', segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
  }
  // UCS-2 counts UTF-16 code units: an emoji is two.
  const units = text.length;
  return { characters: chars.length, encoding: 'UCS-2', segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}
