/**
 * An answer with a problem offers the way forward on the same message: the shop's help page in the
 * customer's language, as each channel shows a link. An answer without one offers only what to do next.
 */
import { DEMO } from '../../sandbox/simulators';
import { configFor } from '../support/app';
import { cardButtons, type AdaptiveCard } from '../support/seen';
import { conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const HELP = {
  ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
  SUPPORT_URL: 'https://shop.example/help',
  SUPPORT_URL_FR: 'https://shop.example/fr/aide',
  SUPPORT_URL_NL: 'https://shop.example/nl/hulp',
};
const returned = DEMO.checkpoints.returned;
const delivered = DEMO.checkpoints.delivered;

test('Web Chat in French: the help page in French as a link beside the follow-ups', async () => {
  const talk = conversation(configFor(upstreams, HELP), { channelId: 'webchat', locale: 'fr-FR' });
  const [answer] = await talk.say(returned);
  expect(answer.suggestedActions?.actions).toEqual([
    { type: 'openUrl', title: 'Page d’aide', value: 'https://shop.example/fr/aide' },
    { type: 'imBack', title: 'Suivre un autre envoi', value: 'Suivre un autre envoi' },
    { type: 'imBack', title: 'C’est tout, merci', value: 'C’est tout, merci' },
  ]);
  const [plain] = await talk.say(delivered);
  expect(plain.suggestedActions?.actions.map((action: { type: string }) => action.type)).toEqual(['imBack', 'imBack']);
});

test('Teams in Dutch: an Action.OpenUrl among the answer’s choices, on their card below the parcel’s, titled in Dutch', async () => {
  const talk = conversation(configFor(upstreams, HELP), { channelId: 'msteams', locale: 'nl-NL' });
  const [answer] = await talk.say(returned);
  expect(answer.attachments).toHaveLength(2);
  const buttons = cardButtons(answer.attachments![1].content as AdaptiveCard);
  expect(
    buttons.filter((action) => action.type === 'Action.OpenUrl').map(({ title, url }) => [title, url]),
  ).toContainEqual(['Hulppagina', 'https://shop.example/nl/hulp']);
  expect(buttons.filter((action) => action.type === 'Action.Submit').map(({ title }) => title)).toEqual([
    'Nog een volgen',
    'Dat was het, bedankt',
  ]);
});

test('SMS in German, which has no page of its own: SUPPORT_URL on a line, and the numbers still pick the follow-ups', async () => {
  const talk = conversation(configFor(upstreams, HELP), { channelId: 'sms', locale: 'de-DE' });
  const [answer] = await talk.say(returned);
  expect(answer.text).toContain('Hilfeseite: https://shop.example/help\n\n1. ');
  const [next] = await talk.say('1');
  expect(next.text).toMatch(/Was möchten Sie verfolgen\?/);
});

test("SMS in French: the help page's line puts a space before the colon, as French does (a plain one: SMS stays GSM-7)", async () => {
  const talk = conversation(configFor(upstreams, HELP), { channelId: 'sms', locale: 'fr-FR' });
  const [answer] = await talk.say(returned);
  expect(answer.text).toContain("Page d'aide : https://shop.example/fr/aide\n\n1. ");
});

test('without any help page, a problem gets no link button', async () => {
  const talk = conversation(configFor(upstreams, { ORDER_NUMBER_PATTERN: HELP.ORDER_NUMBER_PATTERN }), {
    channelId: 'webchat',
    locale: 'en-US',
  });
  const [answer] = await talk.say(returned);
  expect(answer.suggestedActions?.actions.map((action: { type: string }) => action.type)).toEqual(['imBack', 'imBack']);
});

describe('where a person can come into the conversation (HANDOFF=botframework)', () => {
  const withHub = { ...HELP, HANDOFF: 'botframework' };

  test('Web Chat in Italian: "talk to a person" first, then the help page, then what to do next', async () => {
    const talk = conversation(configFor(upstreams, withHub), { channelId: 'webchat', locale: 'it-IT' });
    const [answer] = await talk.say(returned);
    const actions = answer.suggestedActions!.actions as Array<{ type: string; title: string }>;
    expect(actions.map((action) => action.type)).toEqual(['imBack', 'openUrl', 'imBack', 'imBack']);
    expect(actions[0].title).toBe('Parla con una persona');
  });

  test('SMS in Spanish: "1" picks the person, the first numbered choice, and hands over', async () => {
    const talk = conversation(configFor(upstreams, withHub), { channelId: 'sms', locale: 'es-ES' });
    const [answer] = await talk.say(returned);
    expect(answer.text).toMatch(/\n\n1\. .+\n2\. .+\n3\. .+$/);
    const replies = await talk.say('1');
    expect(replies.some((reply) => reply.type === 'event' && reply.name === 'handoff.initiate')).toBe(true);
  });

  test('an answer without a problem offers no person', async () => {
    const talk = conversation(configFor(upstreams, withHub), { channelId: 'webchat', locale: 'en-US' });
    const [answer] = await talk.say(delivered);
    expect(answer.suggestedActions?.actions.map((action: { type: string }) => action.type)).toEqual([
      'imBack',
      'imBack',
    ]);
  });
});
