/** Order numbers as people type them, read against the shop's format (ORDER_NUMBER_PATTERN). */
import { compileOrderNumberPattern, recognizeIdentifiers } from '../../src/recognize';
import { ALL, heard } from './heard';
import { lengthsOf } from '../../src/recognize/orderNumberShape';

const formatOf = (pattern: string) => {
  const compiled = compileOrderNumberPattern(pattern);
  if (!compiled.ok) throw new Error(compiled.problem);
  return compiled.format;
};

test.each([
  ['ORD-\\d{4}', 'ord 1002', ['ORD-1002']],
  ['ORD-\\d{4}', 'ORD1002', ['ORD-1002']],
  ['ORD-\\d{4}', 'ORD-10O2', ['ORD-1002']],
  ['ORD-\\d{4}', 'ord-1oo2', ['ORD-1002']],
  ['ORD-\\d{4}', 'ORD-1OO1', ['ORD-1001']],
  ['ORD-\\d{4}', 'Nr.ORD-1002', ['ORD-1002']],
  ['ORD-\\d{4}', 'n°ORD1002', ['ORD-1002']],
  ['\\d{4}', 'n°1002', ['1002']],
  ['\\d{4}', 'Nr.1002', ['1002']],
  ['ORD-\\d{4}|ORD-[A-Z]{4}', 'ORD-I0I0', ['ORD-1010', 'ORD-IOIO']],
  ['ORD-\\d{4}', '1Z7X3F940344156200', []],
  ['ORD-\\d{4}', 'ORD-10021', []],
])('%s reads "%s" as %j', (pattern, typed, readings) => {
  expect(formatOf(pattern).read!(typed).sort()).toEqual(readings);
});

test.each([
  ['ORD-\\d{4}', 'ORD-1234'],
  ['SO-\\d{4}/\\d{4}', 'SO-1234/5678'],
  ['#?\\d{4,6}', '1234'],
  ['[A-Z]{2}\\d{3}|X\\d+', 'AB123'],
])('the example of %s is %s', (pattern, example) => {
  expect(formatOf(pattern).example).toBe(example);
});

describe('a prefix typed apart from its digits counts only when it is the literal start of the format', () => {
  const heardIn = (pattern: string, text: string) => heard(recognizeIdentifiers(text, ALL, formatOf(pattern)));

  test.each([
    ['ORD-\\d{4}', 'where is ord 1002', 'order number ORD-1002'],
    ['ORD-\\d{4}', 'where is Ord 1002?', 'order number ORD-1002'],
    ['[A-Z]{2}\\d{4}', 'see you at 1002', 'nothing'],
    ['[A-Z]{2}\\d{4}', 'it is AT 1002', 'nothing'],
    ['ORD-\\d{4}', 'order 1002', 'nothing'],
  ])('%s: "%s" is %s', (pattern, text, expected) => {
    expect(heardIn(pattern, text)).toBe(expected);
  });
});

test.each([
  ['ORD-\\d{4}', { min: 8, max: 8 }],
  ['ORD-\\d{4,8}', { min: 8, max: 12 }],
  ['SO[0-9]{6}|WEB-[0-9]{5}', { min: 8, max: 9 }],
  ['#?\\d+', { min: 1, max: Infinity }],
])('numbers of %s are %j characters long: a word no reading could fit is passed over', (pattern, lengths) => {
  expect(lengthsOf(pattern)).toEqual(lengths);
});
