/** What the bot says, as WhatsApp can take it: Meta refuses a text over 4,096 characters and a button title over 20. */
import { whatsAppMessagesOf } from '../../../src/channels/whatsapp/outgoingMessages';

const actions = (...titles: string[]) => ({ actions: titles.map((title) => ({ type: 'imBack', title, value: title })) });

describe('a bot message on WhatsApp', () => {
  test('a short text is one text message', () => {
    expect(whatsAppMessagesOf({ text: 'Delivered' })).toEqual([{ type: 'text', text: { body: 'Delivered' } }]);
  });

  test('a text over 4,096 characters goes as several, each within the limit, cut between lines, nothing lost', () => {
    const lines = Array.from({ length: 120 }, (_, i) => `• Nov ${i} — In transit (the parcel was processed at the sorting centre)`);
    const messages = whatsAppMessagesOf({ text: lines.join('\n') });
    expect(messages.length).toBeGreaterThan(1);
    const bodies = messages.map((message) => (message.type === 'text' ? message.text.body : ''));
    for (const body of bodies) expect([...body].length).toBeLessThanOrEqual(4096);
    expect(bodies.join('\n')).toBe(lines.join('\n'));
  });

  test('one line longer than the limit is cut inside it', () => {
    const messages = whatsAppMessagesOf({ text: 'x'.repeat(9000) });
    expect(messages.map((message) => (message.type === 'text' ? message.text.body.length : 0))).toEqual([4096, 4096, 808]);
  });

  test('up to 3 short choices are reply buttons under the text', () => {
    expect(whatsAppMessagesOf({ text: 'Anything else?', suggestedActions: actions('Track another', "That's all", 'Notify me') })).toEqual([
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
    ['four choices', ['A', 'B', 'C', 'D']],
    ['a title over 20 characters', ['Benachrichtigung erhalten', 'Nein']],
  ])('%s: numbered lines of text, which the customer answers with the number', (_what, titles) => {
    const messages = whatsAppMessagesOf({ text: 'Anything else?', suggestedActions: actions(...titles) });
    expect(messages).toEqual([{ type: 'text', text: { body: ['Anything else?', ...titles.map((title, i) => `${i + 1}. ${title}`)].join('\n') } }]);
  });
});
