/**
 * The Graph API calls the channel makes: `POST {WHATSAPP_API_URL}/{phone number id}/messages` with the access
 * token as Bearer, to send a message or to mark the customer's message read. A refusal becomes a typed error with
 * Meta's status and code, never the token, the recipient or the text sent.
 */
import type { WhatsAppSettings } from './settings';
import type { TemplateMessage } from './updateTemplate';

/** A send gives up after this long: the customer's answer is late anyway, and the turn must end. */
const SEND_TIMEOUT_MS = 10_000;

/** A message body as Meta's "Messages" reference shapes it, without the envelope (`messaging_product`, `to`). */
export type WhatsAppMessage =
  | { type: 'text'; text: { body: string; preview_url?: boolean } }
  | { type: 'interactive'; interactive: Record<string, unknown> }
  | TemplateMessage;

export class WhatsAppSendError extends Error {
  override readonly name = 'WhatsAppSendError';

  /** `status` the HTTP status (0 when none came), `code` Meta's error code (131047 outside the 24-hour window, 190 a bad token…). */
  constructor(
    readonly status: number,
    readonly code: number | undefined,
  ) {
    super(`the Graph API refused a WhatsApp send: HTTP ${status}${code === undefined ? '' : `, code ${code}`}`);
  }
}

export class GraphApi {
  private readonly endpoint: string;

  constructor(
    private readonly settings: Pick<WhatsAppSettings, 'apiUrl' | 'phoneNumberId' | 'accessToken'>,
    private readonly fetcher: typeof fetch = fetch,
  ) {
    this.endpoint = `${settings.apiUrl}/${settings.phoneNumberId}/messages`;
  }

  /** Sends `message` to the customer `to`; resolves to WhatsApp's id of the message. */
  async send(to: string, message: WhatsAppMessage): Promise<string> {
    const answer = await this.post({ messaging_product: 'whatsapp', recipient_type: 'individual', to, ...message });
    const id = (answer as { messages?: Array<{ id?: unknown }> }).messages?.[0]?.id;
    return typeof id === 'string' ? id : '';
  }

  /** Marks the customer's message read (blue ticks); with `typing`, shows them the bot is writing until it answers (at most 25 s). */
  async markRead(messageId: string, typing = false): Promise<void> {
    await this.post({
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: messageId,
      ...(typing && { typing_indicator: { type: 'text' } }),
    });
  }

  private async post(body: Record<string, unknown>): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetcher(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.settings.accessToken}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch {
      // The cause may name the URL; it says nothing the status 0 does not.
      throw new WhatsAppSendError(0, undefined);
    }
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const code = (answer as { error?: { code?: unknown } } | undefined)?.error?.code;
      throw new WhatsAppSendError(response.status, typeof code === 'number' ? code : undefined);
    }
    return answer ?? {};
  }
}
