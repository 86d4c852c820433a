/** What `npm run chat` prints for one activity: what that channel's customer sees, and loud warnings. */
import { viewActivity, viewWhatsApp } from '../../chat/view';

test('suggested actions are numbered buttons that send their words', () => {
  const view = viewActivity(
    {
      type: 'message',
      text: 'What would you like to track?',
      suggestedActions: {
        actions: [
          { type: 'imBack', title: 'Order number', value: 'Order number' },
          { type: 'imBack', title: 'Order ID', value: 'Order ID' },
        ],
      },
    },
    'webchat',
  );
  expect(view.lines).toEqual(['What would you like to track?', '[1 Order number] [2 Order ID]']);
  expect(view.buttons).toEqual([
    { title: 'Order number', sends: { text: 'Order number' } },
    { title: 'Order ID', sends: { text: 'Order ID' } },
  ]);
});

test('a Teams hero card with buttons, and the warning for an internal key on one', () => {
  const hero = (title: string) => ({
    type: 'message',
    text: 'Que souhaitez-vous suivre ?',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.hero',
        content: { buttons: [{ type: 'imBack', title, value: title }] },
      },
    ],
  });
  expect(viewActivity(hero('Numéro de suivi'), 'msteams').lines).toEqual([
    'Que souhaitez-vous suivre ?',
    '┌ card',
    '│ [1 Numéro de suivi]',
    '└',
  ]);
  expect(viewActivity(hero('tracking_number'), 'msteams').lines).toContain(
    '!! a button shows an internal key: "tracking_number"',
  );
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
      {
        type: 'Container',
        id: 'older',
        isVisible: false,
        items: [
          { type: 'TextBlock', text: 'a' },
          { type: 'TextBlock', text: 'b' },
        ],
      },
      {
        type: 'ActionSet',
        actions: [{ type: 'Action.ToggleVisibility', title: 'Show earlier updates (2)', targetElements: ['older'] }],
      },
    ],
    actions: [
      { type: 'Action.OpenUrl', title: 'Track on the UPS website', url: 'https://ups.example/t' },
      { type: 'Action.Submit', title: 'Track another', data: { msteams: { type: 'imBack', value: 'Track another' } } },
    ],
  };
  const view = viewActivity(
    {
      type: 'message',
      text: 'Here is the shipment:',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: card }],
    },
    'msteams',
  );
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
  const view = viewActivity(
    {
      type: 'message',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { version: '1.6', body: [] } }],
      suggestedActions: { actions },
    },
    'msteams',
  );
  expect(view.lines.filter((line) => line.startsWith('!!'))).toEqual([
    '!! Adaptive Card 1.6: Teams shows up to 1.5',
    '!! suggested actions on a message with attachments: Teams does not show them',
    '!! 4 suggested actions: Teams shows at most 3',
  ]);
});

test('a text channel shows exactly the text, its length and, for SMS, what it costs', () => {
  expect(viewActivity({ type: 'message', text: 'Typ je bestelnummer.' }, 'sms').lines).toEqual([
    'Typ je bestelnummer.',
    '(20 characters, 1 SMS segment, GSM-7)',
  ]);
  expect(viewActivity({ type: 'message', text: 'ok' }, 'telegram').lines).toEqual(['ok', '(2 characters)']);
  expect(
    viewActivity({ type: 'message', text: 'x', attachments: [{ contentType: 'image/png' }] }, 'sms').lines,
  ).toContain('!! 1 attachment(s) sent to a text channel, which shows none');
});

describe('WhatsApp: a message as the Graph API carries it, as WhatsApp shows it', () => {
  test('text with *bold* shown bold (its markers gone), as its lines', () => {
    expect(viewWhatsApp({ type: 'text', text: { body: '*Delivered* on 24 Nov\nto a neighbour' } }).lines).toEqual([
      'Delivered on 24 Nov',
      'to a neighbour',
    ]);
  });

  test('reply buttons as [ Title ], numbered, pressing one sends the button_reply Meta sends', () => {
    const view = viewWhatsApp(
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: 'Anything else?' },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'choice-1', title: 'Track another' } },
              { type: 'reply', reply: { id: 'choice-2', title: "That's all, thanks" } },
            ],
          },
        },
      },
      'wamid.1',
    );
    expect(view.lines).toEqual(['Anything else?', "[1 Track another] [2 That's all, thanks]"]);
    expect(view.buttons[1]).toEqual({
      title: "That's all, thanks",
      sends: { reply: { type: 'button_reply', id: 'choice-2', title: "That's all, thanks" }, context: 'wamid.1' },
    });
  });

  test("a list: its menu button and the rows it opens, each a choice that sends Meta's list_reply", () => {
    const list = {
      type: 'interactive',
      interactive: {
        type: 'list',
        header: { type: 'text', text: 'ORD-1002' },
        body: { text: 'Which parcel?' },
        footer: { text: '3 parcels' },
        action: {
          button: 'Choose a parcel',
          sections: [
            {
              title: 'Parcels',
              rows: [
                { id: 'p1', title: 'UPS', description: 'In transit' },
                { id: 'p2', title: 'DPD' },
              ],
            },
          ],
        },
      },
    };
    const view = viewWhatsApp(list, 'wamid.2');
    expect(view.lines).toEqual([
      'ORD-1002',
      'Which parcel?',
      '3 parcels',
      '☰ Choose a parcel:',
      '  Parcels',
      '  [1 UPS] In transit',
      '  [2 DPD]',
    ]);
    expect(view.buttons[0].sends).toEqual({
      reply: { type: 'list_reply', id: 'p1', title: 'UPS', description: 'In transit' },
      context: 'wamid.2',
    });
  });

  test('a link button (cta_url) with where it goes, and a template marked as one', () => {
    const link = {
      type: 'interactive',
      interactive: {
        type: 'cta_url',
        body: { text: 'Follow it on UPS.' },
        action: { name: 'cta_url', parameters: { display_text: 'Track on UPS', url: 'https://ups.example/t' } },
      },
    };
    expect(viewWhatsApp(link).lines).toEqual(['Follow it on UPS.', '[Track on UPS → https://ups.example/t]']);
    const template = {
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'de' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'ORD-1014' },
              { type: 'text', text: 'Zugestellt' },
            ],
          },
        ],
      },
    };
    expect(viewWhatsApp(template).lines).toEqual(['(template order_update, de)', 'ORD-1014', 'Zugestellt']);
  });

  test('an internal key as a title is flagged', () => {
    const view = viewWhatsApp({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Which?' },
        action: { buttons: [{ type: 'reply', reply: { id: 'x', title: 'order_number' } }] },
      },
    });
    expect(view.lines).toContain('!! a button shows an internal key: "order_number"');
  });
});
