/** The WhatsApp Graph API stand-in answers as Meta's Cloud API documents, so the channel is tested against the real contract. */
import { startGraphApiSimulator, SIM_ACCESS_TOKEN, SIM_PHONE_NUMBER_ID, type GraphApiSimulator } from '../../sandbox/simulators';
import { startSandbox } from '../../sandbox/upstreams';
import { loadConfig } from '../../src/config';

let graph: GraphApiSimulator;
beforeAll(async () => {
  graph = await startGraphApiSimulator();
});
afterAll(() => graph.close());
afterEach(() => graph.reset());

async function send(body: unknown, token = SIM_ACCESS_TOKEN, phoneNumberId = SIM_PHONE_NUMBER_ID): Promise<{ status: number; body: any }> {
  const response = await fetch(`${graph.url}/v24.0/${phoneNumberId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const text = (body: string) => ({ messaging_product: 'whatsapp', recipient_type: 'individual', to: '491512345678', type: 'text', text: { body } });

describe('the Graph API stand-in', () => {
  test('a text message is accepted with the contact and a message id, and recorded', async () => {
    const answer = await send(text('*Shipped*'));
    expect(answer).toEqual({ status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: '491512345678', wa_id: '491512345678' }], messages: [{ id: expect.stringMatching(/^wamid\./) }] } });
    expect(graph.sent).toEqual([{ id: answer.body.messages[0].id, to: '491512345678', type: 'text', body: text('*Shipped*') }]);
  });

  test("a wrong token gets Meta's OAuth error 190, and nothing is sent", async () => {
    const answer = await send(text('hi'), 'wrong');
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatchObject({ type: 'OAuthException', code: 190 });
    expect(graph.sent).toEqual([]);
  });

  test("another phone number id is refused", async () => {
    expect((await send(text('hi'), SIM_ACCESS_TOKEN, '999')).status).toBe(400);
  });

  test("WhatsApp's limits: text over 4096 characters, a fourth button, a button title over 20 characters", async () => {
    expect((await send(text('x'.repeat(4097)))).body.error.code).toBe(131009);
    const buttons = (titles: string[]) => ({
      messaging_product: 'whatsapp',
      to: '491512345678',
      type: 'interactive',
      interactive: { type: 'button', body: { text: 'Anything else?' }, action: { buttons: titles.map((title, i) => ({ type: 'reply', reply: { id: `c${i}`, title } })) } },
    });
    expect((await send(buttons(['A', 'B', 'C', 'D']))).status).toBe(400);
    expect((await send(buttons(['Benachrichtigungen erhalten']))).status).toBe(400);
    expect((await send(buttons(['Notify me', 'Talk to a person']))).status).toBe(200);
    expect(graph.sent.map((message) => message.type)).toEqual(['interactive']);
  });

  test('marking a message read (with a typing indicator) succeeds and is recorded', async () => {
    const answer = await send({ messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.in1', typing_indicator: { type: 'text' } });
    expect(answer).toEqual({ status: 200, body: { success: true } });
    expect(graph.read).toEqual(['wamid.in1']);
  });
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
    } finally {
      await sandbox.close();
    }
  });

  test("an operator's own WhatsApp settings are kept", async () => {
    const own = { WHATSAPP_PHONE_NUMBER_ID: '42', WHATSAPP_ACCESS_TOKEN: 'own-token', WHATSAPP_APP_SECRET: 'own-secret', WHATSAPP_VERIFY_TOKEN: 'own-verify' };
    const sandbox = await startSandbox(loadConfig(own));
    try {
      expect(sandbox.config.whatsapp).toEqual(loadConfig(own).whatsapp);
    } finally {
      await sandbox.close();
    }
  });
});
