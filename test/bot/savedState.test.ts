/**
 * The conversation's state is written when a turn changed it, and only then: SavedConversationState tells
 * a change by the state's JSON text where botbuilder's BotState hashes it, and must decide as it does.
 */
import { MemoryStorage, TestAdapter, TurnContext, type StoreItems } from 'botbuilder';
import { SavedConversationState } from '../../src/bot/savedState';

class CountingStorage extends MemoryStorage {
  writes: StoreItems[] = [];

  override async write(changes: StoreItems): Promise<void> {
    this.writes.push(JSON.parse(JSON.stringify(changes)) as StoreItems);
    await super.write(changes);
  }
}

const turn = () =>
  new TurnContext(new TestAdapter(), {
    type: 'message',
    channelId: 'test',
    conversation: { id: 'c1' } as never,
    from: { id: 'u1', name: 'Customer' },
    recipient: { id: 'bot', name: 'Bot' },
  });

test('a turn that reads the state and changes nothing writes nothing; one that changes it writes it once, and the next turn reads it', async () => {
  const storage = new CountingStorage();
  const state = new SavedConversationState(storage);
  const counter = state.createProperty<{ n: number }>('counter');

  const first = turn();
  (await counter.get(first, { n: 0 })).n++;
  await state.saveChanges(first);
  // Saved again in the same turn with nothing new: no second write.
  await state.saveChanges(first);
  expect(storage.writes).toHaveLength(1);
  expect(Object.values(storage.writes[0])[0]).toMatchObject({ counter: { n: 1 } });

  const reading = turn();
  expect(await counter.get(reading)).toEqual({ n: 1 });
  await state.saveChanges(reading);
  expect(storage.writes).toHaveLength(1);

  const changing = turn();
  (await counter.get(changing))!.n = 2;
  await state.saveChanges(changing);
  expect(storage.writes).toHaveLength(2);
  expect(await counter.get(turn())).toEqual({ n: 2 });
});

test('cleared, forced or never read: the state is written as botbuilder writes it', async () => {
  const storage = new CountingStorage();
  const state = new SavedConversationState(storage);
  const counter = state.createProperty<{ n: number }>('counter');

  // Never read: nothing to write, unless forced (then an empty state).
  const untouched = turn();
  await state.saveChanges(untouched);
  expect(storage.writes).toHaveLength(0);
  await state.saveChanges(untouched, true);
  expect(storage.writes).toHaveLength(1);

  const filled = turn();
  await counter.set(filled, { n: 5 });
  await state.saveChanges(filled);
  const cleared = turn();
  await state.load(cleared);
  await state.clear(cleared);
  await state.saveChanges(cleared);
  expect(storage.writes).toHaveLength(3);
  expect(await counter.get(turn())).toBeUndefined();
});
