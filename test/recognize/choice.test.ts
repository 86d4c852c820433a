/** Which offered choice a customer picks: by the number they saw, the title, or a synonym; never a guess. */
import { pickChoice } from '../../src/recognize';

const kinds = [
  { title: 'Order number', synonyms: ['order', 'order no'] },
  { title: 'Tracking number', synonyms: ['tracking', 'parcel'] },
  { title: 'Order ID', synonyms: ['id'] },
  { title: 'Store order number', synonyms: ['store'] },
];

describe('a number picks exactly the item with that number', () => {
  test.each([
    ['1', 0],
    ['2', 1],
    [' 4 ', 3],
    ['3.', 2],
    ['2)', 1],
    ['#2', 1],
    ['２', 1],
    ['nr. 3', 2],
    ['n° 1', 0],
  ])('%p → %p', (text, index) => expect(pickChoice(text, kinds)).toBe(index));

  test.each(['0', '5', '12', '1 2', '-1'])('%p picks nothing', (text) =>
    expect(pickChoice(text, kinds)).toBeUndefined(),
  );

  test('for 2 to 5 options, each number picks its own item', () => {
    for (let n = 2; n <= 5; n++) {
      const options = Array.from({ length: n }, (_, i) => ({ title: `Option ${String.fromCharCode(65 + i)}` }));
      expect(options.map((_, i) => pickChoice(String(i + 1), options))).toEqual(options.map((_, i) => i));
    }
  });

  test('choices whose values or titles are numbers are still picked by position', () => {
    expect(pickChoice('1', [{ title: 'AB12CD34EF56' }, { title: '1' }])).toBe(0);
  });

  test('not when nothing numbered the choices', () =>
    expect(pickChoice('2', kinds, { numbers: false })).toBeUndefined());
});

describe('the words pick a choice only as a whole message', () => {
  test.each([
    ['Order number', 0],
    ['order NUMBER!', 0],
    ['tracking', 1],
    ['Order ID', 2],
    ['  store ', 3],
  ])('%p → %p', (text, index) => expect(pickChoice(text, kinds)).toBe(index));

  test.each(['my order number is 1001', 'orders', 'number', ''])('%p picks nothing', (text) =>
    expect(pickChoice(text, kinds)).toBeUndefined(),
  );

  test('accents and apostrophes as phones type them', () => {
    const french = [{ title: 'Numéro de suivi' }, { title: 'C’est tout, merci' }];
    expect(pickChoice('numero de suivi', french)).toBe(0);
    expect(pickChoice("c'est tout merci", french)).toBe(1);
  });
});
