/**
 * The widget's own words, in the six languages: the launcher, the panel's title and close button, the
 * line shown when no chat can be had (or the store's sign-in was refused), and a new message's note on the launcher. They are in locales/
 * (section "widget") with the bot's; this puts them in the form the client scripts carry.
 */
import { LANGUAGES, type Language, type Translator } from '../i18n';

export interface WidgetWords {
  /** The default title of the panel, and what the launcher opens. */
  title: string;
  /** The launcher's accessible name: "{open}: {title}". */
  open: string;
  close: string;
  unavailable: string;
  unread: string;
  /** Shown in the panel, instead of the chat, when the store's customer token is refused. */
  signInRefused: string;
}

const NAMES: ReadonlyArray<keyof WidgetWords> = ['title', 'open', 'close', 'unavailable', 'unread', 'signInRefused'];

export function widgetWords(translator: Translator): Record<Language, WidgetWords> {
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const { t } = translator.localize(language);
      return [language, Object.fromEntries(NAMES.map((name) => [name, t(`widget.${name}`)])) as unknown as WidgetWords];
    }),
  ) as Record<Language, WidgetWords>;
}
