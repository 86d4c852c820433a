/** Small talk and questions the bot cannot act on, in six languages and with English mixed in. */
import { LANGUAGES, type Language } from '../../src/i18n';
import { questionTopic, socialIntent } from '../../src/recognize';
import { lexicon } from '../support/reader';

/** Every language's phrases are understood together, whatever the client's locale: the language only names the row. */
const book = (_language: Language) => lexicon.book;

const SAID: Record<Language, Array<[string, string | undefined]>> = {
  en: [
    ['hi', 'greeting'],
    ['Hello there!', 'greeting'],
    ['thanks!', 'thanks'],
    ['thank you so much', 'thanks'],
    ['bye', 'goodbye'],
    ['ok thanks bye', 'goodbye'],
    ['yes please', 'yes'],
    ['no thanks', 'no'],
    ['ok', 'ok'],
    ['👍', 'ok'],
    ['hi, where is my parcel', undefined],
    ['1001', undefined],
  ],
  de: [
    ['Hallo', 'greeting'],
    ['Guten Morgen!', 'greeting'],
    ['Danke schön', 'thanks'],
    ['vielen Dank für die Hilfe', 'thanks'],
    ['Tschüss', 'goodbye'],
    ['ja bitte', 'yes'],
    ['nein danke', 'no'],
    ['alles klar', 'ok'],
    ['ok danke', 'thanks'],
  ],
  fr: [
    ['Bonjour', 'greeting'],
    ['merci beaucoup', 'thanks'],
    ['au revoir', 'goodbye'],
    ['Bonne journée !', 'goodbye'],
    ['oui', 'yes'],
    ['non merci', 'no'],
    ["d'accord", 'ok'],
    ['d’accord', 'ok'],
  ],
  es: [
    ['Hola', 'greeting'],
    ['¡Buenos días!', 'greeting'],
    ['muchas gracias', 'thanks'],
    ['adiós', 'goodbye'],
    ['adios', 'goodbye'],
    ['sí', 'yes'],
    ['si', 'yes'],
    ['no gracias', 'no'],
    ['vale', 'ok'],
  ],
  it: [
    ['Ciao', 'greeting'],
    ['ok ciao', 'goodbye'],
    ['grazie, ciao!', 'goodbye'],
    ['buongiorno', 'greeting'],
    ['grazie mille', 'thanks'],
    ['arrivederci', 'goodbye'],
    ['sì', 'yes'],
    ['no grazie', 'no'],
    ['va bene', 'ok'],
  ],
  nl: [
    ['Hoi', 'greeting'],
    ['oké, dag!', 'goodbye'],
    ['goedemorgen', 'greeting'],
    ['dank je wel', 'thanks'],
    ['doei', 'goodbye'],
    ['tot ziens', 'goodbye'],
    ['ja graag', 'yes'],
    ['nee bedankt', 'no'],
    ['prima', 'ok'],
  ],
};

const ASKED: Record<Language, Array<[string, string | undefined]>> = {
  en: [
    ['my orders', 'orders'],
    ['what did I order?', 'orders'],
    ['when will my orders arrive?', 'orders'],
    ['when will it arrive?', 'eta'],
    ['my parcel is lost, I want a refund', 'problem'],
    ['can I change the delivery address?', 'change'],
    ['I want to talk to a human', 'person'],
    ['where is my order?', 'track'],
    ['why is the sky blue?', 'question'],
    ['purple monkey', undefined],
    ['pizza?', undefined],
  ],
  de: [
    ['meine Bestellungen', 'orders'],
    ['Was habe ich bestellt?', 'orders'],
    ['Wann kommt mein Paket an?', 'eta'],
    ['Mein Paket ist beschädigt, ich will mein Geld zurück', 'problem'],
    ['Kann ich die Adresse ändern?', 'change'],
    ['Ich möchte mit einem Menschen sprechen', 'person'],
    ['Wo ist meine Bestellung?', 'track'],
  ],
  fr: [
    ['mes commandes', 'orders'],
    ['Qu’est-ce que j’ai commandé ?', 'orders'],
    ['Quand va-t-il arriver ?', 'eta'],
    ['Je veux un remboursement', 'problem'],
    ["Je veux changer l'adresse", 'change'],
    ['Je veux parler à un conseiller', 'person'],
    ['Où est mon colis ?', 'track'],
  ],
  es: [
    ['mis pedidos', 'orders'],
    ['¿Qué pedí?', 'orders'],
    ['¿Cuándo llega mi paquete?', 'eta'],
    ['Quiero un reembolso', 'problem'],
    ['¿Puedo cambiar la dirección?', 'change'],
    ['Quiero hablar con una persona', 'person'],
    ['¿Dónde está mi pedido?', 'track'],
  ],
  it: [
    ['i miei ordini', 'orders'],
    ['Cosa ho ordinato?', 'orders'],
    ['Quando arriva il pacco?', 'eta'],
    ['Voglio un rimborso', 'problem'],
    ["Posso cambiare l'indirizzo?", 'change'],
    ['Voglio parlare con un operatore', 'person'],
    ["Dov'è il mio ordine?", 'track'],
  ],
  nl: [
    ['mijn bestellingen', 'orders'],
    ['Wat heb ik besteld?', 'orders'],
    ['Wanneer komt mijn pakket aan?', 'eta'],
    ['Ik wil mijn geld terug', 'problem'],
    ['Kan ik het adres wijzigen?', 'change'],
    ['Ik wil een medewerker spreken', 'person'],
    ['Waar is mijn bestelling?', 'track'],
  ],
};

describe.each(LANGUAGES)('%s', (language) => {
  test.each(SAID[language])('small talk: %p → %p', (text, intent) =>
    expect(socialIntent(text, book(language))).toBe(intent),
  );
  test.each(ASKED[language])('a question: %p → %p', (text, topic) =>
    expect(questionTopic(text, book(language))).toBe(topic),
  );
  test('English is understood too', () => {
    expect(socialIntent('thanks, bye', book(language))).toBe('goodbye');
    expect(questionTopic('refund please', book(language))).toBe('problem');
  });
});
