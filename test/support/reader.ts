/** The bot's reader of messages, as the app builds it (every kind, the sandbox's order-number format), for tests of what a message is read as. */
import { Translator } from '../../src/i18n';
import { buildLexicon, compileOrderNumberPattern, Understanding } from '../../src/recognize';

export const translator = new Translator('en');
export const lexicon = buildLexicon(translator.languages);
const pattern = compileOrderNumberPattern('ORD-\\d{4}');
if (!pattern.ok) throw new Error(pattern.problem);
export const reader = new Understanding(
  ['order_number', 'tracking_number', 'order_id', 'external_order'],
  lexicon,
  translator.languages,
  pattern.format,
);
