/**
 * Meta's side of a WhatsApp conversation, written from Meta's Cloud API documentation ("Webhooks", "Messages",
 * "Interactive reply buttons / list / CTA URL messages"), not from the bot's code: it imports nothing of src/.
 * A customer's messages go out as webhook notifications signed as Meta signs them (X-Hub-Signature-256: sha256=
 * HMAC-SHA256 of the raw body with the app secret); what the customer's phone shows is read from the Graph API
 * stand-in's record of the business's sends.
 */
import { createHmac } from 'node:crypto';

/** A message the business sent, as the Graph API stand-in recorded it: its id as answered, to whom, its type and its JSON body. */
export interface SentRecord {
  id: string;
  to: string;
  type: string;
  body: SendBody;
}

/** A send's JSON body (Cloud API "Messages": POST /<PHONE_NUMBER_ID>/messages), the parts a phone draws; which one is there depends on `type`. */
export interface SendBody {
  text?: { body: string };
  template?: { name: string; language: { code: string }; components?: TemplateComponent[] };
  interactive?: Interactive;
}

/** A template's component ("Send message templates"): its body's parameters fill the approved text's {{1}}, {{2}}… */
interface TemplateComponent {
  type: string;
  parameters: Array<{ type: string; text: string }>;
}

/** An interactive message: reply buttons (`button`), a list (`list`) or a link button (`cta_url`). */
export interface Interactive {
  type: string;
  body?: { text: string };
  action: {
    buttons?: Array<{ type: string; reply: { id: string; title: string } }>;
    button?: string;
    sections?: Array<{ title?: string; rows: Array<{ id: string; title: string; description?: string }> }>;
    parameters?: { display_text: string; url: string };
  };
}

/** What a phone draws of one message the business sent. */
export type OnThePhone =
  | { kind: 'text'; text: string }
  | { kind: 'buttons'; text: string; buttons: Array<{ id: string; title: string }> }
  | { kind: 'list'; text: string; button: string; rows: Array<{ id: string; title: string; description?: string }> }
  | { kind: 'link'; text: string; label: string; url: string }
  /** A message template (Meta's "Send message templates"): the approved template's name, its language, its body's text parameters. */
  | { kind: 'template'; name: string; language: string; parameters: string[] }
  | { kind: 'other'; type: string };

export function onThePhone(sent: SentRecord): OnThePhone {
  if (sent.type === 'text') return { kind: 'text', text: sent.body.text!.body };
  if (sent.type === 'template') {
    const { name, language, components = [] } = sent.body.template!;
    const body = components.filter((component) => component.type === 'body');
    return {
      kind: 'template',
      name,
      language: language.code,
      parameters: body.flatMap((component) => component.parameters.map((parameter) => parameter.text)),
    };
  }
  if (sent.type !== 'interactive') return { kind: 'other', type: sent.type };
  const interactive = sent.body.interactive!;
  const text: string = interactive.body?.text ?? '';
  switch (interactive.type) {
    case 'button':
      return {
        kind: 'buttons',
        text,
        buttons: interactive.action.buttons!.map((button) => ({ id: button.reply.id, title: button.reply.title })),
      };
    case 'list':
      return {
        kind: 'list',
        text,
        button: interactive.action.button!,
        rows: interactive.action.sections!.flatMap((section) => section.rows),
      };
    case 'cta_url':
      return {
        kind: 'link',
        text,
        label: interactive.action.parameters!.display_text,
        url: interactive.action.parameters!.url,
      };
    default:
      return { kind: 'other', type: `interactive/${interactive.type}` };
  }
}

/** One WhatsApp customer, writing to the business's number through Meta. */
export class WhatsAppCustomer {
  private sequence = 0;

  constructor(
    /** The service's webhook, e.g. `http://127.0.0.1:3978/api/whatsapp`. */
    private readonly webhook: string,
    private readonly appSecret: string,
    private readonly phoneNumberId: string,
    /** Their number, digits only, as WhatsApp's `wa_id`. */
    readonly number: string,
    /** Their phone's clock (ms): it stamps each message's `timestamp`. */
    private readonly now: () => number = Date.now,
  ) {}

  /** A message id as WhatsApp's look (`wamid.` and base64 of an opaque id). */
  nextId(): string {
    return `wamid.${Buffer.from(`${this.number}-${Date.now()}-${++this.sequence}`).toString('base64')}`;
  }

  /** Types words. */
  text(body: string, id = this.nextId()) {
    return this.notification({ id, type: 'text', text: { body } });
  }

  /** Presses a reply button of a message they got. */
  press(button: { id: string; title: string }, id = this.nextId()) {
    return this.notification({ id, type: 'interactive', interactive: { type: 'button_reply', button_reply: button } });
  }

  /** Picks a row of a list they got. */
  pick(row: { id: string; title: string; description?: string }, id = this.nextId()) {
    return this.notification({ id, type: 'interactive', interactive: { type: 'list_reply', list_reply: row } });
  }

  /** Delivers a notification as Meta does: POST of the raw JSON, signed with the app secret unless `signature` says otherwise. */
  async deliver(
    notification: unknown,
    signature: 'signed' | 'unsigned' | { secret: string } = 'signed',
  ): Promise<number> {
    const raw = JSON.stringify(notification);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature !== 'unsigned') {
      const secret = signature === 'signed' ? this.appSecret : signature.secret;
      headers['x-hub-signature-256'] = `sha256=${createHmac('sha256', secret).update(raw, 'utf8').digest('hex')}`;
    }
    const response = await fetch(this.webhook, { method: 'POST', headers, body: raw });
    await response.arrayBuffer();
    return response.status;
  }

  /** The `messages` webhook for one message of theirs. */
  private notification(message: Record<string, unknown>) {
    return messagesNotification(this.phoneNumberId, this.number, message, this.now());
  }
}

/** Meta's `messages` webhook notification for one customer message (`message`: its id, type and content), sent at `at` (ms). */
export function messagesNotification(
  phoneNumberId: string,
  from: string,
  message: Record<string, unknown>,
  at = Date.now(),
) {
  return webhookNotification(phoneNumberId, {
    contacts: [{ profile: { name: 'Ana Souza' }, wa_id: from }],
    messages: [{ from, timestamp: String(Math.floor(at / 1000)), ...message }],
  });
}

/** Meta's webhook envelope for the `messages` field of the business's number: `value` holds messages or statuses. */
export function webhookNotification(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}
