/**
 * Issue #35, "Smaller things", as the customer and the person on call meet them: one word in the logs for
 * an unknown order, one wording for "not found", a pause that says one true time, no lookups offered
 * while they are paused, the bot back after a colleague's "done" without thanking anyone for waiting, no
 * "sign in on our website" where signing in changes nothing, and a handoff case that names the numbers tried.
 */
import { DEMO } from '../../sandbox/simulators';
import { configFor } from '../support/app';
import { conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const lookup = (identifier: string) => ({ value: { input_type: 'tracking_number', identifier } });

describe('1. an unknown order is one outcome, in one word, on every log line about it', () => {
  test.each([
    ['Interface B, a tracking number', lookup(DEMO.trackings.trackingNumbers.unknown)],
    ['Interface A, an order number', { value: { input_type: 'order_number', identifier: DEMO.checkpoints.unknown } }],
  ])('%s: the upstream call and the turn both say not_found', async (_name, said) => {
    const talk = conversation(configFor(upstreams), { channelId: 'webchat', locale: 'en-US' });
    await talk.say(said);
    const lines = talk.logs.map((line) => JSON.parse(line));
    const upstream = lines.filter((entry) => entry.msg === 'upstream call' || entry.msg === 'upstream call failed');
    const turn = lines.find((entry) => entry.msg === 'turn');
    expect(upstream.map((entry) => entry.outcome)).toEqual(['not_found']);
    expect(turn.lookup.outcome).toBe('not_found');
  });
});
