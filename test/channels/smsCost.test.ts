/** What an SMS costs, counted as gateways count it. */
import fc from 'fast-check';
import { SMS_MAX_LENGTH, fitsOneSms, smsCost } from '../../src/channels/smsCost';

test('GSM-7: 160 characters in one segment, 153 in each part after that', () => {
  expect(smsCost('a'.repeat(160))).toEqual({ characters: 160, length: 160, encoding: 'GSM-7', segments: 1 });
  expect(smsCost('a'.repeat(161))).toEqual({ characters: 161, length: 161, encoding: 'GSM-7', segments: 2 });
  expect(smsCost('a'.repeat(306))).toMatchObject({ segments: 2 });
  expect(smsCost('a'.repeat(307))).toMatchObject({ segments: 3 });
  expect(smsCost('')).toMatchObject({ length: 0, segments: 1 });
});

test('the extension table counts two, and its two septets never straddle two parts', () => {
  expect(smsCost('€'.repeat(80))).toEqual({ characters: 80, length: 160, encoding: 'GSM-7', segments: 1 });
  expect(smsCost('€'.repeat(81))).toMatchObject({ length: 162, segments: 2 });
  // 152 septets, then € (2) would end on septet 154: it starts the next part.
  expect(smsCost(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toMatchObject({ length: 306, segments: 3 });
  expect(smsCost(`${'a'.repeat(151)}€${'a'.repeat(153)}`)).toMatchObject({ length: 306, segments: 2 });
});

test('one character outside GSM-7 makes it UCS-2: 70 units in one segment, 67 in each part, an emoji being two', () => {
  expect(smsCost(`📦 ${'a'.repeat(67)}`)).toEqual({ characters: 69, length: 70, encoding: 'UCS-2', segments: 1 });
  expect(smsCost(`📦 ${'a'.repeat(68)}`)).toEqual({ characters: 70, length: 71, encoding: 'UCS-2', segments: 2 });
  expect(smsCost('J’ai trouvé')).toMatchObject({ encoding: 'UCS-2', segments: 1 });
  // 66 units, then an emoji (2) would straddle: it starts the second part.
  expect(smsCost(`${'é'.repeat(65)}—📦${'a'.repeat(66)}`)).toMatchObject({ length: 134, segments: 3 });
  expect(smsCost(`${'é'.repeat(64)}—📦${'a'.repeat(67)}`)).toMatchObject({ length: 134, segments: 2 });
});

test('a gateway message is 1,600 characters; a 1,600-character GSM-7 text is 11 segments', () => {
  expect(SMS_MAX_LENGTH).toBe(1600);
  expect(smsCost('a'.repeat(1600))).toMatchObject({ length: 1600, segments: 11 });
});

test('the one-pass fit check agrees with the full count, on any text near the limit', () => {
  const gsmChar = fc.constantFrom(...'abc XYZ 0123 é € [ ] { } \n'.split(''));
  const anyChar = fc.oneof(gsmChar, fc.constantFrom('ê', '😀', '…', '—', '’'));
  fc.assert(
    fc.property(fc.array(anyChar, { minLength: 790, maxLength: 1_700 }), (chars) => {
      const text = chars.join('');
      expect(fitsOneSms(text)).toBe(smsCost(text).length <= SMS_MAX_LENGTH);
    }),
    { seed: 20261124, numRuns: 300 },
  );
});
