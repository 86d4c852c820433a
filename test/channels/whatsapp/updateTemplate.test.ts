/** The language a Notify me template goes in: the customer's, the nearest Meta approved, else the first listed. */
import { templateLanguage, templateMessage } from '../../../src/channels/whatsapp/updateTemplate';

const approved = (languages: string[]) => ({ name: 'order_update', languages });

test.each([
  ['nl', ['en', 'de', 'nl'], 'nl'],
  ['de-CH', ['en', 'de'], 'de'],
  ['de-CH', ['en', 'de', 'de_CH'], 'de_CH'],
  ['en-GB', ['de', 'en_US'], 'en_US'],
  ['nl-BE', ['fr', 'de'], 'fr'],
  ['', ['it', 'en'], 'it'],
])('a customer in %s, the template approved in %j: %s', (locale, languages, expected) => {
  expect(templateLanguage(approved(languages), locale)).toBe(expected);
});

test("the parameters follow Meta's rule: no new line, tab or run of spaces", () => {
  const message = templateMessage(approved(['en']), 'en', ' ORD-1014 ', 'Out\nfor\tdelivery     today');
  expect(message.template.components[0].parameters).toEqual([
    { type: 'text', text: 'ORD-1014' },
    { type: 'text', text: 'Out for delivery today' },
  ]);
});
