/** Choices on a message, the way each channel shows them; the customer only ever sees titles. */
import { channelProfile, offerChoices } from '../../src/channels';

const choices = [
  { value: 'another', title: 'Suivre un autre envoi' },
  { value: 'done', title: 'C’est tout, merci' },
];
const card = { contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard', version: '1.5', body: [], actions: [{ type: 'Action.OpenUrl', title: 'Suivre', url: 'https://x.example' }] } };

test('Web Chat and Direct Line: suggested actions that send their title, however long it is', () => {
  for (const channel of ['webchat', 'directline', 'emulator', 'omnichannel']) {
    expect(offerChoices({ text: 'Voici' }, choices, channel)).toEqual({
      text: 'Voici',
      suggestedActions: { actions: choices.map(({ title }) => ({ type: 'imBack', title, value: title })) },
    });
  }
});

test('Teams, after cards: every card carries buttons that send the title as the customer’s words', () => {
  const message = offerChoices({ text: 'Voici', attachments: [card, card], attachmentLayout: 'carousel' }, choices, 'msteams');
  expect(message.suggestedActions).toBeUndefined();
  for (const attachment of message.attachments!) {
    expect((attachment.content as { actions: unknown[] }).actions).toEqual([
      card.content.actions[0],
      ...choices.map(({ title }) => ({ type: 'Action.Submit', title, data: { msteams: { type: 'imBack', value: title } } })),
    ]);
  }
});

test('Teams, a question without cards: the text stays the message’s, the buttons come on a hero card', () => {
  expect(offerChoices({ text: 'Que souhaitez-vous suivre ?' }, choices, 'msteams')).toEqual({
    text: 'Que souhaitez-vous suivre ?',
    attachments: [{ contentType: 'application/vnd.microsoft.card.hero', content: { buttons: choices.map(({ title }) => ({ type: 'imBack', title, value: title })) } }],
  });
});

test.each(['sms', 'telegram', 'facebook', 'slack', 'email', 'kik', 'some-new-channel'])('%s: a numbered list under the text', (channel) => {
  expect(offerChoices({ text: 'Voici', textFormat: 'plain' }, choices, channel)).toEqual({ text: 'Voici\n\n1. Suivre un autre envoi\n2. C’est tout, merci', textFormat: 'plain' });
});

test('no choices, no change', () => {
  expect(offerChoices({ text: 'Voici' }, [], 'msteams')).toEqual({ text: 'Voici' });
});

test('the channel table', () => {
  expect(['msteams', 'MSTeams', 'webchat', 'sms', 'twilio-sms', 'telegram', undefined].map((channel) => channelProfile(channel))).toEqual([
    { cards: true, choices: 'card_buttons' },
    { cards: true, choices: 'card_buttons' },
    { cards: true, choices: 'suggested_actions' },
    { cards: false, choices: 'numbered_list', sms: true },
    { cards: false, choices: 'numbered_list', sms: true },
    { cards: false, choices: 'numbered_list' },
    { cards: false, choices: 'numbered_list' },
  ]);
});

describe('a link among the choices (the shop’s help page): it opens the page, and never takes a number', () => {
  const help = { value: 'help_page', title: 'Page d’aide', url: 'https://shop.example/fr/aide' };
  const withHelp = [help, ...choices];

  test('Web Chat: an openUrl suggested action beside the others', () => {
    expect(offerChoices({ text: 'Voici' }, withHelp, 'webchat').suggestedActions!.actions).toEqual([
      { type: 'openUrl', title: 'Page d’aide', value: 'https://shop.example/fr/aide' },
      ...choices.map(({ title }) => ({ type: 'imBack', title, value: title })),
    ]);
  });

  test('Teams, after cards: an Action.OpenUrl button on every card', () => {
    const message = offerChoices({ text: 'Voici', attachments: [card] }, withHelp, 'msteams');
    expect((message.attachments![0].content as { actions: unknown[] }).actions[1]).toEqual({ type: 'Action.OpenUrl', title: 'Page d’aide', url: 'https://shop.example/fr/aide' });
  });

  test('Teams, without cards: an openUrl button on the hero card', () => {
    const [hero] = offerChoices({ text: 'Voici' }, withHelp, 'msteams').attachments!;
    expect((hero.content as { buttons: unknown[] }).buttons[0]).toEqual({ type: 'openUrl', title: 'Page d’aide', value: 'https://shop.example/fr/aide' });
  });

  test('SMS: the link as a line of its own, and the numbers still count only what a number can pick', () => {
    expect(offerChoices({ text: 'Voici', textFormat: 'plain' }, withHelp, 'sms').text).toBe('Voici\n\nPage d’aide: https://shop.example/fr/aide\n\n1. Suivre un autre envoi\n2. C’est tout, merci');
  });
});
