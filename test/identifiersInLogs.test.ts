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
/** A log line, with the fields these tests read of a failed lookup's. */
interface LogEntry {
  msg: string;
  error?: { failure?: { headers: Record<string, string> } };
}
const logEntry = (line: string) => JSON.parse(line) as LogEntry;

test.each([
  ['Interface A (the number in the query)', DEMO.checkpoints.inTransitMultiShipment, 'checkpoints' as const],
  ['Interface B (the number echoed in the error body)', DEMO.trackings.trackingNumbers.inTransit, 'trackings' as const],
])(
  '%s: an outage is logged with its status and attempts, and without the number',
  async (_what, identifier, upstream) => {
    const echo = { code: 'unavailable', message: `cannot look up ${identifier} now` };
    upstreams[upstream].inject(
      { kind: 'status', status: 503, body: echo },
      { kind: 'status', status: 503, body: echo },
    );
    const talk = conversation(config(), { channelId: 'webchat', locale: 'en-US' });
    await talk.say({
      value: { input_type: upstream === 'checkpoints' ? 'order_number' : 'tracking_number', identifier },
    });
    const failed = talk.logs.map(logEntry).find((entry) => entry.msg === 'lookup failed');
    expect(failed?.error).toMatchObject({
      name: 'RetriesExhaustedError',
      failure: { upstream, status: 503, attempts: 2 },
    });
    expect(talk.logs.join('\n')).not.toContain(identifier);
    expect(talk.logs.join('\n')).not.toContain(identifier.replace(/-/g, ''));
  },
);

/**
 * Every path this bot logs from in one conversation, at the most verbose level: lookups found and not found,
 * a store named in the sentence, the cool-down, "Notify me" and its stop, a person asked for, the hub's
 * answers (one with the agent's words, one forged by the customer), the quiet while a colleague has the
 * case, and questions the bot cannot answer. What the customer typed, their name, their user id and the
 * conversation's id appear in no log line.
 */
test('a whole conversation at trace level logs no number, no words, no name and no id of the customer', async () => {
  const USER = 'user-SEARCH-9b2c';
  const CONVERSATION = 'conv-SEARCH-7f3a';
  const NAME = 'Ada Lovelace';
  const talk = conversation(
    configFor(upstreams, {
      LOG_LEVEL: 'trace',
      HANDOFF: 'botframework',
      TRACKINGS_STORES: 'store-us-1=Example Store US, store-uk-1=Example Store UK',
      ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
    }),
    {
      channelId: 'webchat',
      locale: 'fr-FR',
    },
  );
  Object.assign(talk.adapter.template, { conversation: { id: CONVERSATION }, from: { id: USER, name: NAME } });
  const typed = [
    DEMO.checkpoints.inTransitMultiShipment,
    'my order #1001 from Example Store UK',
    DEMO.trackings.trackingNumbers.lost,
    'je veux être remboursé, mon code est 4711-SECRETWORD',
    'Notify me',
    'stop',
    DEMO.trackings.trackingNumbers.unknown,
    'ZZ77SEARCH01',
    'ZZ77SEARCH02',
    DEMO.trackings.trackingNumbers.delivered,
    'parler à une personne',
  ];
  for (const said of typed) await talk.say(said);
  await talk.say({
    type: 'event',
    name: 'handoff.status',
    value: { state: 'accepted', message: 'agent note: customer lives at 12 Rue SEARCHSTREET' },
  });
  await talk.say('allo ? il y a quelqu’un ? ORD-1003');
  await talk.say({ type: 'event', name: 'handoff.status', value: { state: 'completed' } });
  await talk.say('parler à une personne');
  await talk.say({ type: 'event', name: 'handoff.status', value: { state: 'failed', message: 'SEARCHREASON' } });

  const logs = talk.logs.join('\n');
  // The search reads what is there: the turns and the handoff's states are logged.
  expect(talk.logs.length).toBeGreaterThan(20);
  expect(logs).toContain('"channel":"webchat"');
  expect(logs).toContain('"state":"failed"');
  for (const secret of [
    USER,
    CONVERSATION,
    NAME,
    '#1001',
    '4711-SECRETWORD',
    'SEARCHSTREET',
    'SEARCHREASON',
    'ORD-1003',
    'SEARCH01',
    'SEARCH02',
    'remboursé',
    ...typed.filter((t) => /\d{4}/.test(t) && !t.includes(' ')),
  ]) {
    expect({ secret, found: logs.includes(secret) }).toEqual({ secret, found: false });
  }
});

/**
 * An upstream's answer headers are the upstream's words too: a redirect's Location can carry the tracking
 * number, the carrier and the town. Only the headers an operator acts on are logged (the wait asked for,
 * the content type, request ids to quote to the upstream's support), never the rest.
 */
test('a failed lookup logs the headers an operator needs, and no other header of the upstream', async () => {
  const identifier = DEMO.checkpoints.inTransitMultiShipment;
  const location = `https://track.example/parcel?number=1Z7X3F940344156200&carrier=ups&town=SEARCHTOWN&order=${identifier}`;
  upstreams.checkpoints.inject({
    kind: 'status',
    status: 302,
    body: { error: 'moved' },
    headers: {
      location,
      'x-request-id': 'req-42',
      'set-cookie': 'session=SEARCHCOOKIE',
      'x-customer-town': 'SEARCHTOWN',
    },
  });
  const talk = conversation(config(), { channelId: 'webchat', locale: 'en-US' });
  await talk.say({ value: { input_type: 'order_number', identifier } });
  const failed = talk.logs.map(logEntry).find((entry) => entry.msg === 'lookup failed');
  expect(failed?.error?.failure).toMatchObject({
    status: 302,
    headers: { 'content-type': expect.stringContaining('application/json') as unknown, 'x-request-id': 'req-42' },
  });
  expect(Object.keys(failed?.error?.failure?.headers ?? {}).sort()).toEqual(['content-type', 'x-request-id']);
  const logs = talk.logs.join('\n');
  for (const secret of ['1Z7X3F940344156200', 'SEARCHTOWN', 'SEARCHCOOKIE', identifier, 'track.example']) {
    expect({ secret, found: logs.includes(secret) }).toEqual({ secret, found: false });
  }
});
