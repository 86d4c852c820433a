/**
 * A message without words (a card's submit, a pressed button that sends data, an empty line) says nothing:
 * the reader answers it at once, without running the matchers, and what it answers is what they would find.
 */
import { reader } from '../support/reader';

const NOTHING = { identifiers: { type: 'none' }, number: { type: 'none' } };

test.each([
  ['a submit without text', undefined],
  ['an empty message', ''],
  ['spaces and a line break', ' \n\t '],
])('%s reads as nothing: no want, no question, no number, no language', (_what, text) => {
  expect(reader.read(text)).toEqual(NOTHING);
});

test('each wordless message gets a reading of its own, so a step that adds to it changes no other turn', () => {
  const first = reader.read(undefined);
  expect(reader.read(undefined)).not.toBe(first);
});

test('a lone number, or a lone word, is read in full', () => {
  expect(reader.read(' 1002 ').number).toMatchObject({ type: 'ambiguous', identifier: '1002' });
  expect(reader.read('bedankt')).toMatchObject({ want: { type: 'social' }, language: 'nl' });
});
