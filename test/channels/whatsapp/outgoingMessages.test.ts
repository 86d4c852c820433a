/**
 * What the bot says, as WhatsApp can take it: Meta refuses a text over 4,096 characters, an interactive body over
 * 1,024, a fourth button or a button title over 20, an eleventh row or a row title over 24, a link label over 20.
 */
import {
  whatsAppMessagesOf as messagesOf,
  type OutgoingActivity,
  type WhatsAppWords,
} from '../../../src/channels/whatsapp/outgoingMessages';

const actions = (...titles: string[]) => ({
  actions: titles.map((title) => ({ type: 'imBack', title, value: title })),
});
/** The bot's own words an interactive message needs, in the customer's language (here French). */
const WORDS: WhatsAppWords = {
  listButton: 'Choisir',
  more: 'Autre chose ?',
  page: 'Le service client de la boutique peut vous aider :',
};
const whatsAppMessagesOf = (activity: OutgoingActivity) => messagesOf(activity, WORDS);
const body = (message: ReturnType<typeof whatsAppMessagesOf>[number]) =>
  message.type === 'text'
    ? message.text.body
    : message.type === 'interactive'
      ? (message.interactive.body as { text: string }).text
      : '';

describe('a bot message on WhatsApp', () => {
  test('a short text is one text message', () => {
    expect(whatsAppMessagesOf({ text: 'Delivered' })).toEqual([{ type: 'text', text: { body: 'Delivered' } }]);
  });

  test('a text over 4,096 characters goes as several, each within the limit, cut between lines, nothing lost', () => {
    const lines = Array.from(
      { length: 120 },
      (_, i) => `• Nov ${i} — In transit (the parcel was processed at the sorting centre)`,
    );
    const messages = whatsAppMessagesOf({ text: lines.join('\n') });
    expect(messages.length).toBeGreaterThan(1);
    const bodies = messages.map((message) => (message.type === 'text' ? message.text.body : ''));
    for (const body of bodies) expect([...body].length).toBeLessThanOrEqual(4096);
    expect(bodies.join('\n')).toBe(lines.join('\n'));
  });

  test('one line longer than the limit is cut inside it', () => {
    const messages = whatsAppMessagesOf({ text: 'x'.repeat(9000) });
    expect(messages.map((message) => (message.type === 'text' ? message.text.body.length : 0))).toEqual([
      4096, 4096, 808,
    ]);
  });

  test('up to 3 short choices are reply buttons under the text', () => {
    expect(
      whatsAppMessagesOf({
        text: 'Anything else?',
        suggestedActions: actions('Track another', "That's all", 'Notify me'),
      }),
    ).toEqual([
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: 'Anything else?' },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'choice-1', title: 'Track another' } },
              { type: 'reply', reply: { id: 'choice-2', title: "That's all" } },
              { type: 'reply', reply: { id: 'choice-3', title: 'Notify me' } },
            ],
          },
        },
      },
    ]);
  });

  test.each([
    ['four choices', ['Numéro de commande', 'Numéro de suivi', 'ID de commande', 'Commande boutique']],
    ['a title over 20 characters (and within 24)', ['Identifiant de commande', 'Numéro de suivi']],
  ])('%s: a list under the text, opened by a button in the customer’s words, a row a choice', (_what, titles) => {
    expect(whatsAppMessagesOf({ text: 'Que souhaitez-vous suivre ?', suggestedActions: actions(...titles) })).toEqual([
      {
        type: 'interactive',
        interactive: {
          type: 'list',
          body: { text: 'Que souhaitez-vous suivre ?' },
          action: {
            button: 'Choisir',
            sections: [{ rows: titles.map((title, i) => ({ id: `choice-${i + 1}`, title })) }],
          },
        },
      },
    ]);
  });

  test.each([
    ['eleven choices', Array.from({ length: 11 }, (_, i) => `Parcel ${i + 1}`)],
    ['a title over 24 characters', ['Benachrichtigung erhalten lassen', 'Nein']],
  ])('%s: numbered lines of text, which the customer answers with the number', (_what, titles) => {
    const messages = whatsAppMessagesOf({ text: 'Anything else?', suggestedActions: actions(...titles) });
    expect(messages).toEqual([
      {
        type: 'text',
        text: { body: ['Anything else?', ...titles.map((title, i) => `${i + 1}. ${title}`)].join('\n') },
      },
    ]);
  });

  test('a page to open is a link button under the text (no address in it); the answers follow, under the bot’s own short question', () => {
    const link = { type: 'openUrl', title: 'Suivre chez DHL', value: 'https://www.dhl.de/track?piececode=1' };
    const messages = whatsAppMessagesOf({
      text: '📦 DHL · 1\n*Livré* — 24 nov.',
      suggestedActions: { actions: [...actions('Suivre un autre', 'C’est tout, merci').actions, link] },
    });
    expect(messages).toEqual([
      {
        type: 'interactive',
        interactive: {
          type: 'cta_url',
          body: { text: '📦 DHL · 1\n*Livré* — 24 nov.' },
          action: {
            name: 'cta_url',
            parameters: { display_text: 'Suivre chez DHL', url: 'https://www.dhl.de/track?piececode=1' },
          },
        },
      },
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: 'Autre chose ?' },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'choice-1', title: 'Suivre un autre' } },
              { type: 'reply', reply: { id: 'choice-2', title: 'C’est tout, merci' } },
            ],
          },
        },
      },
    ]);
  });

  test('a second page (the shop’s help page under a parcel with its own link): its button under the bot’s own words, not its label twice', () => {
    const tracking = { type: 'openUrl', title: 'Suivre chez DHL', value: 'https://www.dhl.de/track?piececode=1' };
    const help = { type: 'openUrl', title: 'Page d’aide', value: 'https://shop.example/aide' };
    const messages = whatsAppMessagesOf({
      text: '📦 DHL · 1\n*Perdu* — 24 nov.',
      suggestedActions: { actions: [tracking, help] },
    });
    expect(messages.map(body)).toEqual([
      '📦 DHL · 1\n*Perdu* — 24 nov.',
      'Le service client de la boutique peut vous aider :',
    ]);
  });

  test('a link alone: the link button carries the text', () => {
    const messages = whatsAppMessagesOf({
      text: 'Page d’aide',
      suggestedActions: { actions: [{ type: 'openUrl', title: 'Page d’aide', value: 'https://shop.example/aide' }] },
    });
    expect(messages.map((message) => message.type === 'interactive' && message.interactive.type)).toEqual(['cta_url']);
  });

  test('an interactive body holds at most 1,024 characters: the text before it goes as text, cut between paragraphs, nothing lost', () => {
    const block = (n: number) =>
      Array.from(
        { length: 9 },
        (_, i) => `• 24 nov. 2026, 13:${10 + i} UTC — En cours d’acheminement (colis ${n}), Hamburg, DE`,
      ).join('\n');
    const text = ['Voici les 3 envois pour ORD-1002 :', block(1), block(2), block(3)].join('\n\n');
    const messages = whatsAppMessagesOf({ text, suggestedActions: actions('Suivre un autre', 'C’est tout, merci') });
    const last = messages.at(-1)!;
    expect(last.type === 'interactive' && last.interactive.type).toBe('button');
    expect([...body(last)].length).toBeLessThanOrEqual(1024);
    expect(body(last)).toBe(block(3));
    for (const message of messages) expect([...body(message)].length).toBeLessThanOrEqual(4096);
    expect(messages.map(body).join('\n\n')).toBe(text);
  });
});
