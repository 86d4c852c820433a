import { Translator } from '../../src/i18n';
import { matchCommand } from '../../src/recognize';

const translator = new Translator('en');
const say = (text: string, locale = 'en-US') => matchCommand(text, translator.localize(locale).t);

test('a command is the whole message, in plain words: case, punctuation and accents do not matter', () => {
  expect(['help', 'Help!', 'help?', '?', '  HELP. '].map((text) => say(text))).toEqual(['help', 'help', 'help', 'help', 'help']);
  expect(say('Start over!')).toBe('start_over');
  expect(say('Arrêter', 'fr-FR')).toBe('cancel');
  expect(say('arreter', 'fr-FR')).toBe('cancel');
  expect(say('réinitialiser', 'fr-FR')).toBe('start_over');
});

test('a sentence with a command word in it is no command', () => {
  expect(say('cancel my order 1234?')).toBeUndefined();
  expect(say('can you help me with ORD-1002')).toBeUndefined();
  expect(say('!!!')).toBeUndefined();
  expect(say('')).toBeUndefined();
});
