/**
 * An agent hub cannot join a WhatsApp thread yet (#36): with a hub configured, a WhatsApp customer is never
 * told a colleague is coming. They get what a shop without a hub gives (the help page and the case to pass on),
 * no "Talk to a person" button promises otherwise, and nothing is sent towards the hub.
 */
import { Translator } from '../../src/i18n';
import { DEMO } from '../../sandbox/simulators';
import { configFor } from '../support/app';
import { seen } from '../support/seen';
import { conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const t = new Translator('en').localize('en').t;

test.each(['botframework', 'omnichannel'])(
  'HANDOFF=%s: on WhatsApp, "talk to a person" gets the help page and the case, and no button offers a person',
  async (hub) => {
    const talk = conversation(
      configFor(upstreams, { LOG_LEVEL: 'warn', HANDOFF: hub, SUPPORT_URL: 'https://shop.example/help' }),
      { channelId: 'whatsapp', locale: 'en-US' },
    );
    // A lost parcel: the answer's ways out are where a person would be offered.
    const answer = (await talk.say(DEMO.trackings.trackingNumbers.lost)).map(seen);
    expect(answer.flatMap((reply) => reply.choices)).not.toContain(t('choice.person'));
    const replies = await talk.say('talk to a person');
    expect(replies.filter((reply) => reply.type !== 'message')).toEqual([]);
    const [said] = replies.map((reply) => seen(reply).text);
    expect(said).toContain('https://shop.example/help');
    expect(said).not.toMatch(/colleague|will be with you/i);
  },
);
