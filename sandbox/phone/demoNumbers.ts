/**
 * The phone numbers a newcomer chats from on the sandbox's WhatsApp page (and `npm run chat -- --channel whatsapp`):
 * one per country whose calling code tells the bot a first language, so the guess shows before anything is typed.
 * Numbers from the ranges set aside for drama and tests where a country has one (UK 07700 900xxx).
 */
export interface DemoPhone {
  /** As WhatsApp's webhook gives it: digits with the country code, no "+". */
  number: string;
  /** As a person reads it. */
  shown: string;
  country: string;
  /** The language its calling code suggests (callingCodeLanguage.ts decides; this only picks a number for a language). */
  language: string;
}

export const DEMO_PHONES: readonly DemoPhone[] = [
  { number: '447700900123', shown: '+44 7700 900123', country: 'United Kingdom', language: 'en' },
  { number: '4915123456789', shown: '+49 151 23456789', country: 'Germany', language: 'de' },
  { number: '31612345678', shown: '+31 6 12345678', country: 'Netherlands', language: 'nl' },
  { number: '33612345678', shown: '+33 6 12 34 56 78', country: 'France', language: 'fr' },
  { number: '34612345678', shown: '+34 612 34 56 78', country: 'Spain', language: 'es' },
  { number: '393123456789', shown: '+39 312 345 6789', country: 'Italy', language: 'it' },
];

/** The demo number of `locale`'s language (de-CH → the German one), else the UK's. */
export function demoPhoneFor(locale: string): DemoPhone {
  const language = locale.slice(0, 2).toLowerCase();
  return DEMO_PHONES.find((phone) => phone.language === language) ?? DEMO_PHONES[0];
}
