/** Every card we send is valid Adaptive Card 1.5 for the adaptivecards library itself. */
import { renderShipments } from '../../src/cards';
import type { Reply } from '../../src/channels';
import { cardProblems } from './adaptiveCards';
import { bare, bigOrder, byCategory, de, delayed, en, englishUpstream, exceptionFlag, germanLabels } from './fixtures';
import { cardsOf, ofType, walk } from './helpers';

const all = [...Object.values(byCategory), delayed, exceptionFlag, bare, germanLabels, englishUpstream];

describe.each(['msteams', 'webchat', 'directline', 'emulator', 'test', 'omnichannel'])('cards on %s', (channel) => {
  const replies: Reply[] = [...renderShipments(all, en(channel)), ...renderShipments(all, de(channel))];
  const cards = cardsOf(replies);

  test('every card parses and validates without a single event', () => {
    expect(cards.length).toBe(all.length * 2);
    for (const card of cards) expect(cardProblems(card)).toEqual([]);
  });

  test('version 1.5, the adaptive content type, fallbackText and speak on every card', () => {
    for (const reply of replies)
      for (const a of reply.attachments ?? []) expect(a.contentType).toBe('application/vnd.microsoft.card.adaptive');
    for (const card of cards) {
      expect(card).toMatchObject({ type: 'AdaptiveCard', version: '1.5' });
      expect(String(card.fallbackText).length).toBeGreaterThan(3);
      expect(card.speak).toBe(card.fallbackText);
    }
  });

  test('every toggle targets an element of its own card', () => {
    for (const card of cards) {
      const ids = new Set(
        walk(card)
          .map((o) => o.id)
          .filter(Boolean),
      );
      for (const toggle of ofType(card, 'Action.ToggleVisibility'))
        for (const target of toggle.targetElements as string[]) expect(ids.has(target)).toBe(true);
    }
  });

  test(`full width ${channel === 'msteams' ? 'in' : 'only in'} Teams`, () => {
    for (const card of cards) expect(card.msteams).toEqual(channel === 'msteams' ? { width: 'Full' } : undefined);
  });
});

test('the trimmed cards of a 20 x 300 order are valid too', () => {
  for (const card of cardsOf(renderShipments(bigOrder(), de('msteams')))) expect(cardProblems(card)).toEqual([]);
});

test('the oracle does report broken cards', () => {
  expect(
    cardProblems({
      type: 'AdaptiveCard',
      version: '1.5',
      body: [{ type: 'Nope' }, { type: 'TextBlock', text: 'x', color: 'purple' }],
    }).length,
  ).toBe(2);
});
