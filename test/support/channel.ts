/**
 * A channel for tests: posts activities to the bot's /api/messages as a Bot Framework channel does,
 * and collects the replies, either from the HTTP response (deliveryMode expectReplies) or from a
 * local connector that the bot POSTs them to (normal delivery).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Activity } from 'botbuilder';

export interface Connector {
  url: string;
  /** Every activity the bot sent, with the path it was sent to. */
  received: Array<{ path: string; activity: Partial<Activity> }>;
  /** Every request, with what it was answered, refused ones included (to count a client's attempts). */
  requests: Array<{ method: string; path: string; status: number }>;
  /** Messages taken and not yet answered (a slow channel's, see `acceptMs`). */
  unanswered(): number;
  close(): Promise<void>;
}

/** What the channel answers instead of taking a message: a status, and a Retry-After when it says one. */
export type ChannelRefusal = { status: number; retryAfter?: string };

/** The connector endpoints a bot replies to: POST /v3/conversations/{id}/activities[/{replyToId}]. */
/**
 * `status`: what the channel answers a POST to this path (Teams' 403 for a bot that was blocked, a 429 with its Retry-After); 200 unless it says otherwise.
 * `acceptMs`: how long the channel takes to answer a message it has already taken (a slow channel).
 */
export async function startConnector(
  options: { status?: (path: string) => number | ChannelRefusal | undefined; acceptMs?: number } = {},
): Promise<Connector> {
  const received: Connector['received'] = [];
  const requests: Connector['requests'] = [];
  let next = 0;
  let unanswered = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const answer = options.status?.(req.url ?? '');
      const refused: ChannelRefusal | undefined = typeof answer === 'number' ? { status: answer } : answer;
      const record = (status: number) => requests.push({ method: req.method ?? '', path: req.url ?? '', status });
      if (refused && refused.status >= 400) {
        record(refused.status);
        res.writeHead(refused.status, {
          'content-type': 'application/json',
          ...(refused.retryAfter ? { 'retry-after': refused.retryAfter } : {}),
        });
        res.end(
          JSON.stringify({
            error: {
              code: refused.status === 403 ? 'MessageWritesBlocked' : 'Refused',
              message: 'refused by the test channel',
            },
          }),
        );
      } else if (req.method === 'POST' && /^\/v3\/conversations\/[^/]+\/activities(\/[^/]+)?$/.test(req.url ?? '')) {
        record(200);
        received.push({ path: req.url!, activity: JSON.parse(body) as Partial<Activity> });
        unanswered++;
        const accept = () => {
          unanswered--;
          // Not chained: restify, loaded in the same process, patches writeHead to return nothing.
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ id: `reply-${++next}` }));
        };
        if (options.acceptMs) setTimeout(accept, options.acceptMs);
        else accept();
      } else {
        record(404);
        res.writeHead(404);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    requests,
    unanswered: () => unanswered,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface ChannelOptions {
  botUrl: string;
  mode: 'expectReplies' | 'normal';
  connector?: Connector;
  locale?: string;
  channelId?: string;
  conversationId?: string;
  /**
   * The customer's id on the channel (`from.id`); null sends none. Unless given, each conversation is a
   * customer of its own, so that tests of separate customers on one app do not share the lookup limits.
   */
  userId?: string | null;
}

/** Activity ids are unique across every channel object, as a real channel's are. */
let sequence = 0;

export class TestChannel {
  readonly conversationId: string;

  constructor(private readonly options: ChannelOptions) {
    this.conversationId = options.conversationId ?? `conv-${Math.random().toString(36).slice(2)}`;
  }

  /** Sends a message (text, or an activity's fields) and returns the bot's replies to it. */
  /** The id of the last activity sent. */
  lastId = '';

  async say(said: string | Partial<Activity>): Promise<{ status: number; replies: Partial<Activity>[] }> {
    const id = `act-${++sequence}`;
    const activity = {
      type: 'message',
      id,
      channelId: this.options.channelId ?? 'webchat',
      serviceUrl: this.options.connector?.url ?? 'http://127.0.0.1:9/unused',
      conversation: { id: this.conversationId },
      from:
        this.options.userId === null
          ? { name: 'Customer' }
          : { id: this.options.userId ?? `customer-of-${this.conversationId}`, name: 'Customer' },
      recipient: { id: 'bot', name: 'Order Tracking' },
      locale: this.options.locale,
      timestamp: new Date().toISOString(),
      ...(this.options.mode === 'expectReplies' ? { deliveryMode: 'expectReplies' } : {}),
      ...(typeof said === 'string' ? { text: said } : said),
    };
    this.lastId = (activity as { id: string }).id;
    const before = this.options.connector?.received.length ?? 0;
    const response = await fetch(`${this.options.botUrl}/api/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(activity),
    });
    const text = await response.text();
    if (this.options.mode === 'expectReplies') {
      const body = text ? (JSON.parse(text) as { activities?: Partial<Activity>[] }) : {};
      return { status: response.status, replies: body.activities ?? [] };
    }
    const sent = this.options.connector!.received.slice(before);
    for (const { path, activity: reply } of sent) {
      // Normal delivery answers each message in its own conversation, as a reply to it.
      expect(path).toBe(`/v3/conversations/${encodeURIComponent(this.conversationId)}/activities/${this.lastId}`);
      expect(reply.replyToId).toBe(this.lastId);
    }
    return { status: response.status, replies: sent.map((s) => s.activity) };
  }
}

/** The texts of the messages, and a marker for each card, for compact assertions. */
export function summarize(replies: Partial<Activity>[]): string[] {
  return replies.flatMap((r) => {
    if (r.type === 'typing') return ['(typing)'];
    const cards = (r.attachments ?? []).filter((a) => a.contentType === 'application/vnd.microsoft.card.adaptive');
    return [...(r.text ? [r.text] : []), ...cards.map(() => '(card)')];
  });
}

export function cardJson(replies: Partial<Activity>[]): string {
  return JSON.stringify(replies.flatMap((r) => (r.attachments ?? []).map((a): unknown => a.content)));
}
