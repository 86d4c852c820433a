/** The bot's reader of messages, as the app builds it, for tests of what a message is read as. */
import { Translator } from '../../src/i18n';
import { buildLexicon, Understanding } from '../../src/recognize';

export const translator = new Translator('en');
export const lexicon = buildLexicon(translator.languages);
export const reader = new Understanding(['order_number', 'tracking_number', 'order_id', 'external_order'], lexicon, translator.languages);
