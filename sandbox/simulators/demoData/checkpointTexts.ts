/**
 * Localised texts of interface A, in the six languages the simulator serves. One table per kind of
 * text, so a demo order names a status and a detail key instead of carrying six translations.
 */

export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl'] as const;
export type Lang = (typeof LANGUAGES)[number];
type Localized = Readonly<Record<Lang, string>>;

/** Checkpoint status codes the demo uses (parcelLab's list is open; the last one is rarer). */
export type CheckpointStatus =
  | 'Pending'
  | 'OrderProcessed'
  | 'InboundScan'
  | 'InTransit'
  | 'OutForDelivery'
  | 'FailedAttemptFirst'
  | 'PickupReadyToday'
  | 'Delivered'
  | 'Return'
  | 'Exception'
  | 'DestinationDeliveryCenter';

/** Short texts: checkpoint `status_text` and `last_delivery_status.status`. */
export const STATUS_TEXT: Readonly<Record<CheckpointStatus, Localized>> = {
  Pending: {
    en: 'Preparing for dispatch',
    de: 'Versand wird vorbereitet',
    fr: 'Expédition en préparation',
    es: 'Preparando el envío',
    it: 'Spedizione in preparazione',
    nl: 'Verzending wordt voorbereid',
  },
  OrderProcessed: {
    en: 'Order processed',
    de: 'Bestellung bearbeitet',
    fr: 'Commande traitée',
    es: 'Pedido procesado',
    it: 'Ordine elaborato',
    nl: 'Bestelling verwerkt',
  },
  InboundScan: { en: 'Dispatched', de: 'Versendet', fr: 'Expédié', es: 'Enviado', it: 'Spedito', nl: 'Verzonden' },
  InTransit: {
    en: 'In transit',
    de: 'Unterwegs',
    fr: "En cours d'acheminement",
    es: 'En tránsito',
    it: 'In transito',
    nl: 'Onderweg',
  },
  OutForDelivery: {
    en: 'Out for delivery',
    de: 'In Zustellung',
    fr: 'En cours de livraison',
    es: 'En reparto',
    it: 'In consegna',
    nl: 'Wordt vandaag bezorgd',
  },
  FailedAttemptFirst: {
    en: 'Delivery attempt failed',
    de: 'Zustellversuch erfolglos',
    fr: 'Tentative de livraison échouée',
    es: 'Intento de entrega fallido',
    it: 'Tentativo di consegna non riuscito',
    nl: 'Bezorgpoging mislukt',
  },
  PickupReadyToday: {
    en: 'Ready for pickup',
    de: 'Zur Abholung bereit',
    fr: 'Prêt à être retiré',
    es: 'Listo para recoger',
    it: 'Pronto per il ritiro',
    nl: 'Klaar om op te halen',
  },
  Delivered: { en: 'Delivered', de: 'Zugestellt', fr: 'Livré', es: 'Entregado', it: 'Consegnato', nl: 'Bezorgd' },
  Return: {
    en: 'Returning to sender',
    de: 'Rücksendung an Absender',
    fr: "Retour à l'expéditeur",
    es: 'Devolución al remitente',
    it: 'Reso al mittente',
    nl: 'Retour naar afzender',
  },
  Exception: {
    en: 'Problem with delivery',
    de: 'Problem bei der Zustellung',
    fr: 'Problème de livraison',
    es: 'Incidencia en la entrega',
    it: 'Problema con la consegna',
    nl: 'Probleem met de bezorging',
  },
  DestinationDeliveryCenter: {
    en: 'At delivery depot',
    de: 'Im Zustellstützpunkt',
    fr: 'Au centre de distribution',
    es: 'En el centro de reparto',
    it: 'Al deposito di consegna',
    nl: 'In het bezorgdepot',
  },
};

/** Long texts: checkpoint `status_details` and `last_delivery_status.status_details`. */
export const DETAIL_TEXT = {
  orderProcessed: {
    en: 'Your order has been received and is being processed.',
    de: 'Ihre Bestellung ist eingegangen und wird bearbeitet.',
    fr: 'Votre commande a été reçue et est en cours de traitement.',
    es: 'Hemos recibido tu pedido y lo estamos procesando.',
    it: 'Abbiamo ricevuto il tuo ordine e lo stiamo elaborando.',
    nl: 'Je bestelling is ontvangen en wordt verwerkt.',
  },
  labelCreated: {
    en: 'The shipping label has been created. The parcel has not been handed over to the carrier yet.',
    de: 'Das Versandetikett wurde erstellt. Das Paket wurde noch nicht an den Versanddienstleister übergeben.',
    fr: "L'étiquette d'expédition a été créée. Le colis n'a pas encore été remis au transporteur.",
    es: 'Se ha creado la etiqueta de envío. El paquete aún no se ha entregado al transportista.',
    it: "L'etichetta di spedizione è stata creata. Il pacco non è ancora stato affidato al corriere.",
    nl: 'Het verzendlabel is aangemaakt. Het pakket is nog niet aan de vervoerder overgedragen.',
  },
  pickedUp: {
    en: 'The parcel has been handed over to the carrier.',
    de: 'Das Paket wurde an den Versanddienstleister übergeben.',
    fr: 'Le colis a été remis au transporteur.',
    es: 'El paquete se ha entregado al transportista.',
    it: 'Il pacco è stato affidato al corriere.',
    nl: 'Het pakket is overgedragen aan de vervoerder.',
  },
  hubArrived: {
    en: 'The parcel has arrived at the sorting centre.',
    de: 'Das Paket ist im Paketzentrum angekommen.',
    fr: 'Le colis est arrivé au centre de tri.',
    es: 'El paquete ha llegado al centro de clasificación.',
    it: 'Il pacco è arrivato al centro di smistamento.',
    nl: 'Het pakket is aangekomen in het sorteercentrum.',
  },
  hubProcessed: {
    en: 'The parcel has been processed at the sorting centre.',
    de: 'Das Paket wurde im Paketzentrum bearbeitet.',
    fr: 'Le colis a été traité au centre de tri.',
    es: 'El paquete se ha procesado en el centro de clasificación.',
    it: 'Il pacco è stato lavorato nel centro di smistamento.',
    nl: 'Het pakket is verwerkt in het sorteercentrum.',
  },
  hubDeparted: {
    en: 'The parcel has left the sorting centre.',
    de: 'Das Paket hat das Paketzentrum verlassen.',
    fr: 'Le colis a quitté le centre de tri.',
    es: 'El paquete ha salido del centro de clasificación.',
    it: 'Il pacco ha lasciato il centro di smistamento.',
    nl: 'Het pakket heeft het sorteercentrum verlaten.',
  },
  export: {
    en: 'The parcel has left the country of origin.',
    de: 'Das Paket hat das Ursprungsland verlassen.',
    fr: "Le colis a quitté le pays d'origine.",
    es: 'El paquete ha salido del país de origen.',
    it: "Il pacco ha lasciato il paese d'origine.",
    nl: 'Het pakket heeft het land van herkomst verlaten.',
  },
  arrivedCountry: {
    en: 'The parcel has arrived in the destination country.',
    de: 'Das Paket ist im Zielland angekommen.',
    fr: 'Le colis est arrivé dans le pays de destination.',
    es: 'El paquete ha llegado al país de destino.',
    it: 'Il pacco è arrivato nel paese di destinazione.',
    nl: 'Het pakket is aangekomen in het land van bestemming.',
  },
  customs: {
    en: 'The parcel is going through customs clearance.',
    de: 'Das Paket befindet sich in der Zollabfertigung.',
    fr: 'Le colis est en cours de dédouanement.',
    es: 'El paquete está en trámite aduanero.',
    it: 'Il pacco è in fase di sdoganamento.',
    nl: 'Het pakket wordt door de douane afgehandeld.',
  },
  customsCleared: {
    en: 'The parcel has cleared customs.',
    de: 'Das Paket wurde vom Zoll freigegeben.',
    fr: 'Le colis a été dédouané.',
    es: 'El paquete ha superado el despacho de aduanas.',
    it: 'Il pacco è stato sdoganato.',
    nl: 'Het pakket is door de douane vrijgegeven.',
  },
  depot: {
    en: 'The parcel has arrived at the local delivery depot.',
    de: 'Das Paket ist im Zustellstützpunkt angekommen.',
    fr: 'Le colis est arrivé sur le site de livraison.',
    es: 'El paquete ha llegado a la delegación de reparto.',
    it: 'Il pacco è arrivato al deposito di consegna.',
    nl: 'Het pakket is aangekomen bij het bezorgdepot.',
  },
  delayed: {
    en: 'The parcel is taking longer than expected. We are sorry for the delay.',
    de: 'Die Zustellung dauert länger als erwartet. Wir bitten um Entschuldigung.',
    fr: "L'acheminement prend plus de temps que prévu. Veuillez nous excuser pour ce retard.",
    es: 'El envío está tardando más de lo previsto. Disculpa el retraso.',
    it: 'La spedizione sta richiedendo più tempo del previsto. Ci scusiamo per il ritardo.',
    nl: 'De bezorging duurt langer dan verwacht. Excuses voor de vertraging.',
  },
  outForDelivery: {
    en: 'The parcel is on the delivery vehicle and will be delivered today.',
    de: 'Das Paket ist im Zustellfahrzeug und wird heute zugestellt.',
    fr: "Le colis est en cours de livraison et vous sera livré aujourd'hui.",
    es: 'El paquete está en el vehículo de reparto y se entregará hoy.',
    it: 'Il pacco è sul mezzo di consegna e verrà consegnato oggi.',
    nl: 'Het pakket zit in de bezorgauto en wordt vandaag bezorgd.',
  },
  notHome: {
    en: 'We could not deliver the parcel because nobody was home. We will try again on the next working day.',
    de: 'Das Paket konnte nicht zugestellt werden, da niemand angetroffen wurde. Wir versuchen es am nächsten Werktag erneut.',
    fr: "Le colis n'a pas pu être livré en votre absence. Une nouvelle tentative aura lieu le prochain jour ouvré.",
    es: 'No hemos podido entregar el paquete porque no había nadie en casa. Lo intentaremos de nuevo el próximo día laborable.',
    it: "Non è stato possibile consegnare il pacco perché non c'era nessuno. Riproveremo il prossimo giorno lavorativo.",
    nl: 'We konden het pakket niet bezorgen omdat er niemand thuis was. We proberen het de volgende werkdag opnieuw.',
  },
  postOffice: {
    en: 'The parcel is waiting for you at the post office. Please bring your ID.',
    de: 'Das Paket liegt in der Filiale zur Abholung bereit. Bitte bringen Sie Ihren Ausweis mit.',
    fr: "Le colis vous attend au bureau de poste. Munissez-vous d'une pièce d'identité.",
    es: 'El paquete te espera en la oficina de correos. Lleva tu documento de identidad.',
    it: "Il pacco ti aspetta all'ufficio postale. Porta con te un documento d'identità.",
    nl: 'Het pakket ligt voor je klaar op het postkantoor. Neem je legitimatiebewijs mee.',
  },
  parcelShop: {
    en: 'The parcel is waiting for you at the parcel shop for 7 days.',
    de: 'Das Paket liegt 7 Tage im Paketshop zur Abholung bereit.',
    fr: 'Le colis vous attend 7 jours en point relais.',
    es: 'El paquete te espera 7 días en el punto de recogida.',
    it: 'Il pacco ti aspetta per 7 giorni nel punto di ritiro.',
    nl: 'Het pakket ligt 7 dagen voor je klaar in het pakketpunt.',
  },
  delivered: {
    en: 'The parcel has been delivered.',
    de: 'Das Paket wurde zugestellt.',
    fr: 'Le colis a été livré.',
    es: 'El paquete ha sido entregado.',
    it: 'Il pacco è stato consegnato.',
    nl: 'Het pakket is bezorgd.',
  },
  deliveredNeighbour: {
    en: 'The parcel has been delivered to a neighbour.',
    de: 'Das Paket wurde bei einem Nachbarn abgegeben.',
    fr: 'Le colis a été remis à un voisin.',
    es: 'El paquete se ha entregado a un vecino.',
    it: 'Il pacco è stato consegnato a un vicino.',
    nl: 'Het pakket is bij de buren bezorgd.',
  },
  damaged: {
    en: 'The parcel was damaged in transit. The carrier is checking the contents.',
    de: 'Das Paket wurde beim Transport beschädigt. Der Versanddienstleister prüft den Inhalt.',
    fr: 'Le colis a été endommagé pendant le transport. Le transporteur en vérifie le contenu.',
    es: 'El paquete sufrió daños durante el transporte. El transportista está revisando el contenido.',
    it: 'Il pacco è stato danneggiato durante il trasporto. Il corriere sta verificando il contenuto.',
    nl: 'Het pakket is tijdens het transport beschadigd. De vervoerder controleert de inhoud.',
  },
  addressIssue: {
    en: 'The delivery address is incomplete. Please contact customer service.',
    de: 'Die Lieferadresse ist unvollständig. Bitte wenden Sie sich an den Kundenservice.',
    fr: "L'adresse de livraison est incomplète. Veuillez contacter le service client.",
    es: 'La dirección de entrega está incompleta. Ponte en contacto con atención al cliente.',
    it: "L'indirizzo di consegna è incompleto. Contatta il servizio clienti.",
    nl: 'Het bezorgadres is onvolledig. Neem contact op met de klantenservice.',
  },
  returning: {
    en: 'The parcel is on its way back to the sender.',
    de: 'Das Paket wird an den Absender zurückgeschickt.',
    fr: "Le colis est en cours de retour vers l'expéditeur.",
    es: 'El paquete está volviendo al remitente.',
    it: 'Il pacco sta tornando al mittente.',
    nl: 'Het pakket is onderweg terug naar de afzender.',
  },
  refused: {
    en: 'Delivery was refused. The parcel will be returned to the sender.',
    de: 'Die Annahme wurde verweigert. Das Paket geht an den Absender zurück.',
    fr: "Le colis a été refusé. Il sera retourné à l'expéditeur.",
    es: 'Se ha rechazado la entrega. El paquete se devolverá al remitente.',
    it: 'La consegna è stata rifiutata. Il pacco verrà restituito al mittente.',
    nl: 'De ontvangst is geweigerd. Het pakket gaat terug naar de afzender.',
  },
  internal: {
    en: 'Internal scan',
    de: 'Interner Scan',
    fr: 'Scan interne',
    es: 'Escaneo interno',
    it: 'Scansione interna',
    nl: 'Interne scan',
  },
} as const satisfies Record<string, Localized>;

export type DetailKey = keyof typeof DETAIL_TEXT;

/** The long text a checkpoint gets when its demo entry names none. */
export const DEFAULT_DETAIL: Readonly<Record<CheckpointStatus, DetailKey>> = {
  Pending: 'labelCreated',
  OrderProcessed: 'orderProcessed',
  InboundScan: 'pickedUp',
  InTransit: 'hubProcessed',
  OutForDelivery: 'outForDelivery',
  FailedAttemptFirst: 'notHome',
  PickupReadyToday: 'postOffice',
  Delivered: 'delivered',
  Return: 'returning',
  Exception: 'damaged',
  DestinationDeliveryCenter: 'depot',
};

/** The courier's own wording (`full_courier_status`), when a demo checkpoint gives none. Never localised. */
export const COURIER_WORDING: Readonly<Record<DetailKey, string>> = {
  orderProcessed: '',
  labelCreated: 'Shipment information received',
  pickedUp: 'Picked up',
  hubArrived: 'Arrived at facility',
  hubProcessed: 'Processed at facility',
  hubDeparted: 'Departed from facility',
  export: 'Export scan',
  arrivedCountry: 'Arrived in destination country',
  customs: 'Held for customs clearance',
  customsCleared: 'Customs clearance completed',
  depot: 'Arrived at delivery facility',
  delayed: 'Delay - late arrival of transport',
  outForDelivery: 'Out for delivery',
  notHome: 'Consignee not available - notice left',
  postOffice: 'Available for pickup at retail location',
  parcelShop: 'Delivered to parcel shop',
  delivered: 'Delivered',
  deliveredNeighbour: 'Delivered to neighbour',
  damaged: 'Damaged - contents under inspection',
  addressIssue: 'Incorrect address - consignee unknown',
  returning: 'Returned to shipper',
  refused: 'Refused by consignee',
  internal: 'SCAN 0x44 HUB-IN',
};

/** Link text of `courier.trackingurl_label`. */
export const TRACKING_LINK_LABEL: Localized = {
  en: 'Track your parcel',
  de: 'Sendung verfolgen',
  fr: 'Suivre mon colis',
  es: 'Seguir mi envío',
  it: 'Traccia la spedizione',
  nl: 'Volg je pakket',
};

/** Two-letter code, any case; anything else falls back to English as parcelLab does. */
export function pickLanguage(requested: string | undefined): Lang {
  const code = (requested ?? '').trim().toLowerCase();
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Lang) : 'en';
}
