/** What `npm run chat` prints for one activity: what that channel's customer sees, and loud warnings. */
import { viewActivity } from '../../chat/view';

test('suggested actions are numbered buttons that send their words', () => {
  const view = viewActivity({ type: 'message', text: 'What would you like to track?', suggestedActions: { actions: [{ type: 'imBack', title: 'Order number', value: 'Order number' }, { type: 'imBack', title: 'Order ID', value: 'Order ID' }] } }, 'webchat');
  expect(view.lines).toEqual(['What would you like to track?', '[1 Order number] [2 Order ID]']);
  expect(view.buttons).toEqual([{ title: 'Order number', sends: { text: 'Order number' } }, { title: 'Order ID', sends: { text: 'Order ID' } }]);
});

test('a Teams hero card with buttons, and the warning for an internal key on one', () => {
  const hero = (title: string) => ({ type: 'message', text: 'Que souhaitez-vous suivre ?', attachments: [{ contentType: 'application/vnd.microsoft.card.hero', content: { buttons: [{ type: 'imBack', title, value: title }] } }] });
  expect(viewActivity(hero('Numéro de suivi'), 'msteams').lines).toEqual(['Que souhaitez-vous suivre ?', '┌ card', '│ [1 Numéro de suivi]', '└']);
  expect(viewActivity(hero('tracking_number'), 'msteams').lines).toContain('!! a button shows an internal key: "tracking_number"');
});

test('an Adaptive Card as readable lines: escapes gone, facts, hidden events counted, links, toggles and Teams buttons', () => {
  const card = {
    type: 'AdaptiveCard',
    version: '1.5',
    body: [
      { type: 'TextBlock', text: 'UPS' },
      { type: 'TextBlock', text: '18\\. Nov\\. · Köln' },
      { type: 'FactSet', facts: [{ title: 'Tracking number', value: '1Z\u2060999' }] },
      { type: 'TextBlock', text: '**Last update** 18\\. Nov\\. \\*\\*' },
      { type: 'Container', id: 'older', isVisible: false, items: [{ type: 'TextBlock', text: 'a' }, { type: 'TextBlock', text: 'b' }] },
      { type: 'ActionSet', actions: [{ type: 'Action.ToggleVisibility', title: 'Show earlier updates (2)', targetElements: ['older'] }] },
    ],
    actions: [
      { type: 'Action.OpenUrl', title: 'Track on the UPS website', url: 'https://ups.example/t' },
      { type: 'Action.Submit', title: 'Track another', data: { msteams: { type: 'imBack', value: 'Track another' } } },
    ],
  };
  const view = viewActivity({ type: 'message', text: 'Here is the shipment:', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: card }] }, 'msteams');
  expect(view.lines).toEqual([
    'Here is the shipment:',
    '┌ card',
    '│ UPS',
    '│ 18. Nov. · Köln',
    '│ Tracking number: 1Z999',
    '│ Last update 18. Nov. **',
    '│ (hidden: 2 more lines, shown by "Show earlier updates (2)")',
    '│ [Show earlier updates (2) ▾]',
    '│ [Track on the UPS website → https://ups.example/t] [1 Track another]',
    '└',
  ]);
  expect(view.buttons).toEqual([{ title: 'Track another', sends: { text: 'Track another' } }]);
});

test('Teams warnings: suggested actions on a message with cards, more than three of them, a card above 1.5', () => {
  const actions = ['a', 'b', 'c', 'd'].map((title) => ({ type: 'imBack', title, value: title }));
  const view = viewActivity({ type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { version: '1.6', body: [] } }], suggestedActions: { actions } }, 'msteams');
  expect(view.lines.filter((line) => line.startsWith('!!'))).toEqual([
    '!! Adaptive Card 1.6: Teams shows up to 1.5',
    '!! suggested actions on a message with attachments: Teams does not show them',
    '!! 4 suggested actions: Teams shows at most 3',
  ]);
});

test('a text channel shows exactly the text, its length and, for SMS, what it costs', () => {
  expect(viewActivity({ type: 'message', text: 'Typ je bestelnummer.' }, 'sms').lines).toEqual(['Typ je bestelnummer.', '(20 characters, 1 SMS segment, GSM-7)']);
  expect(viewActivity({ type: 'message', text: 'ok' }, 'telegram').lines).toEqual(['ok', '(2 characters)']);
  expect(viewActivity({ type: 'message', text: 'x', attachments: [{ contentType: 'image/png' }] }, 'sms').lines).toContain('!! 1 attachment(s) sent to a text channel, which shows none');
});
