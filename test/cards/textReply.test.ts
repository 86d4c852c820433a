/** Chat channels without Adaptive Cards get readable plain text (SMS has its own form: smsReply.test.ts). */
import { renderShipments } from '../../src/cards';
import { supportsAdaptiveCards } from '../../src/channels';
import { bare, bigOrder, byCategory, de, delayed, en, englishUpstream, germanLabels } from './fixtures';
import { bytes } from './helpers';

describe('supportsAdaptiveCards', () => {
  test.each(['msteams', 'webchat', 'directline', 'emulator', 'test', 'omnichannel', 'MSTeams'])('%s: yes', (c) =>
    expect(supportsAdaptiveCards(c)).toBe(true),
  );
  test.each([
    'sms',
    'telegram',
    'facebook',
    'slack',
    'email',
    'kik',
    'line',
    'groupme',
    'twilio-sms',
    'unknown-channel',
    '',
  ])('%s: no', (c) => expect(supportsAdaptiveCards(c)).toBe(false));
});

// WhatsApp's own (bold, link buttons): whatsappAnswer.test.ts.
describe.each(['telegram', 'facebook', 'slack', 'email', 'some-new-channel'])('on %s', (channel) => {
  test('a German shipment: status, the newest 5 events, the rest counted, the full link; no card, no JSON', () => {
    const replies = renderShipments([germanLabels], de(channel));
    expect(replies).toHaveLength(1);
    const [reply] = replies;
    expect(reply.attachments).toBeUndefined();
    expect(reply.textFormat).toBe('plain');
    expect(reply.text).toBe(
      [
        '📦 DHL · 00340434161094042557',
        'Zugestellt — 19. Nov. 2026, 00:30',
        'DHL: „Die Sendung wurde dem Empfänger persönlich übergeben.“',
        '• 19. Nov. 2026, 00:30 — Zugestellt (DHL: „Persönlich übergeben“), Berlin',
        '• 18. Nov. 2026, 07:10 — In Zustellung, Berlin',
        '• 17. Nov. 2026, 22:00 — Im Zielpaketzentrum bearbeitet, Berlin',
        '• 16. Nov. 2026, 16:45 — Im Start-Paketzentrum bearbeitet, Köln',
        '• 15. Nov. 2026, 11:00 — Vom Absender übergeben, Köln',
        '• … und 2 frühere Meldungen',
        'Sendung verfolgen: https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557',
      ].join('\n'),
    );
    expect(reply.text).not.toMatch(/[{}"*_[\]`#]|AdaptiveCard/);
  });

  test('an English-upstream shipment in English: translated categories, upstream words in brackets, badges as text', () => {
    const [reply] = renderShipments([{ ...englishUpstream, delayed: true }], en(channel));
    expect(reply.text).toBe(
      [
        '📦 UPS · 1Z999AA10123456784',
        'In transit — 18 Nov 2026, 08:30',
        'Your parcel is taking longer than planned, but it is still on its way. There is nothing you need to do.',
        '⚠️ Delayed',
        '• 18 Nov 2026, 23:30 — In transit (UPS: “Arrived at facility”), Berlin',
        '• 17 Nov 2026, 08:00 — In transit (UPS: “Departed from facility”), Köln',
        '• 16 Nov 2026, 08:00 — Order received (UPS: “Label created”)',
        'Track your shipment: https://www.ups.com/track?loc=en_GB&tracknum=1Z999AA10123456784',
      ].join('\n'),
    );
  });
});

test('short answers share one message; long ones are split, each under the length and byte limits', () => {
  const short = renderShipments([germanLabels, delayed, bare], de('telegram'));
  expect(short).toHaveLength(1);
  expect(short[0].text).toContain('📦 Paketdienst unbekannt\nBestellung eingegangen');
  expect(short[0].text!.split('\n\n')).toHaveLength(3);

  const long = renderShipments(bigOrder(20, 300), de('telegram'));
  expect(long.length).toBeGreaterThan(1);
  expect(long.map((r) => r.text!.match(/📦/g)!.length).reduce((a, b) => a + b)).toBe(20);
  for (const reply of long) {
    expect(reply.text!.length).toBeLessThanOrEqual(1500);
    expect(bytes(reply)).toBeLessThan(25 * 1024);
    expect(reply.attachments).toBeUndefined();
  }
});

test('upstream Markdown stays plain text (textFormat plain), shown as typed', () => {
  const s = {
    ...byCategory.delivered,
    localizedTexts: true,
    status: { category: 'delivered' as const, label: '**Zugestellt** [hier](https://evil.example)' },
  };
  const [reply] = renderShipments([s], de('telegram'));
  expect(reply.textFormat).toBe('plain');
  expect(reply.text).toContain('**Zugestellt** [hier](https://evil.example)');
});
