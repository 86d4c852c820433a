/**
 * The local channel on the wire: Direct Line 3.0 as Web Chat's client uses it (start, post, poll with
 * a watermark), the connector endpoints the bot replies to by normal delivery, and the agent hub of a
 * Bot Framework handoff, which it plays.
 */
import { attachSandbox } from '../../sandbox/attach';
import { DEMO } from '../../sandbox/simulators';
import { silentLogger } from '../../src/runtime/logger';
import { configFor, startApp, type RunningApp } from '../support/app';
import { useSimulators } from '../support/upstreams';
import type { ActivityPage, DirectLineGrant, WireActivity, WireHubCase } from './directLineWire';

const upstreams = useSimulators();
let app: RunningApp;
beforeAll(async () => {
  // As the sandbox runs it: the local channel plays the Bot Framework agent hub.
  app = await startApp(configFor(upstreams, { HANDOFF: 'botframework' }));
  attachSandbox(app.app.server, { botUrl: app.url, logger: silentLogger });
});
afterAll(() => app.close());

const directLine = (path: string) => `${app.url}/sandbox/directline${path}`;
const json = async <T>(response: Response) => ({ status: response.status, body: (await response.json()) as T });
// The local channel's demo secret, as the sandbox page connects with it.
const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer sandbox' },
    body: JSON.stringify(body),
  });
const get = (url: string) => fetch(url, { headers: { Authorization: 'Bearer sandbox' } });

async function poll(
  conversationId: string,
  watermark: string,
  until: (texts: string[]) => boolean,
): Promise<ActivityPage> {
  for (let i = 0; i < 100; i++) {
    const { body } = await json<ActivityPage>(
      await get(directLine(`/conversations/${conversationId}/activities?watermark=${watermark}`)),
    );
    if (until(body.activities.map((a) => a.text ?? `(${a.type})`))) return body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the bot did not answer through the local channel');
}

describe('Direct Line, as Web Chat uses it', () => {
  test('start a conversation, post a message, read the echo and the bot’s replies by watermark', async () => {
    const started = await json<DirectLineGrant>(await post(directLine('/conversations'), {}));
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      conversationId: expect.any(String) as unknown,
      token: expect.any(String) as unknown,
      expires_in: expect.any(Number) as unknown,
    });
    const id = started.body.conversationId;

    const sent = await json<{ id: string }>(
      await post(directLine(`/conversations/${id}/activities`), {
        type: 'message',
        text: DEMO.trackings.trackingNumbers.inTransit,
        from: { id: 'u1' },
        locale: 'en-US',
      }),
    );
    expect(sent.body.id).toMatch(new RegExp(`^${id}\\|`));

    const answer = `Here is the shipment for ${DEMO.trackings.trackingNumbers.inTransit}:`;
    const first = await poll(id, '0', (texts) => texts.includes(answer));
    const [echo, ...replies] = first.activities;
    expect(echo).toMatchObject({
      id: sent.body.id,
      type: 'message',
      from: { id: 'u1', role: 'user' },
      conversation: { id },
    });
    // One message: the intro, the card and the choices (a typing indicator only if it took over half a second).
    const messages = replies.filter((a) => a.type === 'message');
    expect(messages).toHaveLength(1);
    expect(messages[0].text).toBe(answer);
    expect(messages[0].attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(messages[0].suggestedActions.actions.map((a) => a.title)).toEqual([
      'Notify me',
      'Track another',
      "That's all, thanks",
    ]);
    expect(replies.every((a) => a.from.role === 'bot' && a.replyToId === sent.body.id)).toBe(true);

    // The watermark: nothing new until the next message.
    const again = await json<ActivityPage>(
      await get(directLine(`/conversations/${id}/activities?watermark=${first.watermark}`)),
    );
    expect(again.body).toEqual({ activities: [], watermark: first.watermark });
  });

  test('the join event gets a welcome in the page’s language', async () => {
    const { body } = await json<DirectLineGrant>(await post(directLine('/conversations'), {}));
    await post(directLine(`/conversations/${body.conversationId}/activities`), {
      type: 'event',
      name: 'webchat/join',
      value: { locale: 'nl-NL' },
      from: { id: 'u1' },
    });
    const { activities } = await poll(body.conversationId, '0', (texts) => texts.length > 1);
    expect(activities[1].text).toMatch(/^Hallo! Ik vertel je waar je bestelling is\./);
  });

  test('an unknown conversation is a 404, and token refresh answers', async () => {
    expect((await get(directLine('/conversations/nope/activities?watermark=0'))).status).toBe(404);
    expect((await post(directLine('/conversations/nope/activities'), { type: 'message', text: 'x' })).status).toBe(404);
    expect((await post(directLine('/tokens/refresh'), {})).status).toBe(200);
  });
});

describe('the agent hub, as the local channel plays it', () => {
  const hub = (id: string, what: 'status' | 'messages', body: unknown) =>
    post(`${app.url}/sandbox/hub/conversations/${id}/${what}`, body);
  const shown = (a: WireActivity) =>
    a.type === 'event'
      ? `(${a.name}${a.value?.state ? ` ${a.value.state}` : ''})`
      : `${a.from.role === 'user' ? 'customer' : a.from.id === 'sandbox-agent' ? 'agent' : 'bot'}: ${a.text}`;

  test('takes the handoff.initiate and waits for an agent: Accept, the customer talks to the agent (not the bot), the agent is done and the bot is back', async () => {
    const { body } = await json<DirectLineGrant>(await post(directLine('/conversations'), {}));
    const id = body.conversationId;
    await post(directLine(`/conversations/${id}/activities`), {
      type: 'message',
      text: 'je voudrais parler à quelqu’un',
      from: { id: 'u1' },
      locale: 'fr-FR',
    });
    const first = await poll(id, '0', (texts) => texts.includes('(event)'));
    // No agent has taken it yet: the hub waits (a real hub queues the case), it does not accept by itself.
    expect(first.activities.map(shown)).toEqual([
      'customer: je voudrais parler à quelqu’un',
      expect.stringMatching(/^bot: Je demande à un membre de l’équipe de prendre le relais/),
      '(handoff.initiate)',
    ]);
    // What the page shows: the case and the transcript the hub received.
    const initiate = first.activities[2];
    expect(initiate.value).toEqual({ language: 'fr', locale: 'fr-FR', lookups: [], signedIn: false });
    expect(initiate.attachments[0].content.activities.map((a) => a.text)).toEqual(['je voudrais parler à quelqu’un']);
    // Nobody has the conversation: the agent can neither be done nor write yet.
    expect((await hub(id, 'status', { state: 'completed' })).status).toBe(409);
    expect((await hub(id, 'messages', { text: 'Bonjour' })).status).toBe(409);

    // The agent accepts.
    expect((await hub(id, 'status', { state: 'accepted' })).status).toBe(204);
    const accepted = 'bot: Un membre de l’équipe a pris votre demande en charge et vous répond ici dans un instant.';
    const second = await poll(id, first.watermark, (texts) => texts.some((text) => text.startsWith('Un membre')));
    expect(second.activities.map(shown)).toEqual(['(handoff.status accepted)', accepted]);
    // Accepted once; and no longer "no agent is free".
    expect((await hub(id, 'status', { state: 'accepted' })).status).toBe(409);
    expect((await hub(id, 'status', { state: 'failed' })).status).toBe(409);

    // The customer writes: the agent gets it, the bot does not; the agent answers in the customer's chat.
    await post(directLine(`/conversations/${id}/activities`), {
      type: 'message',
      text: 'où est mon colis ?',
      from: { id: 'u1' },
      locale: 'fr-FR',
    });
    expect((await hub(id, 'messages', { text: 'Bonjour, je regarde tout de suite.' })).status).toBe(204);
    expect((await hub(id, 'messages', { text: '  ' })).status).toBe(400);
    // The agent is done: the bot is back, and its first words are its welcome back, not an answer to what the agent had.
    expect((await hub(id, 'status', { state: 'completed' })).status).toBe(204);
    const third = await poll(id, second.watermark, (texts) =>
      texts.some((text) => text.startsWith('Un membre de l’équipe a terminé avec votre demande')),
    );
    expect(third.activities.map(shown)).toEqual([
      'customer: où est mon colis ?',
      // Signed with the agent's name, which Web Chat shows no other way.
      'agent: **Sam:** Bonjour, je regarde tout de suite.',
      '(handoff.status completed)',
      expect.stringMatching(/^bot: Un membre de l’équipe a terminé avec votre demande, et je suis de nouveau là/),
    ]);
    expect(third.activities[1].from).toEqual({ id: 'sandbox-agent', name: 'Sam', role: 'bot' });
    expect((await hub(id, 'status', { state: 'completed' })).status).toBe(409);

    // The bot has the conversation again: the customer's next message reaches it.
    await post(directLine(`/conversations/${id}/activities`), {
      type: 'message',
      text: DEMO.trackings.trackingNumbers.inTransit,
      from: { id: 'u1' },
      locale: 'fr-FR',
    });
    const fourth = await poll(id, third.watermark, (texts) => texts.some((text) => text.includes('Voici')));
    expect(fourth.activities.map(shown)[1]).toMatch(/^bot: Voici/);
  });

  test('no agent is free: failed while it waits, and the bot gives the customer the help page', async () => {
    const { body } = await json<DirectLineGrant>(await post(directLine('/conversations'), {}));
    const id = body.conversationId;
    await post(directLine(`/conversations/${id}/activities`), {
      type: 'message',
      text: 'talk to a person',
      from: { id: 'u1' },
      locale: 'en-US',
    });
    const first = await poll(id, '0', (texts) => texts.includes('(event)'));
    expect((await hub(id, 'status', { state: 'failed' })).status).toBe(204);
    const done = await poll(id, first.watermark, (texts) => texts.some((text) => text.startsWith('Sorry')));
    expect(done.activities.map(shown)).toEqual([
      '(handoff.status failed)',
      expect.stringMatching(/^bot: Sorry, nobody from the team is free right now/),
    ]);
    expect((await hub(id, 'status', { state: 'accepted' })).status).toBe(409);
  });

  test('refuses a state it does not know, a conversation it does not have, and a handoff nobody asked for', async () => {
    const { body } = await json<DirectLineGrant>(await post(directLine('/conversations'), {}));
    expect((await hub(body.conversationId, 'status', { state: 'lunch' })).status).toBe(400);
    expect((await hub(body.conversationId, 'status', { state: 'accepted' })).status).toBe(409);
    expect((await hub('nope', 'status', { state: 'completed' })).status).toBe(404);
    expect((await hub('nope', 'messages', { text: 'hi' })).status).toBe(404);
  });

  test('the hub’s queue, as its agent reads it apart from the customer’s chat: the newest case first, with the case and transcript it received, where it stands, and the lines between customer and agent', async () => {
    const cases = async () =>
      ((await (await fetch(`${app.url}/sandbox/hub/cases`)).json()) as { cases: WireHubCase[] }).cases;
    // Two customers of their own: each customer may start only so many handoffs a day (HANDOFF_LIMIT).
    const ask = async (text: string, locale: string) => {
      const { body } = await json<DirectLineGrant>(await post(directLine('/conversations'), {}));
      await post(directLine(`/conversations/${body.conversationId}/activities`), {
        type: 'message',
        text,
        from: { id: `queue-${locale}` },
        locale,
      });
      return {
        id: body.conversationId,
        ...(await poll(body.conversationId, '0', (texts) => texts.includes('(event)'))),
      };
    };
    const older = await ask('talk to a person', 'en-US');
    const newer = await ask('ik wil een medewerker spreken', 'nl-NL');
    const [first, second] = await cases();
    expect([first.conversationId, second.conversationId]).toEqual([newer.id, older.id]);
    expect(first).toEqual({
      conversationId: newer.id,
      state: 'waiting',
      event: {
        type: 'event',
        name: 'handoff.initiate',
        value: { language: 'nl', locale: 'nl-NL', lookups: [], signedIn: false },
        attachments: [expect.objectContaining({ name: 'Transcript' })],
      },
      lines: [],
      // The order cases came in: a conversation's second case is told from its first.
      arrived: second.arrived + 1,
    });
    expect(first.event.attachments[0].content.activities.map((a) => a.text)).toEqual(['ik wil een medewerker spreken']);

    // Accepted: what the customer writes and what the agent answers are the case's lines, in their order.
    expect((await hub(newer.id, 'status', { state: 'accepted' })).status).toBe(204);
    await poll(newer.id, newer.watermark, (texts) => texts.some((text) => text.startsWith('Een collega')));
    await post(directLine(`/conversations/${newer.id}/activities`), {
      type: 'message',
      text: 'Waar blijft mijn pakket?',
      from: { id: 'queue-nl-NL' },
      locale: 'nl-NL',
    });
    expect((await hub(newer.id, 'messages', { text: 'Ik kijk het na.' })).status).toBe(204);
    expect((await hub(older.id, 'status', { state: 'failed' })).status).toBe(204);
    const now = await cases();
    expect(now.slice(0, 2).map(({ state, lines }) => ({ state, lines }))).toEqual([
      {
        state: 'accepted',
        lines: [
          { from: 'customer', text: 'Waar blijft mijn pakket?' },
          { from: 'agent', text: 'Ik kijk het na.' },
        ],
      },
      { state: 'failed', lines: [] },
    ]);
    expect((await hub(newer.id, 'status', { state: 'completed' })).status).toBe(204);
    expect((await cases())[0].state).toBe('completed');
  });
});

describe('the sandbox page', () => {
  test('serves the page, which embeds the chat with the widget’s one tag as a store does, its script and the demo list', async () => {
    const page = await fetch(`${app.url}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toMatch(/<script src="\/webchat\.js" defer data-container="#webchat"[^>]*><\/script>/);
    // Web Chat itself comes only through the widget's frame.
    expect(html).not.toMatch(/sandbox\/webchat\.js|sandbox\/adaptivecards\.js/);
    expect((await fetch(`${app.url}/sandbox/app.js`)).status).toBe(200);
    const demo = (await (await fetch(`${app.url}/sandbox/demo.json`)).json()) as Array<{ input_type: string }>;
    expect(new Set(demo.map((d) => d.input_type))).toEqual(
      new Set(['order_number', 'tracking_number', 'order_id', 'external_order']),
    );
  });

  test("serves the stand-in for the shop's help page, which says where the real one goes", async () => {
    const help = await fetch(`${app.url}/sandbox/help`);
    expect(help.status).toBe(200);
    expect(await help.text()).toContain('Set <code>SUPPORT_URL</code> to your page');
  });
});
