/** Input typed at a prompt that asked for one kind: accepted as what, or refused for which reason. */
import { validateIdentifier, type Validation } from '../../src/recognize';
import type { LookupKind } from '../../src/tracking/lookup';

type Asked = LookupKind | 'store';
const ok = (value: string): Validation => ({ ok: true, value });
const no = (reason: string, length?: number) => ({ ok: false, reason, ...(length === undefined ? {} : { length }) });

describe('asked for a tracking number: any carrier, no check digit', () => {
  test.each<[string, Validation]>([
    ['1Z999AA10123456784', ok('1Z999AA10123456784')],
    ['  1z 999 aa1 01 2345 6784 ', ok('1Z999AA10123456784')],
    ['JD01-4600-0012-3456-78', ok('JD0146000012345678')],
    ['TT419630826GB', ok('TT419630826GB')], // Royal Mail domestic, not recognized in free text
    ['3SABCD1234567', ok('3SABCD1234567')], // PostNL
    ['05212345678912', ok('05212345678912')], // DPD
    ['1Z999AA10123456785', ok('1Z999AA10123456785')], // wrong check digit: the carrier decides
    ['123456', ok('123456')],
  ])('%p → %j', (input, expected) => expect(validateIdentifier('tracking_number', input)).toEqual(expected));

  test.each([
    ['', 'empty'],
    [' \t ', 'empty'],
    ['12345', 'tracking_number_format'],
    ['1Z999AA1012345678#', 'tracking_number_format'],
    ['Paket-Nr. 123', 'tracking_number_format'],
    ['1Z999AA1ÄÖ', 'tracking_number_format'],
    ['1'.repeat(41), 'too_long'],
  ])('%p → %s', (input, reason) => expect(validateIdentifier('tracking_number', input)).toEqual(no(reason)));
});

describe('asked for an order ID: 12 letters or digits, as typed', () => {
  test.each<[string, Validation]>([
    ['AB12CD34EF56', ok('AB12CD34EF56')],
    [' ab12 cd34 ef56 ', ok('ab12cd34ef56')],
    ['subscription', ok('subscription')], // asked for an order ID: no digit needed
  ])('%p → %j', (input, expected) => expect(validateIdentifier('order_id', input)).toEqual(expected));

  test.each<[string, ReturnType<typeof no>]>([
    ['', no('empty')],
    ['AB12CD34EF5', no('order_id_length', 11)],
    ['AB12CD34EF567', no('order_id_length', 13)],
    ['AB12-CD34-EF56', no('order_id_length', 14)],
    ['AB12CD34EF5#', no('order_id_characters')],
    ['AB12CD34EF5Ü', no('order_id_characters')],
    ['x'.repeat(129), no('too_long')],
  ])('%p → %j', (input, expected) => expect(validateIdentifier('order_id', input)).toEqual(expected));
});

describe("asked for an order number (Interface A) or the store's order number: one word", () => {
  test.each<[Asked, string, Validation]>([
    ['order_number', '#1001', ok('#1001')],
    ['order_number', ' SO-2026/0042 ', ok('SO-2026/0042')],
    ['order_number', 'A_17.3', ok('A_17.3')],
    ['order_number', '7', ok('7')],
    ['external_order', '#1001', ok('#1001')],
    ['external_order', 'Bestellung-Nr.4711', ok('Bestellung-Nr.4711')],
  ])('%s %p → %j', (kind, input, expected) => expect(validateIdentifier(kind, input)).toEqual(expected));

  test.each<[Asked, string, string]>([
    ['order_number', '', 'empty'],
    ['order_number', '1001 1002', 'spaces'],
    ['order_number', 'my order 1001', 'spaces'],
    ['order_number', '1001!', 'order_number_format'],
    ['order_number', '10:01', 'order_number_format'],
    ['order_number', '1'.repeat(65), 'too_long'],
    ['external_order', '   ', 'empty'],
    ['external_order', '1001 1002', 'spaces'],
    ['external_order', 'A&B', 'order_number_format'],
    ['external_order', 'x'.repeat(65), 'too_long'],
  ])('%s %p → %s', (kind, input, reason) => expect(validateIdentifier(kind, input)).toEqual(no(reason)));
});

describe('asked for the store', () => {
  test.each([
    ['my-shop', 'my-shop'],
    [' shop_42.eu ', 'shop_42.eu'],
    // Without TRACKINGS_STORES the customer types the store's name as they know it.
    ['Acme Shop', 'Acme Shop'],
    ["Bob's Bikes & Co.", "Bob's Bikes & Co."],
    ['s'.repeat(128), 's'.repeat(128)],
  ])('%p → ok %p', (input, value) => expect(validateIdentifier('store', input)).toEqual(ok(value)));

  test.each([
    ['', 'empty'],
    ['shop/42', 'store_format'],
    ['<script>', 'store_format'],
    ['s'.repeat(129), 'too_long'],
  ])('%p → %s', (input, reason) => expect(validateIdentifier('store', input)).toEqual(no(reason)));
});
