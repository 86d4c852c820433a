/**
 * Notify me is offered only where an update can reach the customer. WhatsApp's updates (the 24-hour window
 * and the approved template, #36) are not built yet: there, an answer offers no "Notify me", and a customer who
 * asks for updates is told plainly that this chat cannot send them, never promised updates that would not come.
 */
import { Translator } from '../../src/i18n';
import { DEMO } from '../../sandbox/simulators';
import { configFor } from '../support/app';
import { seen } from '../support/seen';
import { conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const t = new Translator('en').localize('en').t;
const config = () => configFor(upstreams, { LOG_LEVEL: 'warn', ORDER_NUMBER_PATTERN: 'ORD-\\d{4}' });

test.each(['whatsapp'])('on %s: no "Notify me" on an answer, and "notify me" is told updates cannot be sent here', async (channelId) => {
  const talk = conversation(config(), { channelId, locale: 'en-US' });
  const answer = (await talk.say(DEMO.checkpoints.inTransitMultiShipment)).filter((reply) => reply.type === 'message').map(seen);
  expect(answer.flatMap((reply) => reply.choices)).not.toContain(t('choice.notify'));
  expect((await talk.say('notify me')).map((reply) => seen(reply).text)).toEqual([t('notify.off')]);
});

test('on Web Chat, where updates reach the open chat, the same answer offers "Notify me"', async () => {
  const talk = conversation(config(), { channelId: 'webchat', locale: 'en-US' });
  const answer = (await talk.say(DEMO.checkpoints.inTransitMultiShipment)).filter((reply) => reply.type === 'message').map(seen);
  expect(answer.flatMap((reply) => reply.choices)).toContain(t('choice.notify'));
});
