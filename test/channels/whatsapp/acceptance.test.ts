/**
 * Issue #36's acceptance test: an independent WhatsApp client, written from Meta's documentation (metaSide.ts:
 * signed webhook notifications, and the phone's view of what the business sent), against the service started
 * as an operator starts it (`node dist/src/index.js`, its own process), over real loopback HTTP, with the Graph
 * API stand-in (sandbox/simulators/graphApi.ts) as Meta's side of the sends. The service, the stand-in and the
 * customers' phones run on the test's clock (test/support/movableClock.ts), so that days pass for Notify me
 * without waiting; the moving demo parcel moves on a clock of its own, when the test says.
 */
import { DEMO, startGraphApiSimulator, SIM_PHONE_NUMBER_ID, type GraphApiSimulator } from '../../../sandbox/simulators';
import { MovableClock } from '../../support/movableClock';
import { startService, stopAllServices, type ServiceProcess } from '../../support/serviceProcess';
import { upstreamEnv, useSimulators } from '../../support/upstreams';
import { WhatsAppCustomer, onThePhone, type OnThePhone } from './metaSide';
import { whatsAppEnv } from '../../support/whatsAppSettings';

const APP_SECRET = 'app-SECRET-acceptance-36';
const VERIFY_TOKEN = 'verify-SECRET-acceptance-36';
const TRACKING_NUMBER = DEMO.trackings.trackingNumbers.inTransit;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** NOTIFY_INTERVAL_MS: a watched order is checked this long after the last check. */
const CHECK_INTERVAL_MS = 10 * MINUTE;
/** The parcel that moves a step a minute on its clock (sandbox/simulators/demoData). */
const MOVING = DEMO.checkpoints.moving;

const clock = new MovableClock();
let parcelTime = Date.now();
const upstreams = useSimulators({ now: () => parcelTime });
let graph: GraphApiSimulator;
let service: ServiceProcess;
let numbers = 0;

beforeAll(async () => {
  graph = await startGraphApiSimulator({ now: () => clock.now() });
  service = await startService({
    ...clock.env({ timers: true }),
    NODE_ENV: 'test',
    ...upstreamEnv(upstreams),
    ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
    // Every lookup reaches the interface, so that a copy answered would show as a second request.
    LOOKUP_CACHE_TTL_MS: '0',
    ...whatsAppEnv(graph, { appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN }),
    WHATSAPP_UPDATE_TEMPLATE: 'order_update:en,de,fr,es,it,nl',
    NOTIFY_INTERVAL_MS: String(CHECK_INTERVAL_MS),
  });
});
afterAll(async () => {
  stopAllServices();
  await service?.exited;
  await graph.close();
});

/** A new customer: by default a UK number (English, by the calling code and their words); `prefix` '316120' is a Dutch mobile. */
function customer(prefix = '4477009'): WhatsAppCustomer {
  const digits = prefix.startsWith('44') ? 12 : 11;
  return new WhatsAppCustomer(
    `${service.url}/api/whatsapp`,
    APP_SECRET,
    SIM_PHONE_NUMBER_ID,
    `${prefix}${String(++numbers).padStart(digits - prefix.length, '0')}`,
    () => clock.now(),
  );
}

/** What the customer's phone shows, in order. */
const phoneOf = (who: WhatsAppCustomer): OnThePhone[] =>
  graph.sent.filter((sent) => sent.to === who.number).map(onThePhone);

/** Waits (briefly polling the stand-in: the service is another process) until the phone shows what `done` looks for. */
async function until(who: WhatsAppCustomer, done: (phone: OnThePhone[]) => boolean): Promise<OnThePhone[]> {
  for (let i = 0; i < 500; i++) {
    const phone = phoneOf(who);
    if (done(phone)) return phone;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(
    `the phone never showed it:\n${JSON.stringify(phoneOf(who), null, 1)}\n${service.output().slice(-3000)}`,
  );
}

const words = (shown: OnThePhone) => ('text' in shown ? shown.text : '');
const saying = (pattern: RegExp) => (phone: OnThePhone[]) => phone.some((shown) => pattern.test(words(shown)));

test("Meta's handshake: the right verify token gets exactly the challenge; a wrong one 403", async () => {
  const handshake = (token: string) =>
    fetch(
      `${service.url}/api/whatsapp?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`,
    );
  const right = await handshake(VERIFY_TOKEN);
  expect([right.status, await right.text()]).toEqual([200, '1158201444']);
  const wrong = await handshake('guessed');
  expect(wrong.status).toBe(403);
});

test('unsigned, or signed with another secret: 401, and nothing is read, looked up or sent', async () => {
  const ana = customer();
  expect(await ana.deliver(ana.text('where is ORD-1001'), 'unsigned')).toBe(401);
  expect(await ana.deliver(ana.text('where is ORD-1001'), { secret: 'not-the-app-secret' })).toBe(401);
  // A signed message afterwards is answered, and is all that was.
  expect(await ana.deliver(ana.text('hi'))).toBe(200);
  const phone = await until(ana, saying(/What would you like to track/));
  expect(phone).toHaveLength(1);
  expect(graph.read.length).toBe(graph.requests.filter((request) => request.body.includes('"status":"read"')).length);
  expect(upstreams.checkpoints.requests).toEqual([]);
});

test('an order number: the status answer, its status line in bold, what a visitor may see', async () => {
  const ana = customer();
  expect(await ana.deliver(ana.text('where is ORD-1001'))).toBe(200);
  const phone = await until(ana, (shown) => shown.some((each) => each.kind === 'buttons'));
  const answer = phone.map(words).join('\n');
  expect(answer).toContain('ORD-1001');
  expect(answer).toMatch(/\*Delivered\*/);
  // ORDER_DETAILS=masked (the default): no carrier, no number of the carrier's, no link.
  expect(answer).not.toMatch(/DHL|https:\/\//);
  expect(phone.some((shown) => shown.kind === 'link')).toBe(false);
});

test('a tracking number typed in a sentence: its status, and the carrier’s page as a link button', async () => {
  const ana = customer();
  expect(await ana.deliver(ana.text(`hi, where is my parcel ${TRACKING_NUMBER}?`))).toBe(200);
  const phone = await until(ana, (shown) => shown.some((each) => each.kind === 'buttons'));
  expect(words(phone[0])).toContain(TRACKING_NUMBER);
  expect(words(phone[0])).toMatch(/\*In transit\*/);
  expect(phone[0]).toMatchObject({
    kind: 'link',
    label: expect.stringMatching(/^.{1,20}$/u) as unknown,
    url: expect.stringContaining(TRACKING_NUMBER) as unknown,
  });
  expect(words(phone[0])).not.toContain('https://');
});

test('a reply button pressed, then a row picked from a list: each is read as the choice it names', async () => {
  const ana = customer();
  expect(await ana.deliver(ana.text(`where is my parcel ${TRACKING_NUMBER}`))).toBe(200);
  let phone = await until(ana, (shown) => shown.some((each) => each.kind === 'buttons'));
  const buttons = phone.find((shown) => shown.kind === 'buttons') as Extract<OnThePhone, { kind: 'buttons' }>;
  expect(buttons.buttons.map((button) => button.title)).toEqual(
    expect.arrayContaining(['Track another', "That's all, thanks"]),
  );
  const seen = phone.length;
  expect(await ana.deliver(ana.press(buttons.buttons.find((button) => button.title === 'Track another')!))).toBe(200);
  phone = await until(ana, (shown) => shown.length > seen && shown.at(-1)!.kind === 'list');
  const list = phone.at(-1) as Extract<OnThePhone, { kind: 'list' }>;
  expect(list).toMatchObject({ text: 'What would you like to track?', button: 'Choose' });
  expect(list.rows.map((row) => row.title)).toEqual([
    'Order number',
    'Tracking number',
    'Order ID',
    'Store order number',
  ]);
  expect(await ana.deliver(ana.pick(list.rows.find((row) => row.title === 'Order ID')!))).toBe(200);
  phone = await until(ana, saying(/Please type your order ID/));
  expect(words(phone.at(-1)!)).toBe('Please type your order ID. It has 12 letters or digits.');
});

test('a message Meta delivers three times is answered once', async () => {
  const ana = customer();
  const message = ana.text('where is ORD-1001');
  expect(await Promise.all([ana.deliver(message), ana.deliver(message)])).toEqual([200, 200]);
  expect(await ana.deliver(message)).toBe(200);
  // Then a message of their own: once it is answered, anything the copies caused would have come before it.
  expect(await ana.deliver(ana.text('thanks, bye'))).toBe(200);
  const phone = await until(
    ana,
    (shown) => shown.some((each) => /ORD-1001/.test(words(each))) && /great day|welcome/i.test(words(shown.at(-1)!)),
  );
  expect(phone.filter((shown) => /ORD-1001/.test(words(shown)))).toHaveLength(1);
  expect(upstreams.checkpoints.requests).toHaveLength(1);
});

// Notify me (docs/whatsapp.md): the customer asks for updates on the moving parcel by its "Notify me" button; then
// the parcel moves and time passes on the test's clock. WhatsApp lets a business write freely only within 24 hours
// of the customer's last message, and the stand-in refuses a free-form message after that as Meta does (131047):
// each test also checks that Meta refused nothing, so the service knew the window itself, not from a refusal.
describe('after Notify me', () => {
  /** The customer writes: their phone stamps it by the test's clock, and Meta starts their 24 hours from it. */
  async function writes(who: WhatsAppCustomer, words: string): Promise<void> {
    graph.customerWrote(who.number, clock.now());
    expect(await who.deliver(who.text(words))).toBe(200);
  }

  /** Looks the moving parcel up in their words, then presses the answer's `notify` button; what the phone shows then. */
  async function subscribes(
    who: WhatsAppCustomer,
    lookup: string,
    notify: string,
    started: RegExp,
  ): Promise<OnThePhone[]> {
    await writes(who, lookup);
    const answer = await until(who, (phone) => phone.some((shown) => shown.kind === 'buttons'));
    expect(answer.map(words).join('\n')).toContain(MOVING);
    const buttons = answer.find((shown) => shown.kind === 'buttons') as Extract<OnThePhone, { kind: 'buttons' }>;
    const button = buttons.buttons.find((each) => each.title === notify);
    expect(button).toBeDefined();
    graph.customerWrote(who.number, clock.now());
    expect(await who.deliver(who.press(button!))).toBe(200);
    return until(who, (phone) => phone.length > answer.length && started.test(words(phone.at(-1)!)));
  }

  /** The parcel takes its next step, and `ms` pass for the service and Meta; the phone once it shows what `done` looks for. */
  async function timePasses(
    who: WhatsAppCustomer,
    ms: number,
    done: (phone: OnThePhone[]) => boolean,
  ): Promise<OnThePhone[]> {
    parcelTime += MINUTE;
    await clock.advance(ms, { services: [service.child.pid!], storage: [] });
    return until(who, done);
  }

  /** Every message the service asked Meta to send this customer was taken (none refused, e.g. for the window): their types, asked and taken. */
  function nothingRefused(who: WhatsAppCustomer): void {
    const asked = graph.requests
      .map((request) => JSON.parse(request.body || '{}') as { status?: string; to?: string; type?: string })
      .filter((body) => body.status !== 'read' && String(body.to ?? '').replace(/^\+/, '') === who.number);
    expect(asked.map((body) => body.type)).toEqual(
      graph.sent.filter((sent) => sent.to === who.number).map((sent) => sent.type),
    );
  }

  test('an update arrives as an ordinary message within 24 hours of the customer’s last message', async () => {
    const ana = customer();
    const seen = (
      await subscribes(ana, `where is my order ${MOVING}?`, 'Notify me', /I'll message you here when ORD-1014 moves/)
    ).length;
    // Ten minutes later (the next check) the parcel has moved: the news as a message, then its choices as reply buttons.
    const phone = await timePasses(
      ana,
      CHECK_INTERVAL_MS,
      (shown) => shown.length > seen && ['buttons', 'template'].includes(shown.at(-1)!.kind),
    );
    const update = phone.slice(seen);
    expect(update.map((shown) => shown.kind)).not.toContain('template');
    expect(words(update[0])).toMatch(/^News on ORD-1014: \S/);
    expect((update.at(-1) as Extract<OnThePhone, { kind: 'buttons' }>).buttons.map((button) => button.title)).toContain(
      'Stop updates',
    );
    nothingRefused(ana);
  });

  test('an update outside that window arrives as the WHATSAPP_UPDATE_TEMPLATE template, in the customer’s language', async () => {
    // A Dutch customer (+31) writing Dutch.
    const daan = customer('316120');
    const seen = (
      await subscribes(
        daan,
        `waar is mijn bestelling ${MOVING}?`,
        'Houd me op de hoogte',
        /Ik stuur je hier een bericht als ORD-1014 beweegt/,
      )
    ).length;
    // 25 hours on, with nothing more from them, the parcel has moved: only the approved template may reach them.
    const phone = await timePasses(daan, 25 * HOUR, (shown) => shown.length > seen);
    expect(phone.slice(seen)).toEqual([
      { kind: 'template', name: 'order_update', language: 'nl', parameters: [MOVING, expect.stringMatching(/\S/)] },
    ]);
    nothingRefused(daan);
  });
});
