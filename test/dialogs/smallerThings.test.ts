/**
 * Issue #35, "Smaller things", as the customer and the person on call meet them: one word in the logs for
 * an unknown order, one wording for "not found", a pause that says one true time, no lookups offered
 * while they are paused, the bot back after a colleague's "done" without thanking anyone for waiting, no
 * "sign in on our website" where signing in changes nothing, and a handoff case that names the numbers tried.
 */
import type { Activity } from 'botbuilder';
import { DEMO } from '../../sandbox/simulators';
import type { HandoffCase } from '../../src/handoff';
import { Translator } from '../../src/i18n';
import { configFor } from '../support/app';
import { conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const LANGUAGES = ['en', 'nl', 'de', 'fr', 'es', 'it'] as const;
const translator = new Translator('en');
const tIn = (language: string) => translator.localize(language).t;
const UNKNOWN = ['ZZ000000001GB', 'ZZ000000002GB', 'ZZ000000003GB', 'ZZ000000004GB'];
const lookup = (identifier: string) => ({ value: { input_type: 'tracking_number', identifier } });
const texts = (replies: Array<Partial<Activity>>) =>
  replies.filter((reply) => reply.type === 'message').map((reply) => reply.text);
const choicesOf = (reply: Partial<Activity>) => reply.suggestedActions?.actions.map((action) => action.title) ?? [];
const PAUSED = (minutes: number) =>
  `Several numbers in a row weren't found, so I've paused lookups. Please try again in ${minutes} minutes.`;

describe('1. an unknown order is one outcome, in one word, on every log line about it', () => {
  test.each([
    ['Interface B, a tracking number', lookup(DEMO.trackings.trackingNumbers.unknown)],
    ['Interface A, an order number', { value: { input_type: 'order_number', identifier: DEMO.checkpoints.unknown } }],
  ])('%s: the upstream call and the turn both say not_found', async (_name, said) => {
    const talk = conversation(configFor(upstreams), { channelId: 'webchat', locale: 'en-US' });
    await talk.say(said);
    const lines = talk.logs.map(
      (line) => JSON.parse(line) as { msg: string; outcome?: string; lookup?: { outcome: string } },
    );
    const upstream = lines.filter((entry) => entry.msg === 'upstream call' || entry.msg === 'upstream call failed');
    const turn = lines.find((entry) => entry.msg === 'turn');
    expect(upstream.map((entry) => entry.outcome)).toEqual(['not_found']);
    expect(turn?.lookup?.outcome).toBe('not_found');
  });
});

describe('2. the third miss says "not found" as the first two do', () => {
  test('in English, as the customer reads it', async () => {
    const talk = conversation(configFor(upstreams), { channelId: 'webchat', locale: 'en-US' });
    await talk.say(lookup(UNKNOWN[0]));
    await talk.say(lookup(UNKNOWN[1]));
    expect(texts(await talk.say(lookup(UNKNOWN[2])))).toEqual([
      `I couldn't find anything for ${UNKNOWN[2]}. ${PAUSED(5)}`,
    ]);
  });

  test.each(LANGUAGES)('%s: the words that lead the pause are those of every other miss', (language) => {
    const t = tIn(language);
    expect(
      t('errors.not_found', { identifier: UNKNOWN[0] }).startsWith(
        t('lookup.nothing_for', { identifiers: UNKNOWN[0] }),
      ),
    ).toBe(true);
  });
});

describe('3. the pause says how long it lasts, and nothing else about its length', () => {
  test('it starts at 5 minutes, and a minute and a half later it is 4 minutes (the clock, rounded up)', async () => {
    const talk = conversation(configFor(upstreams, { SUPPORT_URL: '' }), { channelId: 'webchat', locale: 'en-US' });
    for (const number of UNKNOWN.slice(0, 3)) await talk.say(lookup(number));
    await talk.clock.sleep(90_000);
    expect(texts(await talk.say(lookup(UNKNOWN[3])))).toEqual([PAUSED(4)]);
  });

  /** The words each language used for "for a moment" beside the minutes. */
  const A_MOMENT: Record<(typeof LANGUAGES)[number], RegExp> = {
    en: /a moment/,
    nl: /\beven\b/,
    de: /\bkurz\b/,
    fr: /un instant/,
    es: /un momento/,
    it: /un momento/,
  };
  test.each(LANGUAGES)('%s: no "for a moment" beside the minutes', (language) => {
    const t = tIn(language);
    for (const key of ['limits.misses', 'limits.many', 'notify.limited'])
      for (const count of [1, 5]) expect(t(key, { count })).not.toMatch(A_MOMENT[language]);
  });
});

describe('4. while lookups are paused, "hello" offers none: when to try again, and what still works', () => {
  const paused = async (env: NodeJS.ProcessEnv, channelId = 'webchat') => {
    const talk = conversation(configFor(upstreams, env), { channelId, locale: 'en-US' });
    for (const number of UNKNOWN.slice(0, 3)) await talk.say(lookup(number));
    return talk;
  };

  test('with a hub and a help page: a person and the help page, no kind of number', async () => {
    const talk = await paused({ HANDOFF: 'botframework', SUPPORT_URL: 'https://shop.example/help' });
    await talk.clock.sleep(60_000);
    const [reply, ...more] = await talk.say('hello');
    expect(more).toEqual([]);
    expect(reply.text).toBe(`Hi! ${PAUSED(4)}`);
    expect(choicesOf(reply)).toEqual(['Talk to a person', 'Help page']);
    expect((await talk.say('Talk to a person')).some((activity) => activity.name === 'handoff.initiate')).toBe(true);
  });

  test('on SMS, "1" picks the person', async () => {
    const talk = await paused({ HANDOFF: 'botframework', SUPPORT_URL: '' }, 'sms');
    const [reply] = await talk.say('hello');
    expect(reply.text).toBe(`Hi! ${PAUSED(5)}\n\n1. Talk to a person`);
    expect((await talk.say('1')).some((activity) => activity.name === 'handoff.initiate')).toBe(true);
  });

  test('with nothing else to offer: when to try again, and no buttons; after the pause, the kinds again', async () => {
    const talk = await paused({ SUPPORT_URL: '' });
    const [reply] = await talk.say('hello');
    expect(reply.text).toBe(`Hi! ${PAUSED(5)}`);
    expect(reply.suggestedActions).toBeUndefined();
    await talk.clock.sleep(5 * 60_000);
    const [after] = await talk.say('hello');
    expect(after.text).toBe('Hi! What would you like to track?');
    expect(choicesOf(after)).toEqual(['Order number', 'Tracking number', 'Order ID', 'Store order number']);
  });
});

describe('5. after the colleague is done, the bot says so: nobody was waiting for it', () => {
  const status = (state: string): Partial<Activity> => ({
    type: 'event',
    name: 'handoff.status',
    value: { state },
    locale: undefined,
  });
  test('accepted, then completed', async () => {
    const talk = conversation(configFor(upstreams, { HANDOFF: 'botframework' }), {
      channelId: 'webchat',
      locale: 'en-US',
    });
    await talk.say('talk to a person');
    await talk.say(status('accepted'));
    expect(texts(await talk.say(status('completed')))).toEqual([
      "My colleague has finished with your case, and I'm back to help: send me a number whenever you'd like to track a parcel.",
    ]);
  });

  const THANKS_FOR_WAITING: Record<(typeof LANGUAGES)[number], RegExp> = {
    en: /waiting/,
    nl: /wachten/,
    de: /Warten/,
    fr: /patienté/,
    es: /esperar/,
    it: /attesa/,
  };
  test.each(LANGUAGES)('%s: no thanks for waiting', (language) => {
    expect(tIn(language)('handoff.completed')).not.toMatch(THANKS_FOR_WAITING[language]);
  });
});

describe("6. where nobody can sign in, a masked answer points to the chat on the shop's website", () => {
  const config = () => configFor(upstreams, { ORDER_DETAILS: 'masked' });
  test.each(LANGUAGES.flatMap((language) => ['msteams', 'sms'].map((channel) => [language, channel] as const)))(
    '%s on %s',
    async (language, channelId) => {
      const t = tIn(language);
      const talk = conversation(config(), { channelId, locale: language });
      const wire = JSON.stringify(
        await talk.say({ value: { input_type: 'order_number', identifier: DEMO.checkpoints.inTransitMultiShipment } }),
      );
      expect(wire).not.toContain(JSON.stringify(t('card.sign_in_for_details')).slice(1, 30));
      expect(wire).toContain(JSON.stringify(t('card.details_in_web_chat')).slice(1, 30));
    },
  );

  test('on Web Chat, where a visitor can sign in, signing in is still what shows more', async () => {
    const talk = conversation(config(), { channelId: 'webchat', locale: 'en-US' });
    const wire = JSON.stringify(
      await talk.say({ value: { input_type: 'order_number', identifier: DEMO.checkpoints.inTransitMultiShipment } }),
    );
    expect(wire).toContain('Sign in on our website to see the carrier');
  });
});

describe("7. a handoff after misses names the numbers tried, masked where the customer's client reads the case", () => {
  const missThenAsk = async (env: NodeJS.ProcessEnv, channelId: string) => {
    const talk = conversation(configFor(upstreams, { SUPPORT_URL: '', ...env }), { channelId, locale: 'en-US' });
    for (const number of UNKNOWN) await talk.say(lookup(number));
    return talk.say('talk to a person');
  };
  const masked = (number: string) => `*********${number.slice(-4)}`;

  test('Bot Framework hub on Teams (its client never sees the event): the agent gets the numbers as typed', async () => {
    const replies = await missThenAsk({ HANDOFF: 'botframework' }, 'msteams');
    const event = replies.find((activity) => activity.name === 'handoff.initiate');
    expect((event?.value as HandoffCase & { tried?: string[] }).tried).toEqual(UNKNOWN.slice(0, 3));
  });

  test('Omnichannel on its own channel (the escalation reaches the agent alone): the summary lists them', async () => {
    const replies = await missThenAsk({ HANDOFF: 'omnichannel' }, 'omnichannel');
    const summary =
      replies.find((activity) => (activity.channelData as { tags?: string } | undefined)?.tags)?.text ?? '';
    expect(summary).not.toContain('Nothing looked up yet.');
    for (const number of UNKNOWN.slice(0, 3)) expect(summary).toContain(number);
  });

  test('Omnichannel on Teams (the customer reads the escalation): the numbers masked', async () => {
    const replies = await missThenAsk({ HANDOFF: 'omnichannel' }, 'msteams');
    const summary =
      replies.find((activity) => (activity.channelData as { tags?: string } | undefined)?.tags)?.text ?? '';
    expect(summary).not.toContain('Nothing looked up yet.');
    for (const number of UNKNOWN.slice(0, 3)) {
      expect(summary).not.toContain(number);
      expect(summary).toContain(masked(number));
    }
  });

  test('Bot Framework hub on Web Chat (its client reads events): the event masked', async () => {
    const replies = await missThenAsk({ HANDOFF: 'botframework' }, 'webchat');
    const event = replies.find((activity) => activity.name === 'handoff.initiate');
    expect((event?.value as HandoffCase & { tried?: string[] }).tried).toEqual(UNKNOWN.slice(0, 3).map(masked));
  });
});
