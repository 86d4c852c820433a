/**
 * The case a person takes over, on every channel profile, known and unknown: what the customer's client can
 * show in any form (a screen, a speech client, devtools on the raw stream) follows the customer's disclosure;
 * only what the hub alone receives may be whole. A visitor who had a masked answer never reads the carrier,
 * the tracking numbers or the places in the handoff, whichever hub and channel.
 */
import type { Activity } from 'botbuilder';
import { DEMO } from '../../sandbox/simulators';
import { configFor } from '../support/app';
import { conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const ORDER = DEMO.checkpoints.inTransitMultiShipment;
/** ORD-1002's three parcels: their tracking numbers, carriers and a place each has been. */
const ORDER_SECRETS = [
  '1ZV8R4236804512972',
  '01485023741196',
  '3SKAAN4718293',
  'UPS',
  'DPD',
  'PostNL',
  'Köln',
  'Venlo',
  'Oberhausen',
  'Nieuwegein',
];
const leaked = (json: string) => ORDER_SECRETS.filter((secret) => json.includes(secret));

/**
 * What each channel's client receives of the bot's activities, as Microsoft documents the channels (not read
 * from our own table, which is what is under test). Direct Line clients read the raw stream, events included;
 * Teams, SMS and the other messaging channels show messages only; Omnichannel takes the message tagged
 * "Escalate" for its agent before the customer's client gets it. A channel nobody has described is taken to
 * show everything.
 */
const CLIENT_RECEIVES: Record<string, { events: boolean; escalation: boolean }> = {
  webchat: { events: true, escalation: true },
  directline: { events: true, escalation: true },
  directlinespeech: { events: true, escalation: true },
  emulator: { events: true, escalation: true },
  msteams: { events: false, escalation: true },
  sms: { events: false, escalation: true },
  'twilio-sms': { events: false, escalation: true },
  telegram: { events: false, escalation: true },
  slack: { events: false, escalation: true },
  facebook: { events: false, escalation: true },
  email: { events: false, escalation: true },
  omnichannel: { events: true, escalation: false },
  'a-channel-of-next-year': { events: true, escalation: true },
};

/** Omnichannel's `channelData.tags` (botbuilder types channelData as any). */
const tagsOf = (activity: Partial<Activity>): unknown => (activity.channelData as { tags?: unknown } | undefined)?.tags;

/** What reaches the customer's client: messages, events where it reads them, and Omnichannel's escalation where it is not taken by the hub. */
function clientView(channel: string, activities: Partial<Activity>[]): Partial<Activity>[] {
  const receives = CLIENT_RECEIVES[channel];
  return activities.filter((activity) => {
    if (activity.type === 'event') return receives.events;
    const tags = tagsOf(activity);
    const escalation = typeof tags === 'string' && tags.includes('"Escalate"');
    return !escalation || receives.escalation;
  });
}

describe.each(['botframework', 'omnichannel'])('HANDOFF=%s', (hub) => {
  const config = () =>
    configFor(upstreams, {
      HANDOFF: hub,
      ORDER_DETAILS: 'masked',
      ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
      LOG_LEVEL: 'warn',
    });

  test.each(Object.keys(CLIENT_RECEIVES))(
    'on %s, a visitor reads nothing of the order that their answer did not show them',
    async (channel) => {
      const talk = conversation(config(), { channelId: channel, locale: 'en-US' });
      const answer = await talk.say(ORDER);
      expect(leaked(JSON.stringify(answer))).toEqual([]);
      const handoff = await talk.say('I want to talk to a person');
      expect(handoff.length).toBeGreaterThan(1);
      expect(leaked(JSON.stringify(clientView(channel, handoff)))).toEqual([]);
      // The order and its status still reach whoever takes the case.
      const carrier = handoff.find((activity) => activity.type === 'event' || tagsOf(activity));
      expect(JSON.stringify(carrier)).toContain(ORDER);
    },
  );

  /** How this hub's case travels: the Bot Framework protocol's event, or Omnichannel's tagged message. */
  const carriedBy = hub === 'botframework' ? 'events' : 'escalation';
  const hubAlone = Object.keys(CLIENT_RECEIVES).filter((channel) => !CLIENT_RECEIVES[channel][carriedBy]);

  test.each(hubAlone)('on %s, where the case reaches the hub alone, the agent gets it whole', async (channel) => {
    const talk = conversation(config(), { channelId: channel, locale: 'en-US' });
    await talk.say(ORDER);
    const handoff = await talk.say('I want to talk to a person');
    const shown = new Set(clientView(channel, handoff));
    const forHub = handoff.filter((activity) => !shown.has(activity));
    expect(forHub).toHaveLength(1);
    expect(leaked(JSON.stringify(forHub))).toEqual(expect.arrayContaining(['1ZV8R4236804512972', 'UPS']));
  });
});
