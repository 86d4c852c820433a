/**
 * Order data is personal data: an identifier never reaches a log line, not even inside an upstream
 * failure's details (the URL's query, the upstream's own message or body, which may echo it). The
 * details an operator needs stay: the interface, the status, the Connect code, the attempts and waits.
 */
import { DEMO } from '../sandbox/simulators';
import { configFor } from './support/app';
import { conversation } from './support/transcript';
import { useSimulators } from './support/upstreams';

const upstreams = useSimulators();
const config = () => configFor(upstreams, { LOG_LEVEL: 'trace', UPSTREAM_MAX_ATTEMPTS: '2' });

test.each([
  ['Interface A (the number in the query)', DEMO.checkpoints.inTransitMultiShipment, 'checkpoints' as const],
  ['Interface B (the number echoed in the error body)', DEMO.trackings.trackingNumbers.inTransit, 'trackings' as const],
])('%s: an outage is logged with its status and attempts, and without the number', async (_what, identifier, upstream) => {
  const echo = { code: 'unavailable', message: `cannot look up ${identifier} now` };
  upstreams[upstream].inject({ kind: 'status', status: 503, body: echo }, { kind: 'status', status: 503, body: echo });
  const talk = conversation(config(), { channelId: 'webchat', locale: 'en-US' });
  await talk.say({ value: { input_type: upstream === 'checkpoints' ? 'order_number' : 'tracking_number', identifier } });
  const failed = talk.logs.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'lookup failed');
  expect(failed?.error).toMatchObject({ name: 'RetriesExhaustedError', failure: { upstream, status: 503, attempts: 2 } });
  expect(talk.logs.join('\n')).not.toContain(identifier);
  expect(talk.logs.join('\n')).not.toContain(identifier.replace(/-/g, ''));
});
