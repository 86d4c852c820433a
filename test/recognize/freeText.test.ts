/** Identifiers inside what customers actually write: sentences, several numbers, things that only look like numbers. */
import { recognizeIdentifiers } from '../../src/recognize';
import type { LookupKind } from '../../src/tracking/lookup';
import { ALL, heard } from './heard';

const said = (text: string, available: readonly LookupKind[] = ALL) => heard(recognizeIdentifiers(text, available));

describe('customer writes a sentence with a number in it → the number', () => {
  test.each([
    ['Wo ist mein Paket 1Z999AA10123456784?', 'tracking number 1Z999AA10123456784 (UPS)'],
    ['Where is my parcel 1Z999AA10123456784?', 'tracking number 1Z999AA10123456784 (UPS)'],
    ['Hi, my tracking number is "RR123456785DE".', 'tracking number RR123456785DE (Deutsche Post)'],
    ['Sendungsnummer: 9400 1118 9922 3851 7260 37, bitte prüfen', 'tracking number 9400111899223851726037 (USPS)'],
    ['where is my 9400 1118 9922 3851 7260 37', 'tracking number 9400111899223851726037 (USPS)'],
    ['Tracking (1Z 999 AA1 01 2345 6784) shows nothing since Monday.', 'tracking number 1Z999AA10123456784 (UPS)'],
    ['Meine DHL Sendung 7392051844 ist seit Tagen unterwegs', 'tracking number 7392051844 (DHL)'],
    ['Nr:1z999aa10123456784', 'tracking number 1Z999AA10123456784 (UPS)'],
    ['#RR123456785DE', 'tracking number RR123456785DE (Deutsche Post)'],
    ['https://www.ups.com/track?loc=de_DE&tracknum=1Z999AA10123456784', 'tracking number 1Z999AA10123456784 (UPS)'],
    ['Waybill 73 9205 1844 please', 'tracking number 7392051844 (DHL)'],
    ['Ist 772819465305 schon verschickt?', '772819465305: tracking number or order id?'],
  ])('%s → %s', (text, expected) => expect(said(text)).toBe(expected));
});

describe('customer writes an order ID → order ID, as typed', () => {
  test.each([
    ['AB12CD34EF56', 'order id AB12CD34EF56'],
    ['ab12cd34ef56', 'order id ab12cd34ef56'],
    ['Meine Bestellung AB12CD34EF56 ist nicht angekommen.', 'order id AB12CD34EF56'],
    ['Order #AB12CD34EF56, placed last week', 'order id AB12CD34EF56'],
    ['order id: 123456789010', 'order id 123456789010'],
    // Twelve letters without a digit are words, not order IDs.
    ['I need help with my subscription', 'nothing'],
    ['Verfolgungen funktionieren nicht', 'nothing'],
    // Order IDs are one word: pieces are not glued.
    ['AB12 CD34 EF56', 'nothing'],
    ['AB12CD34EF5', 'nothing'],
    ['AB12CD34EF567', 'nothing'],
  ])('%s → %s', (text, expected) => expect(said(text)).toBe(expected));
});

describe('customer writes several identifiers → asked which one', () => {
  test.each([
    ['1Z999AA10123456784 and RR123456785DE', 'tracking number 1Z999AA10123456784 + tracking number RR123456785DE'],
    ['Bestellung AB12CD34EF56, Paket 1Z999AA10123456784', 'order id AB12CD34EF56 + tracking number 1Z999AA10123456784'],
    ['7392051844\n1Z999AA10123456784', 'tracking number 7392051844 + tracking number 1Z999AA10123456784'],
    // A number of two kinds offers both: picking one answers "which number" and "which kind" at once.
    ['772819465305 or AB12CD34EF56?', 'tracking number 772819465305 + order id 772819465305 + order id AB12CD34EF56'],
    // The same number twice is one number.
    ['1Z999AA10123456784 (1Z 999 AA1 01 2345 6784)', 'tracking number 1Z999AA10123456784 (UPS)'],
    ['1z999aa10123456784 1Z999AA10123456784', 'tracking number 1Z999AA10123456784 (UPS)'],
  ])('%s → %s', (text, expected) => expect(said(text)).toBe(expected));

  test('at most 5 identifiers are offered', () => {
    const text = 'AB12CD34EF51 AB12CD34EF52 AB12CD34EF53 AB12CD34EF54 AB12CD34EF55 AB12CD34EF56 AB12CD34EF57';
    expect(said(text)).toBe(
      'order id AB12CD34EF51 + order id AB12CD34EF52 + order id AB12CD34EF53 + order id AB12CD34EF54 + order id AB12CD34EF55',
    );
  });

  test('only the first 500 characters are read, and a number there is not cut in two', () => {
    expect(said(`${'bla '.repeat(130)}1Z999AA10123456784`)).toBe('nothing');
    expect(said(`${'x'.repeat(490)} 1Z999AA10123456784`)).toBe('nothing');
    expect(said(`${'bla '.repeat(120)}1Z999AA10123456784`)).toBe('tracking number 1Z999AA10123456784 (UPS)');
  });
});

describe('the kinds this deployment can look up decide what is recognized', () => {
  test.each<[string, LookupKind[], string]>([
    ['772819465305', ['tracking_number'], 'tracking number 772819465305 (FedEx)'],
    ['772819465305', ['order_id'], 'order id 772819465305'],
    ['772819465305', ['order_id', 'tracking_number'], '772819465305: tracking number or order id?'],
    ['AB12CD34EF56', ['tracking_number', 'external_order'], 'nothing'],
    ['1Z999AA10123456784', ['order_id'], 'nothing'],
    // Interface A only: its order numbers are free-form, never guessed from free text.
    ['1Z999AA10123456784', ['order_number'], 'nothing'],
    ['Bestellung 100234', ['order_number'], 'nothing'],
    ['1Z999AA10123456784 and AB12CD34EF56', ['order_id'], 'order id AB12CD34EF56'],
    ['1Z999AA10123456784 and AB12CD34EF56', ['tracking_number'], 'tracking number 1Z999AA10123456784 (UPS)'],
    ['772819465305 or AB12CD34EF56?', ['tracking_number'], 'tracking number 772819465305 (FedEx)'],
    ['1Z999AA10123456784', [], 'nothing'],
  ])('%s with %j → %s', (text, available, expected) => expect(said(text, available)).toBe(expected));
});

describe('customer writes something that is no identifier → nothing', () => {
  test.each([
    ['Hallo'],
    ['Hi there!'],
    ['where is my order?'],
    ['Wo ist meine Bestellung?'],
    ['help'],
    [''],
    ['   '],
    ['2'],
    ['Bestellt am 22.11.2026'],
    ['ordered on 22/11/2026 at 14:30'],
    ['22 11 2026'],
    ['Ruf mich an: +49 30 1234567'],
    // Phone numbers and IBANs whose digit groups would pass a check digit if they were read as one.
    ['+49 30 1234 5674'],
    ['Tel. 0049 171 1003 5678'],
    ['IBAN DE36 3704 0044 0532 0605 14'],
    ['FR79 3000 6000 0112 3535 9798 9'],
    ['0171 2345 6780'],
    ['+49 171 1234 5678'],
    ['+49 30 12345678 90'],
    ['0049 30 1234567'],
    ['030 1234567'],
    ['0171 1234567'],
    ['(030) 123 456 78'],
    ['01 23 45 67 89'],
    ['Preis € 129,99'],
    ['129.99 EUR'],
    ['10115 Berlin'],
    ['IBAN DE89370400440532013000'],
    ['IBAN: DE89 3704 0044 0532 0130 00'],
    ['GB29 NWBK 6016 1331 9268 19'],
    ['FR76 3000 6000 0112 3456 7890 189'],
    ['FR7630006000011234567890189'],
    ['NL91 ABNA 0417 1643 00'],
    ['max.mustermann1985@example.com'],
    ['ISBN 978-3-16-148410-0'],
  ])('%p → nothing', (text) => expect(said(text)).toBe('nothing'));
});
