import { reader } from '../support/reader';

/** The command a message is read as, whatever the client's locale: every language's commands are understood. */
const say = (text: string) => {
  const { want } = reader.read(text);
  return want?.type === 'command' ? want.command : undefined;
};

test('a command is the whole message, in plain words: case, punctuation and accents do not matter', () => {
  expect(['help', 'Help!', 'help?', '?', '  HELP. '].map((text) => say(text))).toEqual([
    'help',
    'help',
    'help',
    'help',
    'help',
  ]);
  expect(say('Start over!')).toBe('start_over');
  expect(say('Arrêter')).toBe('cancel');
  expect(say('arreter')).toBe('cancel');
  expect(say('réinitialiser')).toBe('start_over');
});

test('a sentence with a command word in it is no command', () => {
  expect(say('cancel my order 1234?')).toBeUndefined();
  expect(say('can you help me with ORD-1002')).toBeUndefined();
  expect(say('!!!')).toBeUndefined();
  expect(say('')).toBeUndefined();
});
