/**
 * The widget's own words, in the six languages: the launcher, the panel's title and close button, the
 * line shown when no chat can be had, and a new message's note on the launcher. The bot's words come
 * from locales/; these are the frame's and the launcher's, served inside their scripts.
 */
export const WIDGET_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl'] as const;
export type WidgetLanguage = (typeof WIDGET_LANGUAGES)[number];

export interface WidgetWords {
  /** The default title of the panel, and what the launcher opens. */
  title: string;
  /** The launcher's accessible name: "{open}: {title}". */
  open: string;
  close: string;
  unavailable: string;
  unread: string;
}

export const WIDGET_STRINGS: Record<WidgetLanguage, WidgetWords> = {
  en: { title: 'Where is my order?', open: 'Open chat', close: 'Close chat', unavailable: 'The chat is not available right now. Please try again later.', unread: 'New message' },
  de: { title: 'Wo ist meine Bestellung?', open: 'Chat öffnen', close: 'Chat schließen', unavailable: 'Der Chat ist gerade nicht verfügbar. Bitte versuchen Sie es später noch einmal.', unread: 'Neue Nachricht' },
  fr: { title: 'Où est ma commande ?', open: 'Ouvrir le chat', close: 'Fermer le chat', unavailable: 'Le chat n’est pas disponible pour le moment. Veuillez réessayer plus tard.', unread: 'Nouveau message' },
  es: { title: '¿Dónde está mi pedido?', open: 'Abrir el chat', close: 'Cerrar el chat', unavailable: 'El chat no está disponible en este momento. Inténtelo de nuevo más tarde.', unread: 'Mensaje nuevo' },
  it: { title: 'Dov’è il mio ordine?', open: 'Apri la chat', close: 'Chiudi la chat', unavailable: 'La chat non è disponibile al momento. Riprova più tardi.', unread: 'Nuovo messaggio' },
  nl: { title: 'Waar is mijn bestelling?', open: 'Chat openen', close: 'Chat sluiten', unavailable: 'De chat is nu niet beschikbaar. Probeer het later opnieuw.', unread: 'Nieuw bericht' },
};
