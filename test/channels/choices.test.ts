/** Choices on a message, the way each channel shows them; the customer only ever sees titles. */
import { channelProfile, offerChoices } from '../../src/channels';

const choices = [
  { value: 'another', title: 'Suivre un autre envoi' },
  { value: 'done', title: 'C’est tout, merci' },
];
const card = {
  contentType: 'application/vnd.microsoft.card.adaptive',
  content: {
    type: 'AdaptiveCard',
    version: '1.5',
    body: [],
    actions: [{ type: 'Action.OpenUrl', title: 'Suivre', url: 'https://x.example' }],
  },
};

test('Web Chat and Direct Line: suggested actions that send their title, however long it is', () => {
  for (const channel of ['webchat', 'directline', 'emulator', 'omnichannel']) {
    expect(offerChoices({ text: 'Voici' }, choices, channel)).toEqual([
      {
        text: 'Voici',
        suggestedActions: { actions: choices.map(({ title }) => ({ type: 'imBack', title, value: title })) },
      },
    ]);
  }
});

const submit = (title: string) => ({
  type: 'Action.Submit',
  title,
  data: { msteams: { type: 'imBack', value: title } },
});
/** Teams' one small card of the answer's choices: buttons only, one a row, about the whole answer. */
const choicesCard = (actions: unknown[]) => ({
  contentType: 'application/vnd.microsoft.card.adaptive',
  content: {
    type: 'AdaptiveCard',
    version: '1.5',
    body: actions.map((action, index) => ({ type: 'ActionSet', actions: [action], spacing: index ? 'small' : 'none' })),
  },
});

test('Teams, after a carousel: the cards keep only their own buttons, and the choices come once, on a small card in a message after them', () => {
  const messages = offerChoices(
    { text: 'Voici', attachments: [card, card, card], attachmentLayout: 'carousel' },
    choices,
    'msteams',
  );
  expect(messages).toEqual([
    { text: 'Voici', attachments: [card, card, card], attachmentLayout: 'carousel' },
    { attachments: [choicesCard(choices.map(({ title }) => submit(title)))] },
  ]);
  expect(messages.some((message) => message.suggestedActions)).toBe(false);
});

test('Teams, after one card: the choices card below it, in the same message', () => {
  expect(offerChoices({ text: 'Voici', attachments: [card] }, choices, 'msteams')).toEqual([
    {
      text: 'Voici',
      attachments: [card, choicesCard(choices.map(({ title }) => submit(title)))],
      attachmentLayout: 'list',
    },
  ]);
});

test('Teams, a question without cards: the text stays the message’s, the buttons come on a hero card', () => {
  expect(offerChoices({ text: 'Que souhaitez-vous suivre ?' }, choices, 'msteams')).toEqual([
    {
      text: 'Que souhaitez-vous suivre ?',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.hero',
          content: { buttons: choices.map(({ title }) => ({ type: 'imBack', title, value: title })) },
        },
      ],
    },
  ]);
});

test.each(['sms', 'telegram', 'facebook', 'slack', 'email', 'kik', 'some-new-channel'])(
  '%s: a numbered list under the text',
  (channel) => {
    expect(offerChoices({ text: 'Voici', textFormat: 'plain' }, choices, channel)).toEqual([
      { text: 'Voici\n\n1. Suivre un autre envoi\n2. C’est tout, merci', textFormat: 'plain' },
    ]);
  },
);

describe('WhatsApp: reply buttons (at most 3, titles at most 20 characters), else a list (at most 10, titles at most 24), else a numbered list; a page is a link button', () => {
  const short = [
    { value: 'another', title: 'Track another' },
    { value: 'done', title: "That's all, thanks" },
  ];
  const imBack = (title: string) => ({ type: 'imBack', title, value: title });
  test('two short choices: suggested actions, which the adapter sends as reply buttons', () => {
    expect(offerChoices({ text: 'Here', textFormat: 'plain' }, short, 'whatsapp')).toEqual([
      { text: 'Here', textFormat: 'plain', suggestedActions: { actions: short.map(({ title }) => imBack(title)) } },
    ]);
  });
  test('a title over 20 characters with a shorter wording of the bot’s own: buttons under that wording', () => {
    const french = [{ value: 'another', title: 'Suivre un autre envoi', short: 'Suivre un autre' }, choices[1]];
    expect(offerChoices({ text: 'Voici' }, french, 'whatsapp')).toEqual([
      { text: 'Voici', suggestedActions: { actions: [imBack('Suivre un autre'), imBack('C’est tout, merci')] } },
    ]);
  });
  test('four choices, one over 24 characters with a shorter wording: the rows under their titles, that one under its shorter one', () => {
    const kinds = [
      { value: 'order_number', title: 'Numéro de commande' },
      { value: 'tracking_number', title: 'Numéro de suivi' },
      { value: 'order_id', title: 'Identifiant de commande', short: 'ID de commande' },
      { value: 'external_order', title: 'Numéro de commande boutique', short: 'Commande boutique' },
    ];
    const [message] = offerChoices({ text: 'Que souhaitez-vous suivre ?' }, kinds, 'whatsapp');
    expect(message.suggestedActions?.actions.map((action) => action.title)).toEqual([
      'Numéro de commande',
      'Numéro de suivi',
      'Identifiant de commande',
      'Commande boutique',
    ]);
  });
  test.each([
    [
      'a title over 24 characters and no shorter wording',
      choices.map((choice, i) => (i ? choice : { ...choice, title: 'Benachrichtigung erhalten lassen' })),
    ],
    ['eleven choices', Array.from({ length: 11 }, (_, i) => ({ value: `${i}`, title: `Parcel ${i + 1}` }))],
  ])('%s: a numbered list under the text', (_what, offered) => {
    const [message] = offerChoices({ text: 'Here', textFormat: 'plain' }, offered, 'whatsapp');
    expect(message.suggestedActions).toBeUndefined();
    expect(message.text).toMatch(/\n1\. /);
  });
  test('a page among them: a link button (never a number), the answers still buttons', () => {
    const help = {
      value: 'help_page',
      title: 'Help page',
      url: 'https://shop.example/help',
      line: 'Help page: https://shop.example/help',
    };
    expect(offerChoices({ text: 'Here' }, [...short, help], 'whatsapp')).toEqual([
      {
        text: 'Here',
        suggestedActions: {
          actions: [
            ...short.map(({ title }) => imBack(title)),
            { type: 'openUrl', title: 'Help page', value: 'https://shop.example/help' },
          ],
        },
      },
    ]);
  });
  test('a page whose title is over 20 characters: its line in the text, as on other text channels', () => {
    const help = {
      value: 'help_page',
      title: 'Pagina di assistenza clienti',
      url: 'https://shop.example/help',
      line: 'Pagina di assistenza clienti: https://shop.example/help',
    };
    expect(offerChoices({ text: 'Ecco' }, [...short, help], 'whatsapp')).toEqual([
      {
        text: 'Ecco\n\nPagina di assistenza clienti: https://shop.example/help',
        suggestedActions: { actions: short.map(({ title }) => imBack(title)) },
      },
    ]);
  });
});

test('no choices, no change', () => {
  expect(offerChoices({ text: 'Voici' }, [], 'msteams')).toEqual([{ text: 'Voici' }]);
});

test('the channel table', () => {
  const everything = new Set(['message', 'event', 'escalation']);
  const messages = new Set(['message', 'escalation']);
  expect(
    [
      'msteams',
      'MSTeams',
      'webchat',
      'sms',
      'twilio-sms',
      'telegram',
      'directlinespeech',
      'omnichannel',
      undefined,
    ].map((channel) => channelProfile(channel)),
  ).toEqual([
    { cards: true, choices: 'card_buttons', customerReads: messages },
    { cards: true, choices: 'card_buttons', customerReads: messages },
    { cards: true, choices: 'suggested_actions', signsIn: true, customerReads: everything },
    { cards: false, choices: 'numbered_list', sms: true, customerReads: messages },
    { cards: false, choices: 'numbered_list', sms: true, customerReads: messages },
    { cards: false, choices: 'numbered_list', customerReads: messages },
    { cards: false, choices: 'numbered_list', customerReads: everything },
    { cards: true, choices: 'suggested_actions', customerReads: new Set(['message', 'event']) },
    // A channel nobody named: plain text, and everything it is sent taken as shown to its customer.
    { cards: false, choices: 'numbered_list', customerReads: everything },
  ]);
});

describe('a link among the choices (the shop’s help page): it opens the page, and never takes a number', () => {
  const help = { value: 'help_page', title: 'Page d’aide', url: 'https://shop.example/fr/aide' };
  const withHelp = [help, ...choices];

  test('Web Chat: an openUrl suggested action beside the others', () => {
    expect(offerChoices({ text: 'Voici' }, withHelp, 'webchat')[0].suggestedActions!.actions).toEqual([
      { type: 'openUrl', title: 'Page d’aide', value: 'https://shop.example/fr/aide' },
      ...choices.map(({ title }) => ({ type: 'imBack', title, value: title })),
    ]);
  });

  test('Teams, after cards: an Action.OpenUrl button on the choices card, not on the parcels’ cards', () => {
    const [message, after] = offerChoices(
      { text: 'Voici', attachments: [card, card], attachmentLayout: 'carousel' },
      withHelp,
      'msteams',
    );
    expect(message.attachments).toEqual([card, card]);
    expect(after.attachments).toEqual([
      choicesCard([
        { type: 'Action.OpenUrl', title: 'Page d’aide', url: 'https://shop.example/fr/aide' },
        ...choices.map(({ title }) => submit(title)),
      ]),
    ]);
  });

  test('Teams, without cards: an openUrl button on the hero card', () => {
    const [hero] = offerChoices({ text: 'Voici' }, withHelp, 'msteams')[0].attachments!;
    expect((hero.content as { buttons: unknown[] }).buttons[0]).toEqual({
      type: 'openUrl',
      title: 'Page d’aide',
      value: 'https://shop.example/fr/aide',
    });
  });

  test('SMS: the link as a line of its own, and the numbers still count only what a number can pick', () => {
    expect(offerChoices({ text: 'Voici', textFormat: 'plain' }, withHelp, 'sms')[0].text).toBe(
      'Voici\n\nPage d’aide: https://shop.example/fr/aide\n\n1. Suivre un autre envoi\n2. C’est tout, merci',
    );
  });
});

describe('a choice that carries data (a signed-in customer’s order): its title shown and sent as the words, its data as the value', () => {
  const order = {
    value: 'your_order:0',
    title: '#1001 (Example Store UK)',
    data: { input_type: 'external_order', identifier: '#1001', store_id: 'store-uk-1' },
  };
  const messageBack = {
    type: 'messageBack',
    title: order.title,
    value: order.data,
    text: order.title,
    displayText: order.title,
  };

  test('Web Chat and Direct Line: a suggested action that posts the lookup as data', () => {
    expect(offerChoices({ text: 'Which order?' }, [order, choices[0]], 'webchat')).toEqual([
      {
        text: 'Which order?',
        suggestedActions: {
          actions: [messageBack, { type: 'imBack', title: choices[0].title, value: choices[0].title }],
        },
      },
    ]);
  });

  test('Teams: a hero card button that posts it, and on a card of choices a submit with the data', () => {
    expect(offerChoices({ text: 'Which order?' }, [order], 'msteams')).toEqual([
      {
        text: 'Which order?',
        attachments: [{ contentType: 'application/vnd.microsoft.card.hero', content: { buttons: [messageBack] } }],
      },
    ]);
    const [, after] = offerChoices({ text: 'Voici', attachments: [card, card] }, [order], 'msteams');
    expect((after.attachments?.[0].content as { body: Array<{ actions: unknown[] }> }).body[0].actions).toEqual([
      {
        type: 'Action.Submit',
        title: order.title,
        data: { ...order.data, msteams: { type: 'messageBack', text: order.title, displayText: order.title } },
      },
    ]);
  });

  test('SMS: a numbered line like any other, the data never shown', () => {
    expect(offerChoices({ text: 'Which order?' }, [order], 'sms')).toEqual([
      { text: 'Which order?\n\n1. #1001 (Example Store UK)' },
    ]);
  });
});
