/**
 * "Notify me" from the customer's side, over real HTTP: the bot on loopback, the interface simulators
 * with the moving demo parcel on their own clock, and a channel that receives the proactive updates.
 * Subscribe, a change, exactly one message, stop, no message; delivered ends it; expiry on the injected
 * clock; a blocked bot (Teams 403) ends every watch of the conversation; what an operator's /metrics counts of it.
 */
import type { Activity } from 'botbuilder';
import { DEMO, startCheckpointsSimulator, startTrackingsSimulator, type Simulator } from '../../sandbox/simulators';
import { configFor, startApp, type RunningApp } from '../support/app';
import { startConnector, summarize, TestChannel, type Connector } from '../support/channel';
import { FakeClock } from '../support/fakeClock';
import { cardButtons } from '../support/seen';
import { API_KEY, CREDENTIALS } from '../support/upstreams';
import { isGsm7 } from '../../src/channels';
import { Translator } from '../../src/i18n';
import { answerOf } from '../support/app';
import { parsePrometheus, valueOf } from '../telemetry/prometheusText';

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-22T09:00:20.000Z');
const MOVING = DEMO.checkpoints.moving;
const METRICS_TOKEN = 'metrics-SECRET-token-0004';

let parcelTime = T0;
let checkpoints: Simulator;
let trackings: Simulator;
let blocked = new Set<string>();
let connector: Connector;
let running: RunningApp;
let clock: FakeClock;

beforeAll(async () => {
  [checkpoints, trackings, connector] = await Promise.all([
    startCheckpointsSimulator({ userId: CREDENTIALS.userId, token: CREDENTIALS.token, now: () => parcelTime }),
    startTrackingsSimulator({ apiKey: API_KEY }),
    startConnector({
      status: (path) => ([...blocked].some((id) => path.includes(`/conversations/${id}/`)) ? 403 : undefined),
    }),
  ]);
});
afterAll(() => Promise.all([checkpoints?.close(), trackings?.close(), connector?.close()]));
beforeEach(async () => {
  parcelTime = T0;
  blocked = new Set();
  clock = new FakeClock(T0);
  running = await startApp(
    configFor(
      { checkpoints, trackings },
      { NOTIFY_INTERVAL_MS: String(MINUTE), NOTIFY_FOR_DAYS: '14', ORDER_NUMBER_PATTERN: 'ORD-\\d{4}', METRICS_TOKEN },
    ),
    { clock },
  );
});
afterEach(() => running.close());

/** Time passes for the parcel and the bot alike; then the due checks run. What the channel received meanwhile. */
async function minutesPass(minutes: number, parcelMoves = true): Promise<Partial<Activity>[]> {
  const before = connector.received.length;
  if (parcelMoves) parcelTime += minutes * MINUTE;
  await clock.sleep(minutes * MINUTE);
  await running.app.updates.scheduler.runDue();
  return connector.received.slice(before).map((each) => each.activity);
}

function channel(locale = 'en', channelId = 'webchat'): TestChannel {
  return new TestChannel({ botUrl: running.url, mode: 'normal', connector, locale, channelId });
}

const actions = (reply: Partial<Activity>) => (reply.suggestedActions?.actions ?? []).map((action) => action.title);

test('subscribe, the parcel moves, exactly one message; no change, no message; stop, then nothing more', async () => {
  const customer = channel();
  const answer = await customer.say(MOVING);
  expect(actions(answer.replies.at(-1)!)).toContain('Notify me');

  const { replies } = await customer.say('Notify me');
  expect(summarize(replies)).toEqual([
    expect.stringMatching(/^I'll message you here when ORD-1014 moves, until \w+ \d+, 2026\.$/),
  ]);

  expect(await minutesPass(1, false)).toEqual([]);
  const update = await minutesPass(1);
  expect(update).toHaveLength(1);
  expect(update[0].text).toBe('News on ORD-1014: Dispatched.');
  expect(update[0].attachments?.[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
  expect(actions(update[0])).toEqual(['Stop updates']);
  expect(update[0].conversation?.id).toBe(customer.conversationId);
  // A message of its own, not a reply to the question asked minutes ago.
  expect(update[0].replyToId).toBeUndefined();

  expect(await minutesPass(1, false)).toEqual([]);
  const stopped = await customer.say('Stop updates');
  expect(summarize(stopped.replies)).toEqual(['Done: no more updates about ORD-1014.']);
  expect(await minutesPass(1)).toEqual([]);
  expect(await minutesPass(1)).toEqual([]);
});

test("each change is announced once, in the customer's language; delivered is the last update and ends the watch", async () => {
  const customer = channel('fr-FR');
  await customer.say(MOVING);
  await customer.say('Me prévenir');
  const texts: string[] = [];
  for (let minute = 1; minute <= 6; minute++) texts.push(...(await minutesPass(1)).map((reply) => reply.text ?? ''));
  expect(texts).toEqual([
    expect.stringMatching(/^Du nouveau pour ORD-1014 : /),
    expect.stringMatching(/^Du nouveau pour ORD-1014 : /),
    expect.stringMatching(/^Du nouveau pour ORD-1014 : /),
    expect.stringMatching(/^Du nouveau pour ORD-1014 : Livré.* C’était ma dernière alerte à ce sujet\.$/),
  ]);
  const list = await customer.say('Mes alertes');
  expect(summarize(list.replies)).toEqual(['Vous ne recevez aucune alerte de ma part en ce moment.']);
});

test('after NOTIFY_FOR_DAYS the watch ends with a last message', async () => {
  const customer = channel();
  await customer.say(MOVING);
  await customer.say('let me know when it moves');
  // The parcel stands still (its clock does not move); the bot's clock passes 14 days.
  const last = await minutesPass(14 * 24 * 60, false);
  expect(last.map((reply) => reply.text)).toEqual([
    "I've stopped watching ORD-1014: 14 days have passed. Ask me again any time.",
  ]);
  expect(await running.app.updates.watches.list(`webchat\u0000${customer.conversationId}`)).toEqual([]);
});

test('a bot the customer blocked (Teams 403) ends every watch of that conversation, and nothing is retried', async () => {
  const customer = channel('en', 'msteams');
  await customer.say(MOVING);
  await customer.say(DEMO.checkpoints.delayed);
  await customer.say('Notify me');
  expect(await running.app.updates.watches.list(`msteams\u0000${customer.conversationId}`)).toHaveLength(1);
  await customer.say(MOVING);
  await customer.say('Notify me');
  expect(await running.app.updates.watches.list(`msteams\u0000${customer.conversationId}`)).toHaveLength(2);

  blocked.add(customer.conversationId);
  const refused = connector.received.length;
  await minutesPass(1);
  expect(connector.received.length).toBe(refused);
  expect(await running.app.updates.watches.list(`msteams\u0000${customer.conversationId}`)).toEqual([]);
  expect(running.logs.filter((line) => line.includes('update')).join('')).toContain(
    'watch ended: the conversation takes no more messages',
  );
  expect(await minutesPass(1)).toEqual([]);
});

test('by SMS in Dutch: the update is GSM-7 text whose numbered list is its stop, and "1" stops that watch', async () => {
  const customer = channel('nl-NL', 'sms');
  await customer.say(MOVING);
  expect(summarize((await customer.say('1')).replies)).toEqual([
    expect.stringMatching(/^Ik stuur je hier een bericht als ORD-1014 beweegt, tot \d+ \w+ 2026\.$/),
  ]);
  const [update] = await minutesPass(2);
  expect(isGsm7(update.text ?? '')).toBe(true);
  expect(update.text).toMatch(/^Nieuws over ORD-1014: .+\n\n1\. Stop updates$/s);
  expect(summarize((await customer.say('1')).replies)).toEqual(['Klaar: geen updates meer over ORD-1014.']);
  expect(await minutesPass(2)).toEqual([]);
});

test('in Teams in French: the update carries its stop as a button that sends its words, below the parcel’s card, and pressing it stops the watch', async () => {
  const customer = channel('fr-FR', 'msteams');
  await customer.say(MOVING);
  await customer.say('Me prévenir');
  const [update] = await minutesPass(2);
  expect(update.attachments).toHaveLength(2);
  const buttons = (
    cardButtons(update.attachments?.[1].content as Record<string, unknown>) as Array<{
      type: string;
      title?: string;
      data?: { msteams?: unknown };
    }>
  ).filter((action) => action.type === 'Action.Submit');
  expect(buttons.map((button) => [button.title, button.data?.msteams])).toEqual([
    ['Arrêter les alertes', { type: 'imBack', value: 'Arrêter les alertes' }],
  ]);
  expect(summarize((await customer.say('Arrêter les alertes')).replies)).toEqual([
    'C’est fait : plus d’alertes pour ORD-1014.',
  ]);
});

test('on Messenger every update carries the POST_PURCHASE_UPDATE tag, which lets it out after the 24-hour window; answers to the customer do not', async () => {
  const customer = channel('en', 'facebook');
  const answer = await customer.say(MOVING);
  expect(answer.replies.every((reply) => reply.channelData === undefined)).toBe(true);
  await customer.say('Notify me');
  const [update] = await minutesPass(1);
  expect(update.text).toMatch(/^News on ORD-1014: Dispatched\./);
  expect(update.channelData).toEqual({ messaging_type: 'MESSAGE_TAG', tag: 'POST_PURCHASE_UPDATE' });
});

test('"Notify me" right after the answer asks the upstream nothing more (the lookup cache), and a check shares the cache too', async () => {
  await running.close();
  running = await startApp(
    configFor(
      { checkpoints, trackings },
      {
        NOTIFY_INTERVAL_MS: String(MINUTE),
        LOOKUP_CACHE_TTL_MS: String(5 * MINUTE),
        ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
      },
    ),
    { clock },
  );
  const customer = channel();
  const asks = () => checkpoints.requests.length;
  await customer.say(MOVING);
  const afterAnswer = asks();
  await customer.say('Notify me');
  expect(asks()).toBe(afterAnswer);
  // Within the cache's time the check reuses the answer: no call, and no news yet.
  expect(await minutesPass(1)).toEqual([]);
  expect(asks()).toBe(afterAnswer);
  // Past it, one call for the check, and the news.
  const later = await minutesPass(5);
  expect(asks()).toBe(afterAnswer + 1);
  expect(later.map((reply) => reply.text)).toEqual([expect.stringMatching(/^News on ORD-1014: /)]);
});

/** What the moving parcel must not show a stranger: its tracking number, the carrier's link, every place it has been. */
async function parcelDetails(): Promise<string[]> {
  const [shipment] = await running.app.lookup.find({ kind: 'order_number', identifier: MOVING }, 'en');
  const values = [
    shipment.trackingNumber,
    shipment.carrier.trackingUrl,
    ...shipment.events.map((event) => event.location),
  ];
  return [...new Set(values.filter((value): value is string => !!value))];
}

test('updates show what the lookup showed (ORDER_DETAILS=masked): a visitor’s are masked, the signed-in owner’s whole, and another signed-in customer’s say it is not theirs', async () => {
  await running.close();
  running = await startApp(
    configFor(
      { checkpoints, trackings },
      { ORDER_DETAILS: 'masked', NOTIFY_INTERVAL_MS: String(MINUTE), ORDER_NUMBER_PATTERN: 'ORD-\\d{4}' },
    ),
    { clock },
  );
  const ownerId = 'dl_theOwnerOfTheMovingParcel';
  await running.app.customers.keep({
    userId: ownerId,
    orders: [{ kind: 'order_number', identifier: MOVING }],
    expiresAt: T0 + 30 * MINUTE,
  });
  const owner = new TestChannel({
    botUrl: running.url,
    mode: 'normal',
    connector,
    locale: 'en',
    channelId: 'webchat',
    userId: ownerId,
  });
  const visitor = new TestChannel({
    botUrl: running.url,
    mode: 'normal',
    connector,
    locale: 'en',
    channelId: 'webchat',
    userId: 'visitor-5e1b7d20c4',
  });
  const otherId = 'dl_someoneElseSignedIn';
  await running.app.customers.keep({
    userId: otherId,
    orders: [{ kind: 'order_number', identifier: 'ORD-1001' }],
    expiresAt: T0 + 30 * MINUTE,
  });
  const other = new TestChannel({
    botUrl: running.url,
    mode: 'normal',
    connector,
    locale: 'en',
    channelId: 'webchat',
    userId: otherId,
  });
  for (const customer of [owner, visitor, other]) {
    await customer.say(MOVING);
    await customer.say('Notify me');
  }

  const updates = await minutesPass(2);
  expect(updates).toHaveLength(3);
  const to = (customer: TestChannel) =>
    JSON.stringify(updates.filter((update) => update.conversation?.id === customer.conversationId));
  const [own, stranger, signedInStranger] = [to(owner), to(visitor), to(other)];
  const details = await parcelDetails();
  const signIn = 'Sign in on our website to see the carrier, the tracking number and where your parcel has been.';
  expect(details.length).toBeGreaterThanOrEqual(3);

  expect(own).toContain('"text":"News on ORD-1014: In transit."');
  expect(details.filter((value) => own.includes(value))).toEqual(details);
  expect(own).not.toContain(signIn);

  expect(stranger).toContain('"text":"News on ORD-1014: In transit."');
  expect(details.filter((value) => stranger.includes(value))).toEqual([]);
  expect(stranger).toContain(signIn);

  // Signed in already, they were told the order is not in their account; its updates must not ask them to sign in.
  const notYours = new Translator('en').localize('en').t('card.not_your_order');
  expect(details.filter((value) => signedInStranger.includes(value))).toEqual([]);
  expect(signedInStranger).toContain(JSON.stringify(notYours).slice(1, -1));
  expect(signedInStranger).not.toContain(signIn);
});

test('/metrics: an update sent on Web Chat, one Teams refuses with 403: checks, updates sent and blocked, and the watches kept', async () => {
  const metrics = async () =>
    parsePrometheus(
      (await fetch(`${running.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(answerOf))
        .text,
    );
  const web = channel('en', 'webchat');
  const teams = channel('en', 'msteams');
  for (const customer of [web, teams]) {
    await customer.say(MOVING);
    await customer.say('Notify me');
  }
  expect(valueOf(await metrics(), 'bot_watches_active')).toBe(2);

  blocked.add(teams.conversationId);
  expect((await minutesPass(2)).map((update) => update.conversation?.id)).toEqual([web.conversationId]);
  const after = await metrics();
  expect(valueOf(after, 'bot_watch_checks_total', { result: 'changed' })).toBe(2);
  expect(valueOf(after, 'bot_watch_updates_total', { result: 'sent' })).toBe(1);
  expect(valueOf(after, 'bot_watch_updates_total', { result: 'blocked' })).toBe(1);
  // The blocked conversation's watch has ended.
  expect(valueOf(after, 'bot_watches_active')).toBe(1);
});
