/**
 * A conversation with a bot over its Bot Framework endpoint, as a channel holds it: activities POSTed
 * to /api/messages with deliveryMode expectReplies, so that the replies come back in the response and
 * no connector has to listen anywhere. One conversation per session.
 */
import { randomUUID } from 'node:crypto';
import type { ChatActivity } from './view';

export interface SessionOptions {
  /** The bot's messaging endpoint, e.g. http://localhost:3978/api/messages. */
  endpoint: string;
  channel: string;
  locale: string;
  timeZone?: string;
}

export class ChatRefused extends Error {}

export class ChatSession {
  private readonly conversationId = `chat-${randomUUID()}`;
  /** A customer of its own per run: the bot's limits (per user) never carry over from an earlier run. */
  private readonly customer = { id: `chat-customer-${randomUUID()}`, name: 'Customer' };
  private sequence = 0;

  constructor(private readonly options: SessionOptions) {}

  /** The first activity a channel sends: the customer joined. */
  join(): Promise<ChatActivity[]> {
    return this.send({ type: 'conversationUpdate', membersAdded: [this.customer] });
  }

  say(text: string): Promise<ChatActivity[]> {
    return this.send({ type: 'message', text });
  }

  /** A card submit or a widget's button: data rather than words. */
  submit(value: unknown): Promise<ChatActivity[]> {
    return this.send({ type: 'message', value });
  }

  private async send(fields: Record<string, unknown>): Promise<ChatActivity[]> {
    const { channel, locale, timeZone } = this.options;
    const activity = {
      id: `${this.conversationId}-${++this.sequence}`,
      channelId: channel,
      // Replies come back in the response (expectReplies); this address is never called.
      serviceUrl: 'http://127.0.0.1:9/chat',
      conversation: { id: this.conversationId },
      from: this.customer,
      recipient: { id: 'bot', name: 'Bot' },
      locale,
      ...(timeZone ? { localTimezone: timeZone } : {}),
      timestamp: new Date().toISOString(),
      deliveryMode: 'expectReplies',
      ...fields,
    };
    const response = await fetch(this.options.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(activity),
    });
    const text = await response.text();
    if (response.status === 401)
      throw new ChatRefused(
        'the bot answered 401: its inbound auth is on (MicrosoftAppId is set), and this tool cannot sign Bot Framework tokens. Try a deployment without an app id, or the sandbox (no --url).',
      );
    if (!response.ok) throw new ChatRefused(`the bot answered ${response.status}: ${text.slice(0, 200)}`);
    return text ? ((JSON.parse(text) as { activities?: ChatActivity[] }).activities ?? []) : [];
  }
}
