/**
 * Every other way shipment details reach a customer follows ORDER_DETAILS=masked too: an answer to several
 * numbers (each decided on its own), the answer that follows as a message of its own when the carrier is
 * slow, and the case a customer is given to forward when no person can come. The case an agent's hub gets
 * is whole where it cannot reach the customer's client; on Direct Line it travels in the customer's own stream.
 */
import { DEMO } from '../../sandbox/simulators';
import { Translator } from '../../src/i18n';
import { configFor, startApp } from '../support/app';
import { startConnector, TestChannel } from '../support/channel';
import { ManualClock } from '../support/manualClock';
import { conversation } from '../support/transcript';
import { useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const SIGN_IN = new Translator('en').localize('en').t('card.sign_in_for_details');
const ORDER = DEMO.checkpoints.inTransitMultiShipment;
const PARCEL = DEMO.trackings.trackingNumbers.inTransit;
/** ORD-1002's three parcels: their tracking numbers and a place each has been. */
const ORDER_SECRETS = [
  '1ZV8R4236804512972',
  '01485023741196',
  '3SKAAN4718293',
  'Venlo',
  'Oberhausen',
  'Nieuwegein',
  'jouw.postnl.nl',
];
const config = (env: NodeJS.ProcessEnv = {}) =>
  configFor(upstreams, { ORDER_DETAILS: 'masked', ORDER_NUMBER_PATTERN: 'ORD-\\d{4}', LOG_LEVEL: 'warn', ...env });
const leaked = (json: string) => ORDER_SECRETS.filter((secret) => json.includes(secret));

test('several numbers in one answer: the order masked, the tracking number whole', async () => {
  const talk = conversation(config(), { channelId: 'webchat', locale: 'en-US' });
  await talk.say(`${ORDER} and ${PARCEL}`);
  const [answer] = (await talk.say('All of them')).filter((reply) => reply.type === 'message');
  const cards = (answer.attachments ?? []).map((attachment) => JSON.stringify(attachment.content));
  expect(cards).toHaveLength(4);
  expect(leaked(JSON.stringify(answer))).toEqual([]);
  // The order's three cards say how to see the rest; the parcel's card shows its number and the carrier's button.
  expect(cards.map((card) => card.includes(SIGN_IN))).toEqual([true, true, true, false]);
  expect(cards[3]).toContain(PARCEL);
  expect(cards[3]).toContain('Action.OpenUrl');
});

test('no person can come (no hub): the case to forward shows the order as its answer did', async () => {
  const talk = conversation(config({ HANDOFF: 'none' }), { channelId: 'webchat', locale: 'en-US' });
  await talk.say(ORDER);
  const [reply] = await talk.say('I want to talk to a person');
  expect(reply.text).toContain(`Order number ${ORDER}`);
  expect(reply.text).toContain('- In transit');
  expect(leaked(JSON.stringify(reply))).toEqual([]);
  expect(reply.text).not.toMatch(/UPS|DPD|PostNL|Carrier unknown/);
});

test('on Web Chat the hub’s case travels through the visitor’s own Direct Line stream, so it is masked as their answer was', async () => {
  const talk = conversation(config({ HANDOFF: 'botframework' }), { channelId: 'webchat', locale: 'en-US' });
  await talk.say(ORDER);
  const started = await talk.say('I want to talk to a person');
  const initiation = started.find((activity) => activity.type === 'event' && activity.name === 'handoff.initiate');
  // Direct Line hands every activity of the conversation, events included, to the customer's client: what the
  // event carries, anyone who typed the order number could read. The agent gets the order, its status and what happened.
  expect(leaked(JSON.stringify(initiation))).toEqual([]);
  expect(initiation?.value).toMatchObject({
    lookups: [{ identifier: ORDER, shipments: [{ withheld: true, status: 'in_transit' }, {}, {}] }],
  });

  const failed = await talk.say({
    type: 'event',
    name: 'handoff.status',
    value: { state: 'failed' },
  });
  expect(failed.map((reply) => reply.text).join('\n')).toContain(`Order number ${ORDER}`);
  expect(leaked(JSON.stringify(failed))).toEqual([]);
});

test('on Web Chat the owner’s case is whole', async () => {
  const owner = 'dl_theOwnerOfOrd1002xxxxxxxxxxxxxx';
  const talk = conversation(config({ HANDOFF: 'botframework' }), {
    channelId: 'webchat',
    locale: 'en-US',
    userId: owner,
  });
  await talk.customers.keep({
    userId: owner,
    orders: [{ kind: 'order_number', identifier: ORDER }],
    expiresAt: talk.clock.now() + 30 * 60_000,
  });
  expect(JSON.stringify(await talk.say(ORDER))).not.toContain(SIGN_IN);
  const started = await talk.say('I want to talk to a person');
  const initiation = started.find((activity) => activity.type === 'event' && activity.name === 'handoff.initiate');
  expect(leaked(JSON.stringify(initiation?.value))).toEqual(ORDER_SECRETS.slice(0, 3));
});

test('on Teams, where no event reaches the customer’s client, the hub’s agent gets the whole case', async () => {
  const talk = conversation(config({ HANDOFF: 'botframework' }), { channelId: 'msteams', locale: 'en-US' });
  await talk.say(ORDER);
  const started = await talk.say('I want to talk to a person');
  const initiation = started.find((activity) => activity.type === 'event' && activity.name === 'handoff.initiate');
  // The case names each parcel's carrier, tracking number and last place.
  expect(leaked(JSON.stringify(initiation?.value))).toEqual(ORDER_SECRETS.slice(0, 3));
  expect(initiation?.value).toMatchObject({
    lookups: [{ shipments: [{ carrier: 'UPS', lastEvent: { location: 'Köln, DE' } }, {}, {}] }],
  });
});

test('the answer that follows when the carrier is slow is masked as the answer in time would be', async () => {
  const clock = new ManualClock();
  const app = await startApp(config({ UPSTREAM_ATTEMPT_TIMEOUT_MS: '1000' }), { clock, replyTimer: clock });
  const connector = await startConnector();
  try {
    upstreams.checkpoints.inject({ kind: 'status', status: 429, retryAfter: '30' });
    const customer = new TestChannel({ botUrl: app.url, mode: 'normal', connector, locale: 'en-US' });
    const turn = customer.say(ORDER);
    await clock.sleeping(3);
    await clock.advance(8_000);
    await turn;
    await clock.advance(22_000);
    await app.app.idle();
    const later = connector.received.map((each) => each.activity).filter((activity) => activity.type === 'message');
    const answer = later.find((activity) => activity.text === `I found 3 shipments for ${ORDER}:`);
    expect(answer).toBeDefined();
    expect(JSON.stringify(answer)).toContain(SIGN_IN);
    expect(leaked(JSON.stringify(later))).toEqual([]);
  } finally {
    await app.close();
    await connector.close();
  }
});

/**
 * Whose order is decided without regard to case ("ord-1002" is the owner's "ORD-1002"), so the upstream is
 * asked for the order as the shop listed it: in a shop whose numbers differ by case alone, the owner still
 * gets their own order, never another one that the typed spelling names. A visitor's number goes as typed.
 */
test.each([
  ['typed', (identifier: string) => identifier],
  ['sent as data by the shop’s page', (identifier: string) => ({ value: { input_type: 'order_number', identifier } })],
])(
  'the owner’s order in another case, %s: whole, and asked of the upstream as the shop listed it',
  async (_how, said) => {
    const owner = 'dl_theOwnerOfOrd1002xxxxxxxxxxxxxx';
    const talk = conversation(config(), { channelId: 'webchat', locale: 'en-US', userId: owner });
    await talk.customers.keep({
      userId: owner,
      orders: [{ kind: 'order_number', identifier: ORDER }],
      expiresAt: talk.clock.now() + 30 * 60_000,
    });
    upstreams.checkpoints.reset();
    const answer = JSON.stringify(await talk.say(said(ORDER.toLowerCase())));
    expect(upstreams.checkpoints.requests.map((request) => request.query.orderNo)).toEqual([ORDER]);
    expect(answer).not.toContain(SIGN_IN);
    expect(leaked(answer)).toEqual(ORDER_SECRETS);
  },
);
