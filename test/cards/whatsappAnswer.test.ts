/**
 * A status answer on WhatsApp: text as on other chat channels, but the status line in WhatsApp's *bold*, and each
 * parcel's tracking link a link button under its block (the adapter sends it as a cta_url message), not an address
 * in the text: one message a parcel that has one, so each button sits under its own parcel.
 */
import { renderShipments } from '../../src/cards';
import { bare, byCategory, de, delayed, en, germanLabels, shipment } from './fixtures';

const DHL_URL = germanLabels.carrier.trackingUrl!;
const links = (reply: { suggestedActions?: { actions: Array<{ type: string; title: string; value: unknown }> } }) =>
  (reply.suggestedActions?.actions ?? []).filter((action) => action.type === 'openUrl');

test('a German shipment: the status line in bold, no address in the text, and the carrier’s link as a button within 20 characters', () => {
  const [reply, ...more] = renderShipments([germanLabels], de('whatsapp'));
  expect(more).toEqual([]);
  expect(reply.text).toBe(
    [
      '📦 DHL · 00340434161094042557',
      '*Zugestellt* — 19. Nov. 2026, 00:30',
      'DHL: „Die Sendung wurde dem Empfänger persönlich übergeben.“',
      '• 19. Nov. 2026, 00:30 — Zugestellt (DHL: „Persönlich übergeben“), Berlin',
      '• 18. Nov. 2026, 07:10 — In Zustellung, Berlin',
      '• 17. Nov. 2026, 22:00 — Im Zielpaketzentrum bearbeitet, Berlin',
      '• 16. Nov. 2026, 16:45 — Im Start-Paketzentrum bearbeitet, Köln',
      '• 15. Nov. 2026, 11:00 — Vom Absender übergeben, Köln',
      '• … und 2 frühere Meldungen',
    ].join('\n'),
  );
  // The carrier's own label ("Sendung bei DHL verfolgen") is 25 characters: ours naming the carrier fits.
  expect(links(reply)).toEqual([{ type: 'openUrl', title: 'Bei DHL verfolgen', value: DHL_URL }]);
});

test('three parcels with links: one message each, its button under it; the intro on the first, the choices on the last', () => {
  const choices = [
    { value: 'another', title: 'Track another' },
    { value: 'done', title: "That's all, thanks" },
  ];
  const parcels = [germanLabels, delayed, byCategory.out_for_delivery];
  const replies = renderShipments(parcels, en('whatsapp'), { intro: 'I found 3 shipments for ORD-1002:', choices });
  expect(replies.map((reply) => links(reply).length)).toEqual([1, 1, 1]);
  expect(replies[0].text!.startsWith('I found 3 shipments for ORD-1002:\n\n📦 DHL')).toBe(true);
  expect(replies.map((reply) => reply.text!.match(/📦/g)!.length)).toEqual([1, 1, 1]);
  expect(
    replies
      .at(-1)!
      .suggestedActions!.actions.filter((action) => action.type === 'imBack')
      .map((action) => action.title),
  ).toEqual(['Track another', "That's all, thanks"]);
  for (const reply of replies) expect(reply.text).not.toContain('https://');
});

test('a parcel without a link shares its message with the next, whose button closes it', () => {
  const replies = renderShipments([bare, delayed], en('whatsapp'));
  expect(replies).toHaveLength(1);
  expect(replies[0].text!.match(/📦/g)).toHaveLength(2);
  expect(links(replies[0])).toHaveLength(1);
});

test('a carrier whose name makes "Track on …" too long: our own words without it', () => {
  const long = shipment('in_transit', {
    carrier: { code: 'x', name: 'Deutsche Post International', trackingUrl: 'https://track.example/1' },
  });
  expect(links(renderShipments([long], en('whatsapp'))[0])).toEqual([
    { type: 'openUrl', title: 'Track shipment', value: 'https://track.example/1' },
  ]);
});

test('asterisks in the upstream’s words cannot break the bold', () => {
  const starred = {
    ...byCategory.delivered,
    localizedTexts: true,
    status: { category: 'delivered' as const, label: '**Zugestellt**' },
  };
  const [reply] = renderShipments([starred], de('whatsapp'));
  expect(reply.text).toContain('\n*Zugestellt* — ');
});
