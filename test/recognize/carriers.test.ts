/** Every carrier format in NOTES "Carrier tracking-number formats": typed alone, typed with a wrong check digit, spaced, lowercase. */
import { recognizeIdentifiers } from '../../src/recognize';
import { ALL, heard } from './heard';

const said = (text: string) => heard(recognizeIdentifiers(text, ALL));

describe('customer writes a valid tracking number → recognized with its carrier', () => {
  test.each([
    ['1Z999AA10123456784', 'tracking number 1Z999AA10123456784 (UPS)'],
    ['1Z12345E0205271686', 'tracking number 1Z12345E0205271686 (UPS)'],
    ['041441760228964', 'tracking number 041441760228964 (FedEx)'], // Ground, 15 digits
    ['9611020987654312345672', 'tracking number 9611020987654312345672 (FedEx)'], // 22 digits starting 96
    ['61299998820821171811', 'tracking number 61299998820821171811 (FedEx)'], // SmartPost, 20 digits
    // The rule data has no FedEx 20-digit "96" form: such a number reads as USPS 20 (still a tracking number).
    ['96123456789012345672', 'tracking number 96123456789012345672 (USPS)'],
    ['9400111899223851726037', 'tracking number 9400111899223851726037 (USPS)'],
    ['9205500000000000000001', 'tracking number 9205500000000000000001 (USPS)'],
    ['9305500000000000000000', 'tracking number 9305500000000000000000 (USPS)'],
    ['9505500000000000000008', 'tracking number 9505500000000000000008 (USPS)'],
    ['71123456789123456787', 'tracking number 71123456789123456787 (USPS)'],
    ['7392051844', 'tracking number 7392051844 (DHL)'], // Express, 10 digits, mod 7
    ['73891051146', 'tracking number 73891051146 (DHL)'],
    ['RR123456785DE', 'tracking number RR123456785DE (Deutsche Post)'], // S10: the post of the country
    ['CP123456785NL', 'tracking number CP123456785NL (PostNL)'],
    ['LX987654326FR', 'tracking number LX987654326FR (La Poste)'],
    ['RB123456785GB', 'tracking number RB123456785GB (Royal Mail Group plc)'],
    ['EE123456785US', 'tracking number EE123456785US (United States Postal Service)'],
  ])('%s → %s', (text, expected) => expect(said(text)).toBe(expected));

  test('FedEx 12 digits also has the shape of an order ID → asked which one', () => {
    expect(said('772819465305')).toBe('772819465305: tracking number or order id?');
  });
});

describe('customer writes the same number with a wrong check digit → not a tracking number', () => {
  test.each([
    '1Z999AA10123456785',
    '041441760228965',
    '9611020987654312345673',
    '9400111899223851726038',
    '71123456789123456788',
    '7392051845',
    '73891051147',
    'RR123456786DE',
    'CP123456784NL',
  ])('%s → nothing', (text) => expect(said(text)).toBe('nothing'));

  test('a 12-digit number failing FedEx is still an order ID, where order IDs exist', () => {
    expect(said('772819465306')).toBe('order id 772819465306');
    expect(heard(recognizeIdentifiers('772819465306', ['tracking_number']))).toBe('nothing');
  });
});

describe('customer types the number in pieces or in lowercase → the same number', () => {
  test.each([
    ['1Z 999 AA1 01 2345 6784', 'tracking number 1Z999AA10123456784 (UPS)'],
    ['9400 1118 9922 3851 7260 37', 'tracking number 9400111899223851726037 (USPS)'],
    ['RR 123 456 785 DE', 'tracking number RR123456785DE (Deutsche Post)'],
    ['0414 4176 0228 964', 'tracking number 041441760228964 (FedEx)'],
    ['96 1102 0987 6543 1234 5672', 'tracking number 9611020987654312345672 (FedEx)'],
    ['1z999aa10123456784', 'tracking number 1Z999AA10123456784 (UPS)'],
    ['1z 999 aa1 01 2345 6784', 'tracking number 1Z999AA10123456784 (UPS)'],
    ['rr123456785de', 'tracking number RR123456785DE (Deutsche Post)'],
  ])('%s → %s', (text, expected) => expect(said(text)).toBe(expected));

  test.each([
    // Short formats in pieces only as their labels print them; other groupings are phone numbers and dates.
    ['73 9205 1844', 'tracking number 7392051844 (DHL)'],
    ['7728 1946 5305', 'tracking number 772819465305 (FedEx)'],
    ['739 205 1844', 'nothing'],
    ['77 2819 4653 05', 'nothing'],
    ['73 9205 1845', 'nothing'],
    // A run must pass a check digit: a wrong one stays unrecognized however it is spaced.
    ['1Z 999 AA1 01 2345 6785', 'nothing'],
  ])('%s → %s', (text, expected) => expect(said(text)).toBe(expected));
});

describe('formats the rule data has but free text does not trust', () => {
  test.each([
    ['TBA000000000000', 'Amazon Logistics: no check digit'],
    ['C1004444443', 'Amazon International: any letter A/F/C and 10 digits'],
    ['C11031500001879', 'OnTrac'],
    ['D10011354453707', 'OnTrac D'],
  ])('%s → nothing (%s)', (text) => expect(said(text)).toBe('nothing'));
});

describe('the S10 shape posts print on domestic services too (no UPU service letters): check digit and country decide', () => {
  test.each([
    ['TT419630826GB', 'tracking number TT419630826GB (Royal Mail Group plc)'],
    ['where is tt419630826gb?', 'tracking number TT419630826GB (Royal Mail Group plc)'],
    ['TT419630825GB', 'nothing'],
    ['TT419630826ZZ', 'nothing'],
  ])('%s → %s', (text, expected) => expect(said(text)).toBe(expected));
});
