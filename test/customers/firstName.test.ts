/** The name a signed-in customer is greeted by: the first word of the store's name claim, only when it reads as a name. */
import { firstName, MAX_FIRST_NAME } from '../../src/customers/firstName';

test.each([
  ['Ana Lima', 'Ana'],
  ['  Ana   Lima ', 'Ana'],
  ['Ana, Lima', 'Ana'],
  ['José-María García', 'José-María'],
  ["O'Brien", "O'Brien"],
  ['Zoë', 'Zoë'],
  // Decomposed (e + combining diaeresis) arrives composed.
  ['Zoe\u0308 Smith', 'Zoë'],
  ['Françoise', 'Françoise'],
  ['Ṭhảo', 'Ṭhảo'],
  ['山田 太郎', '山田'],
  ['J.', 'J.'],
])('%p is greeted as %p', (name, greeted) => {
  expect(firstName(name)).toBe(greeted);
});

test.each([
  ['nothing', undefined],
  ['an empty name', ''],
  ['spaces', '   '],
  ['HTML', '<img src=x onerror=alert(1)> Lima'],
  ['HTML around the name', '<b>Ana</b> Lima'],
  ['Markdown bold', '**Ana** Lima'],
  ['a Markdown link', '[Ana](https://evil.example) Lima'],
  ['a bare link', 'https://evil.example'],
  ['a right-to-left override', 'Ana\u202eamiL'],
  ['a zero-width joiner', 'A\u200dna'],
  ['digits', 'R2D2'],
  ['an emoji', '🙂'],
  ['a name too long to be one', 'A'.repeat(MAX_FIRST_NAME + 1)],
  ['a megabyte', 'A'.repeat(1_000_000)],
])('%s: the usual greeting', (_case, name) => {
  expect(firstName(name)).toBeUndefined();
});

test(`a first name of ${MAX_FIRST_NAME} letters is still one`, () => {
  expect(firstName(`${'A'.repeat(MAX_FIRST_NAME)} Lima`)).toBe('A'.repeat(MAX_FIRST_NAME));
});
