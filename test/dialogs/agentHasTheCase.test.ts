/**
 * Issue #22, item 1: once a hub says a colleague has the case (handoff.status accepted), the bot stops
 * answering as a bot. It looks nothing up and offers nothing; at most one short line every few minutes
 * says a colleague will reply here. "cancel" or "talk to the bot" ends the wait. The quiet is bounded in
 * time, and a status sent by a customer's own client can only ever quiet that customer's conversation.
 */
import type { Activity } from 'botbuilder';
import { DEMO } from '../../sandbox/simulators';
import { configFor } from '../support/app';
import { conversation, type Conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const botframework = (env: NodeJS.ProcessEnv = {}) =>
  configFor(upstreams, {
    HANDOFF: 'botframework',
    SUPPORT_URL: 'https://shop.example/help',
    ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
    ...env,
  });
const ORDER = DEMO.checkpoints;

const status = (state: string, extra: Partial<Activity> = {}): Partial<Activity> => ({
  type: 'event',
  name: 'handoff.status',
  value: { state },
  locale: undefined,
  ...extra,
});
const messages = (activities: Partial<Activity>[]) => activities.filter((a) => a.type === 'message').map((a) => a.text);
const lookupsMade = () => upstreams.checkpoints.requests.length + upstreams.trackings.requests.length;

const ACCEPTED = 'A colleague has your case now and will reply here in a moment.';
const HOLDING = 'A colleague has your case and will reply here. To go back to the bot, say “talk to the bot”.';
const BACK = "OK, you're back with the bot. Send me a number whenever you like.";

async function accepted(locale = 'en-US', env: NodeJS.ProcessEnv = {}): Promise<Conversation> {
  const talk = conversation(botframework(env), { channelId: 'webchat', locale });
  await talk.say(ORDER.delivered);
  await talk.say('talk to a person');
  expect(messages(await talk.say(status('accepted')))).toHaveLength(1);
  return talk;
}

describe('a colleague has the case: the bot does not talk over them', () => {
  test('"hello? is anyone there?" and a number typed to the colleague: nothing looked up, nothing offered, the bot stays quiet', async () => {
    const talk = await accepted();
    const before = lookupsMade();
    // The acceptance itself just said a colleague has the case: nothing more for a few minutes.
    expect(await talk.say('hello? is anyone there?')).toEqual([]);
    expect(await talk.say(ORDER.inTransitMultiShipment)).toEqual([]);
    expect(await talk.say({ value: { input_type: 'order_number', identifier: ORDER.delayed } })).toEqual([]);
    expect(await talk.say('help')).toEqual([]);
    expect(lookupsMade()).toBe(before);
  });

  test('at most one short line every few minutes, with no buttons', async () => {
    const talk = await accepted();
    await talk.clock.sleep(3 * 60_000);
    const [line, ...more] = await talk.say('is anyone there?');
    expect(more).toEqual([]);
    expect(line.text).toBe(HOLDING);
    expect(line.suggestedActions).toBeUndefined();
    expect(line.attachments ?? []).toEqual([]);
    expect(await talk.say('hello??')).toEqual([]);
    await talk.clock.sleep(60_000);
    expect(await talk.say('hello???')).toEqual([]);
    await talk.clock.sleep(2 * 60_000);
    expect(messages(await talk.say('anyone?'))).toEqual([HOLDING]);
  });

  test('"talk to a person" again while the colleague has it: no second handoff', async () => {
    const talk = await accepted();
    await talk.clock.sleep(11 * 60_000);
    const replies = await talk.say('talk to a person');
    expect(replies.some((a) => a.name === 'handoff.initiate')).toBe(false);
    expect(messages(replies)).toEqual([HOLDING]);
  });

  test.each([
    ['en-US', 'cancel', BACK],
    ['en-US', 'talk to the bot', BACK],
    ['en-US', 'Back to the bot', BACK],
    ['fr-FR', 'annuler', 'D’accord, vous êtes de retour avec le bot. Envoyez-moi un numéro quand vous voulez.'],
    ['fr-FR', 'parler au bot', 'D’accord, vous êtes de retour avec le bot. Envoyez-moi un numéro quand vous voulez.'],
    ['nl-NL', 'terug naar de bot', 'Oké, je bent weer bij de bot. Stuur me een nummer wanneer je wilt.'],
    ['de-DE', 'zurück zum Bot', 'Gut, Sie sind wieder beim Bot. Senden Sie mir eine Nummer, wann immer Sie möchten.'],
  ])('%s: "%s" ends the wait, the bot says so, and the next number is looked up', async (locale, words, back) => {
    const talk = await accepted(locale);
    expect(messages(await talk.say(words))).toEqual([back]);
    const [answer] = await talk.say(ORDER.inTransitMultiShipment);
    expect(answer.attachments?.length).toBe(3);
  });

  test('"talk to the bot" is never a request for a person, and while waiting for one it calls the wait off', async () => {
    const talk = conversation(botframework(), { channelId: 'webchat', locale: 'en-US' });
    const first = await talk.say('talk to the bot');
    expect(first.some((a) => a.name === 'handoff.initiate')).toBe(false);
    expect(messages(first)).toEqual([BACK]);
    await talk.say('talk to a person');
    expect(messages(await talk.say('talk to the bot'))).toEqual([BACK]);
    // The wait is over: a late "accepted" quiets nothing.
    expect(await talk.say(status('accepted'))).toEqual([]);
    expect((await talk.say(ORDER.delivered))[0].attachments).toHaveLength(1);
  });

  test('completed gives the conversation back, as before', async () => {
    const talk = await accepted();
    expect(messages(await talk.say(status('completed')))).toEqual([
      expect.stringMatching(/^My colleague has finished with your case/),
    ]);
    expect((await talk.say(ORDER.delivered))[0].attachments).toHaveLength(1);
  });

  test('bounded in time: a hub that never says completed silences the bot for 30 minutes at most', async () => {
    const talk = await accepted();
    await talk.clock.sleep(29 * 60_000);
    expect((await talk.say(ORDER.delivered)).some((a) => a.attachments?.length)).toBe(false);
    await talk.clock.sleep(2 * 60_000);
    expect((await talk.say(ORDER.delivered))[0].attachments).toHaveLength(1);
  });

  test('before a colleague accepts, the bot still answers (the customer is only waiting)', async () => {
    const talk = conversation(botframework(), { channelId: 'webchat', locale: 'en-US' });
    await talk.say('talk to a person');
    expect((await talk.say(ORDER.delivered))[0].attachments).toHaveLength(1);
  });

  test("a customer's own client sending handoff.status: only that conversation is quieted, and never without a handoff asked for", async () => {
    const talk = conversation(botframework(), { channelId: 'webchat', locale: 'en-US' });
    // Forged with no handoff asked for: ignored.
    expect(await talk.say(status('accepted'))).toEqual([]);
    expect((await talk.say(ORDER.delivered))[0].attachments).toHaveLength(1);
    await talk.say('talk to a person');
    expect(messages(await talk.say(status('accepted')))).toEqual([ACCEPTED]);
    expect(await talk.say(ORDER.delivered)).toEqual([]);
    // Another conversation of the same customer, and another customer's, on the same instance: answered as ever.
    for (const other of [
      { conversation: { id: 'another-of-the-same-customer' } },
      { conversation: { id: 'someone-else' }, from: { id: 'someone-else', name: 'Someone' } },
    ]) {
      const replies = await talk.say({ text: ORDER.delivered, ...other } as Partial<Activity>);
      expect(replies.find((a) => a.type === 'message')?.attachments).toHaveLength(1);
    }
    // A status sent in another conversation changes nothing here or there.
    expect(
      await talk.say({ ...status('completed'), conversation: { id: 'someone-else' } } as Partial<Activity>),
    ).toEqual([]);
    expect(await talk.say(ORDER.delivered)).toEqual([]);
  });
});
