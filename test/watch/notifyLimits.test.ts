/**
 * "Notify me" under abuse, over real HTTP on the injected clock: a customer who toggles "Notify me" and
 * "stop" delays nobody else's update; asking for updates has a limit of its own in time; a customer has
 * a cap across conversations, and the instance one across all of them. Past each, the customer is told
 * so in their language, and everything else (lookups, other customers' updates) goes on as before. At
 * the instance's cap a visitor's watch makes room for a new one (watchRoom.ts).
 */
import { DEMO, startCheckpointsSimulator, startTrackingsSimulator, type Simulator } from '../../sandbox/simulators';
import { configFor, startApp, type RunningApp } from '../support/app';
import { startConnector, summarize, TestChannel, type Connector } from '../support/channel';
import { FakeClock } from '../support/fakeClock';
import { API_KEY, CREDENTIALS } from '../support/upstreams';

jest.setTimeout(60_000);

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-22T09:00:20.000Z');
const MOVING = DEMO.checkpoints.moving;
const { delayed, exception, pending } = DEMO.checkpoints;

let parcelTime = T0;
let checkpoints: Simulator;
let trackings: Simulator;
let connector: Connector;
let running: RunningApp | undefined;
let clock: FakeClock;

beforeAll(async () => {
  [checkpoints, trackings, connector] = await Promise.all([
    startCheckpointsSimulator({ userId: CREDENTIALS.userId, token: CREDENTIALS.token, now: () => parcelTime }),
    startTrackingsSimulator({ apiKey: API_KEY }),
    startConnector(),
  ]);
});
afterAll(() => Promise.all([checkpoints?.close(), trackings?.close(), connector?.close()]));
beforeEach(() => {
  parcelTime = T0;
  clock = new FakeClock(T0);
});
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(env: Record<string, string> = {}): Promise<RunningApp> {
  running = await startApp(
    configFor(
      { checkpoints, trackings },
      { NOTIFY_INTERVAL_MS: String(MINUTE), ORDER_NUMBER_PATTERN: 'ORD-\\d{4}', ...env },
    ),
    { clock },
  );
  return running;
}

function channel(options: { locale?: string; userId?: string } = {}): TestChannel {
  return new TestChannel({
    botUrl: running!.url,
    mode: 'normal',
    connector,
    locale: options.locale ?? 'en',
    channelId: 'webchat',
    userId: options.userId,
  });
}

const said = async (customer: TestChannel, text: string) => summarize((await customer.say(text)).replies);
const watched = (customer: TestChannel) => running!.app.updates.watches.list(`webchat\u0000${customer.conversationId}`);

test("one customer saying 'Notify me' and 'stop' 50 times: another customer's update still comes the moment it is due", async () => {
  await start({ NOTIFY_START_LIMIT: '0' });
  const abuser = channel();
  const other = channel();
  await abuser.say(MOVING);
  for (let i = 0; i < 50; i++) {
    await abuser.say('Notify me');
    await abuser.say('stop');
  }
  await other.say(MOVING);
  await other.say('Notify me');

  const before = connector.received.length;
  parcelTime += MINUTE;
  await clock.sleep(MINUTE);
  const dueAt = clock.now();
  await running!.app.updates.scheduler.runDue();
  const updates = connector.received.slice(before).map((each) => each.activity);
  expect(updates.map((update) => [update.conversation?.id, update.text])).toEqual([
    [other.conversationId, 'News on ORD-1014: Dispatched.'],
  ]);
  // One check, one token of the budget (5 a second): the 50 stopped watches took none.
  expect(clock.now() - dueAt).toBeLessThan(1_000);
});

test("asking for updates over and over is paused for a while, with the reason, in the customer's language; then it works again", async () => {
  await start();
  const customer = channel({ locale: 'fr-FR' });
  await customer.say(MOVING);
  for (let i = 0; i < 10; i++) {
    expect(await said(customer, 'Me prévenir')).toEqual([
      expect.stringMatching(/^Je vous écris ici quand ORD-1014 bouge/),
    ]);
    await customer.say('stop');
  }
  expect(await said(customer, 'Me prévenir')).toEqual([
    expect.stringMatching(/^Vous m’avez demandé des alertes bien des fois .* dans 10 minutes\.$/),
  ]);
  expect(await watched(customer)).toEqual([]);
  // The same customer in a new conversation is paused too.
  const again = channel({ locale: 'fr-FR', userId: `customer-of-${customer.conversationId}` });
  await again.say(MOVING);
  expect(await said(again, 'Me prévenir')).toEqual([expect.stringMatching(/^Vous m’avez demandé des alertes/)]);
  // Lookups are not paused.
  expect((await customer.say(MOVING)).replies.some((reply) => reply.attachments?.length)).toBe(true);

  await clock.sleep(10 * MINUTE);
  expect(await said(customer, 'Me prévenir')).toEqual([
    expect.stringMatching(/^Je vous écris ici quand ORD-1014 bouge/),
  ]);
  expect(await watched(customer)).toHaveLength(1);
});

test('a customer has a cap across conversations; stopping one makes room again', async () => {
  await start({ NOTIFY_MAX_PER_CUSTOMER: '3' });
  const userId = 'customer-1';
  const first = channel({ userId });
  const second = channel({ userId, locale: 'de-DE' });
  for (const order of [MOVING, delayed]) {
    await first.say(order);
    await first.say('Notify me');
  }
  await second.say(exception);
  expect(await said(second, 'Benachrichtige mich')).toEqual([
    expect.stringMatching(/^Ich schreibe Ihnen hier, wenn sich ORD-1004 bewegt/),
  ]);
  await second.say(pending);
  expect(await said(second, 'Benachrichtige mich')).toEqual([
    'Ich beobachte schon 3 Bestellungen für Sie, mehr geht nicht auf einmal, darum habe ich ORD-1009 nicht hinzugefügt. Beenden Sie eine dort, wo Sie sie angefordert haben, oder fragen Sie wieder, wenn eine angekommen ist.',
  ]);
  expect(await watched(second)).toHaveLength(1);
  // A watch keeps where to send and how to speak, not the customer's record of their other watches.
  expect(Object.keys((await watched(second))[0])).not.toContain('customerWatches');
  // Another customer is not affected.
  const stranger = channel();
  await stranger.say(pending);
  expect(await said(stranger, 'Notify me')).toEqual([
    expect.stringMatching(/^I'll message you here when ORD-1009 moves/),
  ]);

  await first.say('stop');
  expect(await said(second, 'Benachrichtige mich')).toEqual([
    expect.stringMatching(/^Ich schreibe Ihnen hier, wenn sich ORD-1009 bewegt/),
  ]);
});

test("past the instance's cap, fresh visitors' watches do not shut Notify me: a new one is taken, the visitor's watch that ends soonest makes room, its customer is told so in their language, and lookups and the other watches' updates go on", async () => {
  await start({ NOTIFY_MAX_WATCHES: '2' });
  const [a, b, c] = [channel({ locale: 'nl-NL' }), channel(), channel({ locale: 'es-ES' })];
  await a.say(MOVING);
  await a.say('Houd me op de hoogte');
  await clock.sleep(MINUTE / 2);
  await b.say(MOVING);
  await b.say('Notify me');
  const answer = await c.say(MOVING);
  expect(answer.replies.some((reply) => reply.attachments?.length)).toBe(true);
  expect(await said(c, 'Avísame')).toEqual([expect.stringMatching(/^Te escribiré aquí cuando ORD-1014 se mueva/)]);
  expect(await watched(c)).toHaveLength(1);

  parcelTime += MINUTE;
  const before = connector.received.length;
  await clock.sleep(MINUTE);
  await running!.app.updates.scheduler.runDue();
  const sent = connector.received.slice(before).map((each) => [each.activity.conversation?.id, each.activity.text]);
  expect(sent).toEqual(
    expect.arrayContaining([
      [
        a.conversationId,
        'Om ruimte te maken voor andere bestellingen volg ik ORD-1014 niet meer. Vraag het me gerust opnieuw als je nog updates wilt.',
      ],
      [b.conversationId, 'News on ORD-1014: Dispatched.'],
      [c.conversationId, 'Novedades de ORD-1014: Enviado.'],
    ]),
  );
  expect(sent).toHaveLength(3);
  expect(await watched(a)).toEqual([]);
});

test("when every watch kept is a signed-in customer's, a new one is refused with a short answer in the customer's language, and nothing is started", async () => {
  await start({ NOTIFY_MAX_WATCHES: '1' });
  const member = channel();
  await member.say(MOVING);
  await member.say('Notify me');
  // Signed in: their watch never makes room (the store gives that id, it is not free).
  const [watch] = await watched(member);
  await running!.app.updates.store.write(
    { ...watch, signedIn: true },
    (await running!.app.updates.store.read(watch.id))!.etag,
  );
  const c = channel({ locale: 'es-ES' });
  await c.say(MOVING);
  expect(await said(c, 'Avísame')).toEqual([
    'Ahora mismo no puedo seguir más pedidos, así que no he añadido ORD-1014. Vuelve a pedírmelo más tarde.',
  ]);
  expect(await watched(c)).toEqual([]);
  expect(await watched(member)).toHaveLength(1);
});
