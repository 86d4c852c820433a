/**
 * A WhatsApp customer as Meta's webhook brings them to the bot: their message (typed words, a reply button pressed,
 * a list row picked) in the "messages" notification's shape, signed with the app secret in `X-Hub-Signature-256`
 * and POSTed to the bot's real webhook. Server-side only: the secret never reaches a browser.
 */
import { createHmac } from 'node:crypto';

/** What the customer does: writes, presses a reply button, or picks a list row (Meta's `interactive` reply types). */
export type CustomerAction =
  | { text: string }
  | {
      reply: { type: 'button_reply' | 'list_reply'; id: string; title: string; description?: string };
      context?: string;
    };

export interface WhatsAppCustomerOptions {
  /** The bot's webhook, e.g. http://127.0.0.1:3978/api/whatsapp. */
  webhook: string;
  appSecret: string;
  /** The business number's id the notification is addressed to. */
  phoneNumberId: string;
  /** Unix milliseconds, for the message's timestamp (the bot decides WhatsApp's 24-hour window from it). */
  now?: () => number;
}

export class WhatsAppCustomer {
  private sequence = 0;
  private readonly run = Math.random().toString(36).slice(2, 8);

  constructor(private readonly options: WhatsAppCustomerOptions) {}

  /** Delivers one message from `from` (digits) and resolves to its id once the webhook answered 200. */
  async send(from: string, action: CustomerAction): Promise<{ id: string; at: number }> {
    const at = (this.options.now ?? Date.now)();
    // Shaped like WhatsApp's ids (which encode the number: the bot must log neither), unique per delivery.
    const id = `wamid.sandbox${this.run}${String(++this.sequence).padStart(6, '0')}`;
    const raw = JSON.stringify(this.notification(from, id, at, action));
    const signature = `sha256=${createHmac('sha256', this.options.appSecret).update(raw).digest('hex')}`;
    const response = await fetch(this.options.webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body: raw,
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`the bot's webhook answered ${response.status}`);
    return { id, at };
  }

  private notification(from: string, id: string, at: number, action: CustomerAction): unknown {
    const content =
      'text' in action
        ? { type: 'text', text: { body: action.text } }
        : {
            ...(action.context && { context: { from: 'sandbox', id: action.context } }),
            type: 'interactive',
            interactive: {
              type: action.reply.type,
              [action.reply.type]: {
                id: action.reply.id,
                title: action.reply.title,
                ...(action.reply.description && { description: action.reply.description }),
              },
            },
          };
    return {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'sandbox-business-account',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550000000', phone_number_id: this.options.phoneNumberId },
                contacts: [{ profile: { name: 'Sandbox customer' }, wa_id: from }],
                messages: [{ from, id, timestamp: String(Math.floor(at / 1000)), ...content }],
              },
            },
          ],
        },
      ],
    };
  }
}
