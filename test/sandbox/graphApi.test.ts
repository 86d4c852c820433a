/** The WhatsApp Graph API stand-in answers as Meta's Cloud API documents, so the channel is tested against the real contract. */
import {
  startGraphApiSimulator,
  SIM_ACCESS_TOKEN,
  SIM_PHONE_NUMBER_ID,
  type GraphApiSimulator,
} from '../../sandbox/simulators';
import { startSandbox } from '../../sandbox/upstreams';
import { loadConfig } from '../../src/config';

let graph: GraphApiSimulator;
beforeAll(async () => {
  graph = await startGraphApiSimulator();
});
afterAll(() => graph.close());
afterEach(() => graph.reset());

/** The Graph API's answer to a send: the message's id, or its error (each test asserts which it got). */
interface GraphAnswer {
  messages: { id: string }[];
  error: { message: string; type: string; code: number; error_data?: { messaging_product: string; details: string } };
}

async function send(
  body: unknown,
  token = SIM_ACCESS_TOKEN,
  phoneNumberId = SIM_PHONE_NUMBER_ID,
): Promise<{ status: number; body: GraphAnswer }> {
  const response = await fetch(`${graph.url}/v24.0/${phoneNumberId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as GraphAnswer };
}

const text = (body: string) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: '491512345678',
  type: 'text',
  text: { body },
});

describe('the Graph API stand-in', () => {
  test('a text message is accepted with the contact and a message id, and recorded', async () => {
    const answer = await send(text('*Shipped*'));
    expect(answer).toEqual({
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: '491512345678', wa_id: '491512345678' }],
        messages: [{ id: expect.stringMatching(/^wamid\./) as unknown }],
      },
    });
    expect(graph.sent).toEqual([
      { id: answer.body.messages[0].id, to: '491512345678', type: 'text', body: text('*Shipped*') },
    ]);
  });

  test("a wrong token gets Meta's OAuth error 190, and nothing is sent", async () => {
    const answer = await send(text('hi'), 'wrong');
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatchObject({ type: 'OAuthException', code: 190 });
    expect(graph.sent).toEqual([]);
  });

  test('another phone number id is refused', async () => {
    expect((await send(text('hi'), SIM_ACCESS_TOKEN, '999')).status).toBe(400);
  });

  test("WhatsApp's limits: text over 4096 characters, a fourth button, a button title over 20 characters", async () => {
    expect((await send(text('x'.repeat(4097)))).body.error.code).toBe(131009);
    const buttons = (titles: string[]) => ({
      messaging_product: 'whatsapp',
      to: '491512345678',
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Anything else?' },
        action: { buttons: titles.map((title, i) => ({ type: 'reply', reply: { id: `c${i}`, title } })) },
      },
    });
    expect((await send(buttons(['A', 'B', 'C', 'D']))).status).toBe(400);
    expect((await send(buttons(['Benachrichtigungen erhalten']))).status).toBe(400);
    expect((await send(buttons(['Notify me', 'Talk to a person']))).status).toBe(200);
    expect(graph.sent.map((message) => message.type)).toEqual(['interactive']);
  });

  const interactive = (content: Record<string, unknown>) => ({
    messaging_product: 'whatsapp',
    to: '491512345678',
    type: 'interactive',
    interactive: { body: { text: 'Que souhaitez-vous suivre ?' }, ...content },
  });
  const list = (rows: Array<Record<string, unknown>>, button = 'Choisir') =>
    interactive({ type: 'list', action: { button, sections: [{ rows }] } });
  const rows = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ id: `choice-${i + 1}`, title: `Colis ${i + 1}` }));
  const link = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    interactive({ type: 'cta_url', action: { name: 'cta_url', parameters }, ...extra });

  test.each([
    ['an eleventh row', list(rows(11))],
    ['a row title over 24 characters', list([{ id: 'a', title: 'Numéro de commande boutique' }])],
    [
      'a row description over 72 characters',
      list([{ id: 'a', title: 'Commande boutique', description: 'x'.repeat(73) }]),
    ],
    [
      'two rows with one id',
      list([
        { id: 'a', title: 'Un' },
        { id: 'a', title: 'Deux' },
      ]),
    ],
    ['a list button over 20 characters', list(rows(2), 'Choisissez une option')],
    [
      'a body over 1,024 characters',
      { ...list(rows(2)), interactive: { ...list(rows(2)).interactive, body: { text: 'x'.repeat(1025) } } },
    ],
    ['a link label over 20 characters', link({ display_text: 'Suivre le colis chez DHL', url: 'https://www.dhl.de/' })],
    ['a link that is no web address', link({ display_text: 'Suivre', url: 'javascript:alert(1)' })],
    [
      'a link without its body',
      {
        ...link({ display_text: 'Suivre', url: 'https://www.dhl.de/' }),
        interactive: {
          type: 'cta_url',
          action: { name: 'cta_url', parameters: { display_text: 'Suivre', url: 'https://www.dhl.de/' } },
        },
      },
    ],
    [
      'a link header over 60 characters',
      link({ display_text: 'Suivre', url: 'https://www.dhl.de/' }, { header: { type: 'text', text: 'x'.repeat(61) } }),
    ],
  ])("Meta refuses %s: 400 with the Graph API's error, and nothing is sent", async (_what, message) => {
    const answer = await send(message);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      type: 'OAuthException',
      code: 131009,
      error_data: { messaging_product: 'whatsapp', details: expect.any(String) as unknown },
    });
    expect(graph.sent).toEqual([]);
  });

  test('a list of ten rows and a link button within the limits are accepted and recorded', async () => {
    expect(
      (
        await send(
          list([
            ...rows(9),
            { id: 'choice-10', title: 'Commande boutique', description: 'Numéro de commande boutique' },
          ]),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await send(
          link({
            display_text: 'Suivre chez DHL',
            url: 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=1',
          }),
        )
      ).status,
    ).toBe(200);
    expect(graph.sent.map((message) => (message.body.interactive as { type: string }).type)).toEqual([
      'list',
      'cta_url',
    ]);
  });

  test('marking a message read (with a typing indicator) succeeds and is recorded', async () => {
    const answer = await send({
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: 'wamid.in1',
      typing_indicator: { type: 'text' },
    });
    expect(answer).toEqual({ status: 200, body: { success: true } });
    expect(graph.read).toEqual(['wamid.in1']);
  });
});

describe('templates and the 24-hour window, as Meta enforces them', () => {
  const template = (name: string, code: string, texts: string[]) => ({
    messaging_product: 'whatsapp',
    to: '31612345678',
    type: 'template',
    template: {
      name,
      language: { code },
      components: [{ type: 'body', parameters: texts.map((each) => ({ type: 'text', text: each })) }],
    },
  });

  test('an approved template in an approved language with its two parameters is accepted and recorded', async () => {
    const answer = await send(template('order_update', 'nl', ['ORD-1014', 'Onderweg']));
    expect(answer.status).toBe(200);
    expect(graph.sent.map((message) => message.type)).toEqual(['template']);
  });

  test.each([
    ['a name never approved', template('order_news', 'en', ['ORD-1014', 'Dispatched']), 132001],
    ['a language it was not approved in', template('order_update', 'pt_BR', ['ORD-1014', 'Enviado']), 132001],
    ['one parameter of two', template('order_update', 'en', ['ORD-1014']), 132000],
    ['a parameter with a new line', template('order_update', 'en', ['ORD-1014', 'Dispatched\nfrom Berlin']), 132018],
  ])('%s is refused with the code Meta gives, and nothing is sent', async (_what, body, code) => {
    const answer = await send(body);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body.error.code).toBe(code);
    expect(graph.sent).toEqual([]);
  });

  test('a free-form message more than 24 hours after the customer last wrote is refused with 131047; a template still goes; within 24 hours text goes', async () => {
    let now = Date.parse('2026-11-22T09:00:00Z');
    const timed = await startGraphApiSimulator({ now: () => now });
    const post = (body: unknown) =>
      fetch(`${timed.url}/v24.0/${SIM_PHONE_NUMBER_ID}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${SIM_ACCESS_TOKEN}` },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as GraphAnswer }));
    try {
      const dutch = { ...text('hoi'), to: '31612345678' };
      // Never told of the customer: let through.
      expect((await post(dutch)).status).toBe(200);
      timed.customerWrote('31612345678', now);
      now += 23 * 3_600_000;
      expect((await post(dutch)).status).toBe(200);
      now += 2 * 3_600_000;
      const refused = await post(dutch);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe(131047);
      expect((await post(template('order_update', 'nl', ['ORD-1014', 'Onderweg']))).status).toBe(200);
      timed.customerWrote('31612345678', now);
      expect((await post(dutch)).status).toBe(200);
      expect(timed.sent.map((message) => message.type)).toEqual(['text', 'text', 'template', 'text']);
    } finally {
      await timed.close();
    }
  });

  test.each([130429, 131026, 131056])(
    'a test can have the next send refused with %i, once; a read is not taken for it',
    async (code) => {
      graph.refuseNextSend(code);
      expect((await send({ messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.in2' })).status).toBe(200);
      const refused = await send(text('one'));
      expect(refused.body.error.code).toBe(code);
      expect((await send(text('two'))).status).toBe(200);
      expect(graph.sent.map((message) => (message.body.text as { body: string }).body)).toEqual(['two']);
    },
  );
});

describe('sandbox mode', () => {
  test('WhatsApp is on, against the stand-in on this machine, with demo secrets of its own', async () => {
    const sandbox = await startSandbox(loadConfig({}));
    try {
      const whatsapp = sandbox.config.whatsapp!;
      expect(whatsapp.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v\d+\.\d+$/);
      const answer = await fetch(`${whatsapp.apiUrl}/${whatsapp.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${whatsapp.accessToken}` },
        body: JSON.stringify({ messaging_product: 'whatsapp', to: '491512345678', type: 'text', text: { body: 'hi' } }),
      });
      expect(answer.status).toBe(200);
      // Notify me outside the 24-hour window: the stand-in's approved template, in the bot's six languages.
      expect(whatsapp.updateTemplate).toEqual({
        name: 'order_update',
        languages: ['en', 'de', 'fr', 'es', 'it', 'nl'],
      });
    } finally {
      await sandbox.close();
    }
  });

  test("an operator's own WhatsApp settings are kept", async () => {
    const own = {
      WHATSAPP_PHONE_NUMBER_ID: '42',
      WHATSAPP_ACCESS_TOKEN: 'own-token',
      WHATSAPP_APP_SECRET: 'own-secret',
      WHATSAPP_VERIFY_TOKEN: 'own-verify',
    };
    const sandbox = await startSandbox(loadConfig(own));
    try {
      expect(sandbox.config.whatsapp).toEqual(loadConfig(own).whatsapp);
    } finally {
      await sandbox.close();
    }
  });
});
