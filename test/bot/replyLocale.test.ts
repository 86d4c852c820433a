/**
 * A reply's `locale` says the language it is written in, not whatever the channel sent: a client that sent
 * markup or a language the bot does not speak reads back what it was answered in, never its own text.
 */
import { configFor } from '../support/app';
import { conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();

test.each([
  ['<script>alert(1)</script>', 'en', /^Hi/],
  ['tlh-Latn', 'en', /^Hi/],
  ['nl_NL', 'nl-NL', /^Hallo|^Hoi/],
  ['de-CH', 'de-CH', /^Hallo/],
  ['FR', 'fr', /^Bonjour/],
])('a turn whose locale is %j is answered with locale %j', async (sent, answered, greeting) => {
  const talk = conversation(configFor(upstreams), { channelId: 'webchat', locale: sent });
  const replies = await talk.say('hello');
  expect(replies.length).toBeGreaterThan(0);
  expect(replies[0].text).toMatch(greeting);
  expect(replies.map((reply) => reply.locale)).toEqual(replies.map(() => answered));
});

test('a turn with no locale is answered with the language it was answered in', async () => {
  const talk = conversation(configFor(upstreams), { channelId: 'sms' });
  const replies = await talk.say({ type: 'message', text: 'hello' });
  expect(replies.map((reply) => reply.locale)).toEqual(replies.map(() => 'en'));
});
