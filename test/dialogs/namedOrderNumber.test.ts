/**
 * Issue #35: "mijn ordernummer is 1002", "pedido 1002": plain digits in a sentence are no number ("I paid 120"),
 * unless the customer names them as their order's, right before them. Then they are asked about as a number
 * (which kind, where the shop has several), never with "What would you like to track?".
 */
import { Translator, type Language } from '../../src/i18n';
import { configFor } from '../support/app';
import { seen } from '../support/seen';
import { conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const translator = new Translator('en');
const config = () => configFor(upstreams, { LOG_LEVEL: 'warn', ORDER_NUMBER_PATTERN: 'ORD-\\d{4}' });
const LOCALES: Record<Language, string> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
};

const named: Array<[Language, string]> = [
  ['en', 'my order number is 1002'],
  ['nl', 'mijn ordernummer is 1002'],
  ['nl', 'bestelnummer 1002'],
  ['de', 'meine Bestellnummer ist 1002'],
  ['fr', "mon numéro de commande c'est 1002"],
  ['es', 'pedido 1002'],
  ['it', "il mio numero d'ordine è 1002"],
];

test.each(named)('%s: %p is asked about as the number 1002', async (language, said) => {
  const { t } = translator.localize(language);
  const talk = conversation(config(), { channelId: 'webchat', locale: LOCALES[language] });
  const [reply] = (await talk.say(said)).map(seen);
  expect(reply.text).toBe(t('prompt.ambiguous', { identifier: '1002' }));
});

test.each([
  ['en', 'I paid 120 for my order'],
  ['en', 'my order of 3 shirts cost 120'],
] as Array<[Language, string]>)(
  '%s: %p names no number: the digits are not looked up or asked about',
  async (language, said) => {
    const talk = conversation(config(), { channelId: 'webchat', locale: LOCALES[language] });
    const text = (await talk.say(said)).map((reply) => seen(reply).text).join(' ');
    expect(text).not.toContain('120');
    expect(upstreams.checkpoints.requests).toHaveLength(0);
  },
);
