/**
 * Conversation state outlives a deployment: a conversation saved by another version of the bot, whose
 * dialogs this version doesn't have, must go on with a normal answer, not an apology on every turn.
 */
import { MemoryStorage } from 'botbuilder';
import { DEMO } from '../../sandbox/simulators';
import { configFor, startApp, type RunningApp } from '../support/app';
import { summarize, TestChannel } from '../support/channel';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const store: Record<string, string> = {};
let app: RunningApp;
beforeAll(async () => {
  app = await startApp(configFor(upstreams), { storage: new MemoryStorage(store) });
});
afterAll(() => app.close());

/** The parts of a stored conversation these tests rewrite, as this version or an older one left them. */
interface StoredConversation {
  dialogState: { dialogStack: unknown[] };
  memory: StoredMemory;
}
interface StoredMemory {
  last?: unknown;
  answer?: unknown[];
}

/** Rewrites a conversation's stored state as another version might have left it. */
function rewriteStored(conversationId: string, rewrite: (state: StoredConversation) => void): void {
  const key = Object.keys(store).find((k) => k.endsWith(`/conversations/${conversationId}/`));
  if (!key) throw new Error(`no stored state for ${conversationId}`);
  const state = JSON.parse(store[key]) as StoredConversation;
  rewrite(state);
  store[key] = JSON.stringify(state);
}

test('a saved dialog this version does not have: the conversation starts over, with no apology', async () => {
  const chat = new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'en-US' });
  await chat.say('hi');
  expect(summarize((await chat.say('Order number')).replies)).toEqual(['Please type your order number.']);
  // The version before this one kept its lookup inside a root dialog called "main".
  rewriteStored(chat.conversationId, (state) => {
    state.dialogState.dialogStack = [
      { id: 'main', state: { dialogs: { dialogStack: state.dialogState.dialogStack } } },
    ];
  });

  expect(summarize((await chat.say('hi')).replies)).toEqual(['Hi! What would you like to track?']);
  expect(summarize((await chat.say('Order number')).replies)).toEqual(['Please type your order number.']);
  const { replies } = await chat.say(DEMO.checkpoints.delivered);
  expect(summarize(replies)).toEqual([`Here is the shipment for ${DEMO.checkpoints.delivered}:`, '(card)']);
});

test('a conversation saved when only its last number was kept: "when will it arrive?" still points at it, and it is kept the new way from then on', async () => {
  const chat = new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'en-US' });
  await chat.say('Order number');
  await chat.say(DEMO.checkpoints.delivered);
  // The versions before the answer was kept whole wrote its first number as `last`.
  rewriteStored(chat.conversationId, (state) => {
    state.memory.last = state.memory.answer![0];
    delete state.memory.answer;
  });

  const { replies } = await chat.say('when will it arrive?');
  expect(summarize(replies).join(' ')).toContain(DEMO.checkpoints.delivered);
  const kept = storedMemory(chat.conversationId);
  expect(kept.last).toBeUndefined();
  expect(kept.answer).toEqual([expect.objectContaining({ kind: 'order_number', shown: DEMO.checkpoints.delivered })]);
});

function storedMemory(conversationId: string): StoredMemory {
  const found: { memory?: StoredMemory } = {};
  rewriteStored(conversationId, (state) => void (found.memory = state.memory));
  return found.memory!;
}
