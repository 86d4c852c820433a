/**
 * How customers say what they want, in each language, as they type it: with typos, without accents, with
 * words between. Every intent has phrasings in every language: what is understood in one is understood in all.
 */
import type { Language } from '../../src/i18n';

/** What the customer wants, and the topic the bot hears in it. */
export const INTENTS = {
  cancel: 'change',
  address: 'change',
  refund: 'problem',
  return: 'problem',
  complaint: 'problem',
  damaged: 'problem',
  person: 'person',
  not_arrived: 'not_arrived',
  eta: 'eta',
  track: 'track',
  notify: 'notify',
  orders: 'orders',
} as const;
export type Intent = keyof typeof INTENTS;

export const SAID: Record<Language, Record<Intent, string[]>> = {
  en: {
    cancel: ['I want to cancel my order', 'can I cancel it?', 'how do I cancel', 'cancellation please'],
    address: ['can I change the delivery address?', 'I gave the wrong address', 'please deliver it to my neighbour'],
    refund: ['I want a refund', 'can I get my money back?', 'refund please'],
    return: ['how do I return it?', 'I want to send it back'],
    complaint: ['I want to make a complaint', 'I want to complain'],
    damaged: ['my parcel arrived damaged', 'the item is broken'],
    person: ['I want to talk to a human', 'can I speak to someone?'],
    not_arrived: [
      "my package hasn't arrived yet",
      'my parcel has not arrived',
      'it still hasnt arrived',
      'my order never arrived',
      "I still haven't received my order",
      "I didn't receive my parcel",
      "it hasn't come yet",
      'my package is not here yet',
    ],
    eta: ['when will it arrive?', 'how long does delivery take?'],
    track: ['where is my order?', 'track my parcel'],
    notify: ['let me know when it moves', 'notify me'],
    orders: ['my orders', 'what did I order?'],
  },
  de: {
    cancel: ['Ich möchte meine Bestellung stornieren', 'kann ich das noch abbestellen?', 'Bestellung stornieren bitte'],
    address: ['Kann ich die Lieferadresse ändern?', 'falsche Adresse angegeben', 'bitte beim Nachbarn abgeben'],
    refund: ['Ich möchte eine Rückerstattung', 'ich will mein Geld zurück', 'können Sie mir das Geld erstatten?'],
    return: ['Wie kann ich das zurückschicken?', 'Ich möchte es zurücksenden'],
    complaint: ['Ich möchte mich beschweren', 'ich habe eine Reklamation'],
    damaged: ['Mein Paket ist beschädigt', 'der Artikel ist kaputt'],
    person: ['Ich möchte mit einem Menschen sprechen', 'Kann ich jemanden anrufen?'],
    not_arrived: [
      'Mein Paket ist noch nicht angekommen',
      'noch nicht da',
      'mein Paket ist immer noch nicht da',
      'Paket nicht erhalten',
      'ich habe meine Bestellung noch nicht bekommen',
      'Meine Lieferung ist nie angekommen',
      'paket noch nich angekommen',
    ],
    eta: ['Wann kommt mein Paket an?', 'wie lange dauert die Lieferung?'],
    track: ['Wo ist meine Bestellung?', 'Sendung verfolgen'],
    notify: ['Sag mir Bescheid, wenn es unterwegs ist', 'benachrichtige mich'],
    orders: ['meine Bestellungen', 'Was habe ich bestellt?'],
  },
  fr: {
    cancel: ['je veux annuler ma commande', 'je voudrais annuler', 'comment annuler ?'],
    address: ["je veux changer l'adresse de livraison", "je me suis trompé d'adresse", 'livrer chez mon voisin'],
    refund: ['je veux être remboursé', 'remboursement svp', 'je veux récupérer mon argent'],
    return: ['comment renvoyer le colis ?', "je veux retourner l'article"],
    complaint: ['je veux faire une réclamation', 'je veux me plaindre'],
    damaged: ['mon colis est abîmé', "l'article est cassé"],
    person: ['je veux parler à un conseiller', "je voudrais parler a quelqu'un"],
    not_arrived: [
      "je n'ai toujours pas reçu mon colis, il est où ?",
      "je n'ai pas recu mon colis",
      "mon colis n'est pas arrivé",
      "mon colis n'est toujours pas arrive",
      "ma commande n'est jamais arrivée",
      'toujours rien reçu',
      "j'attends toujours mon colis",
    ],
    eta: ['Quand va-t-il arriver ?', 'quel est le délai de livraison ?'],
    track: ['Où est mon colis ?', 'suivre ma commande'],
    notify: ['prévenez-moi quand il bouge', 'tenez-moi au courant'],
    orders: ['mes commandes', "qu'est-ce que j'ai commandé ?"],
  },
  es: {
    cancel: ['quiero cancelar mi pedido', 'quiero anular el pedido', '¿cómo cancelo mi pedido?'],
    address: ['quiero cambiar la dirección de entrega', 'la direccion esta mal', 'déjelo con el vecino'],
    refund: ['quiero un reembolso', 'quiero que me devuelvan el dinero', 'reembolso por favor'],
    return: ['quiero devolverlo', '¿cómo hago una devolución?'],
    complaint: ['quiero poner una queja', 'quiero quejarme', 'quiero reclamar'],
    damaged: ['mi paquete llegó dañado', 'el artículo está roto'],
    person: ['quiero hablar con una persona', 'necesito un agente'],
    not_arrived: [
      'mi paquete no ha llegado todavía',
      'mi pedido no llegó',
      'todavia no he recibido mi paquete',
      'no me ha llegado el pedido',
      'aun no llega mi paquete',
      'nunca llegó mi pedido',
      'no recibí mi pedido',
    ],
    eta: ['¿Cuándo llega mi paquete?', '¿cuánto tarda la entrega?'],
    track: ['¿Dónde está mi pedido?', 'seguimiento de mi paquete'],
    notify: ['avísame cuando se mueva', 'notifícame'],
    orders: ['mis pedidos', '¿Qué pedí?'],
  },
  it: {
    cancel: ["voglio annullare l'ordine", 'posso annullare?', "vorrei disdire l'ordine"],
    address: ["posso cambiare l'indirizzo di consegna?", 'indirizzo sbagliato', 'lasciatelo al vicino'],
    refund: ['voglio un rimborso', 'rimborsatemi', 'rivoglio i miei soldi'],
    return: ['come faccio il reso?', 'voglio restituirlo'],
    complaint: ['voglio fare un reclamo', 'voglio lamentarmi'],
    damaged: ['il pacco è danneggiato', "l'articolo è rotto"],
    person: ['voglio parlare con un operatore', 'posso parlare con qualcuno?'],
    not_arrived: [
      'il mio pacco non è ancora arrivato',
      'il mio ordine non e ancora arrivato',
      'non ho ricevuto il pacco',
      'il pacco non mi è mai arrivato',
      'non mi è arrivato niente',
      'ordine non pervenuto',
      'non ho ancora ricevuto niente',
    ],
    eta: ['Quando arriva il pacco?', 'quanto ci vuole per la consegna?'],
    track: ["Dov'è il mio ordine?", 'tracciamento del pacco'],
    notify: ['fammi sapere quando si muove', 'avvisami'],
    orders: ['i miei ordini', 'Cosa ho ordinato?'],
  },
  nl: {
    cancel: ['ik wil mijn bestelling annuleren', 'annuleer mijn bestelling', 'kan ik het nog annuleren?'],
    address: ['kan ik het bezorgadres wijzigen?', 'verkeerd adres opgegeven', 'lever het bij de buren'],
    refund: ['ik wil mijn geld terug', 'kan ik een terugbetaling krijgen?', 'ik wil restitutie'],
    return: ['ik wil het terugsturen', 'hoe retourneer ik dit?'],
    complaint: ['ik wil een klacht indienen', 'ik wil klagen'],
    damaged: ['mijn pakket is beschadigd', 'het artikel is kapot'],
    person: ['ik wil een medewerker spreken', 'kan ik iemand bellen?'],
    not_arrived: [
      'mijn pakket is nog steeds niet aangekomen',
      'mijn pakket is nog niet binnen',
      'ik heb mijn bestelling niet ontvangen',
      'pakket nooit aangekomen',
      'mijn bestelling is nog niet geleverd',
      'nog steeds niks ontvangen',
      'mijn pakje is er nog niet',
    ],
    eta: ['Wanneer komt mijn pakket aan?', 'hoe lang duurt de levering?'],
    track: ['Waar is mijn bestelling?', 'pakket volgen'],
    notify: ['laat me weten wanneer het onderweg is', 'hou me op de hoogte'],
    orders: ['mijn bestellingen', 'Wat heb ik besteld?'],
  },
};

export const NOT_ARRIVED = Object.fromEntries(Object.entries(SAID).map(([language, said]) => [language, said.not_arrived])) as Record<Language, string[]>;

/** What the bot cannot do, by the topic its answer is for. */
export const CANT_DO = Object.fromEntries(
  Object.entries(SAID).map(([language, said]) => [
    language,
    Object.entries(INTENTS)
      .filter(([, topic]) => topic === 'change' || topic === 'problem' || topic === 'person')
      .map(([intent, topic]) => [intent, topic, said[intent as Intent]] as const),
  ]),
) as Record<Language, Array<readonly [Intent, 'change' | 'problem' | 'person', string[]]>>;
