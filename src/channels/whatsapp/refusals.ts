/**
 * What a refusal from WhatsApp means for an update, from Meta's error code: the same whether the Graph API answered
 * the send with it or a `failed` status callback brought it later (docs/whatsapp.md, "When WhatsApp refuses").
 * - window: 131047, more than 24 hours since the customer's last message: only a template may go;
 * - undeliverable: 131026, the number cannot receive it (no WhatsApp, an old app, blocked the business);
 * - rate_limited: 130429 (the number's throughput) and 131056 (too many to this customer): later;
 * - token: 190, or HTTP 401: the access token is bad or expired, for every customer: later, and an operator must act;
 * - other: anything else: later.
 */
export type Refusal = 'window' | 'undeliverable' | 'rate_limited' | 'token' | 'other';

export function refusalOf(code: number | undefined, status?: number): Refusal {
  if (code === 131047) return 'window';
  if (code === 131026) return 'undeliverable';
  if (code === 130429 || code === 131056) return 'rate_limited';
  if (code === 190 || status === 401) return 'token';
  return 'other';
}
