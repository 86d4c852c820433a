/** A customer's number kept for later updates: sealed (AES-256-GCM), opened only with the same key and for the same customer. */
import { SealedNumbers } from '../../../src/channels/whatsapp/sealedNumbers';

const SECRET = 'storage-SECRET-key-0003-abcdefghijklmnop';
const NUMBER = '31612345678';

test('the sealed bytes hold no trace of the number, and differ each time; the same key opens them on another instance', () => {
  const sealed = new SealedNumbers(SECRET).seal(NUMBER, 'wa_customer');
  expect(sealed).not.toContain(NUMBER);
  expect(Buffer.from(sealed.split('.')[1], 'base64url').toString('latin1')).not.toContain(NUMBER);
  expect(new SealedNumbers(SECRET).seal(NUMBER, 'wa_customer')).not.toBe(sealed);
  expect(new SealedNumbers(SECRET).open(sealed, 'wa_customer')).toBe(NUMBER);
});

test('another key, another customer, or an altered byte: nothing opens', () => {
  const sealed = new SealedNumbers(SECRET).seal(NUMBER, 'wa_customer');
  expect(new SealedNumbers('another-SECRET-key-0004-abcdefghijklmnop').open(sealed, 'wa_customer')).toBeUndefined();
  expect(new SealedNumbers(undefined).open(sealed, 'wa_customer')).toBeUndefined();
  expect(new SealedNumbers(SECRET).open(sealed, 'wa_other')).toBeUndefined();
  const bytes = Buffer.from(sealed.split('.')[1], 'base64url');
  bytes[bytes.length - 1] ^= 1;
  expect(new SealedNumbers(SECRET).open(`v1.${bytes.toString('base64url')}`, 'wa_customer')).toBeUndefined();
});
