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

/**
 * Web Chat's own words that speak to the customer (the send box, "You said:", the screen reader's hints), by
 * Web Chat's ids. Web Chat's Dutch and Spanish say u and usted where the bot says je and tú: these, from
 * locales/ (section "webchat"), replace them, so the chat speaks in one voice. Web Chat's other words stay its own.
 */
const WEB_CHAT_IDS: Readonly<Record<string, readonly string[]>> = {
  placeholder: ['TEXT_INPUT_PLACEHOLDER'],
  you_said: ['ACTIVITY_YOU_SAID_ALT'],
  you_attached: ['ACTIVITY_YOU_ATTACHED_ALT'],
  click_to_interact: ['ACTIVITY_INTERACTIVE_FOOTNOTE_ALT'],
  notifications: ['TOAST_ACCORDION_TWO', 'TOAST_ACCORDION_FEW', 'TOAST_ACCORDION_MANY', 'TOAST_ACCORDION_OTHER'],
  transcript: ['TRANSCRIPT_ARIA_LABEL_ALT'],
  interactive: ['TRANSCRIPT_LIVE_REGION_INTERACTIVE_LABEL_ALT'],
  interactive_with_links: ['TRANSCRIPT_LIVE_REGION_INTERACTIVE_WITH_LINKS_LABEL_ALT'],
  suggested_actions: ['TRANSCRIPT_LIVE_REGION_SUGGESTED_ACTIONS_LABEL_ALT'],
  suggested_actions_with_key: ['TRANSCRIPT_LIVE_REGION_SUGGESTED_ACTIONS_WITH_ACCESS_KEY_LABEL_ALT'],
  render_error: ['CONNECTIVITY_STATUS_ALT_RENDER_ERROR'],
};

/** Per language, Web Chat's string id → our words: its `overrideLocalizedStrings`. */
export function webChatWords(translator: Translator): Record<Language, Record<string, string>> {
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const { t } = translator.localize(language);
      return [
        language,
        Object.fromEntries(
          Object.entries(WEB_CHAT_IDS).flatMap(([name, ids]) => ids.map((id) => [id, t(`webchat.${name}`)])),
        ),
      ];
    }),
  ) as Record<Language, Record<string, string>>;
}
