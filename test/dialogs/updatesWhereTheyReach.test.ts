/**
 * Notify me is offered wherever an update can reach the customer. On WhatsApp it can (an ordinary message within
 * 24 hours of the customer's last one, the approved template after: test/channels/whatsapp/notifyOnWhatsApp.test.ts),
 * so an answer there offers "Notify me" as on Web Chat, and asking for it starts a watch.
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

test.each(['whatsapp', 'webchat'])(
  'on %s an answer offers "Notify me", and asking for it starts the updates',
  async (channelId) => {
    const talk = conversation(config(), { channelId, locale: 'en-US' });
    const answer = (await talk.say(DEMO.checkpoints.inTransitMultiShipment))
      .filter((reply) => reply.type === 'message')
      .map(seen);
    expect(answer.flatMap((reply) => reply.choices)).toContain(t('choice.notify'));
    const started = (await talk.say('notify me')).map((reply) => seen(reply).text).join(' ');
    expect(started).not.toBe(t('notify.off'));
    expect(started).toContain(DEMO.checkpoints.inTransitMultiShipment);
  },
);
