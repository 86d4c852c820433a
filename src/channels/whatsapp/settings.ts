import type { UpdateTemplate } from './updateTemplate';

/** What the WhatsApp channel needs of its settings (src/config reads them from WHATSAPP_*). */
export interface WhatsAppSettings {
  phoneNumberId: string;
  accessToken: string;
  /** Keys the webhook's X-Hub-Signature-256. */
  appSecret: string;
  /** What Meta's handshake (GET /api/whatsapp) must present. */
  verifyToken: string;
  /** The Graph API's base with its version, no trailing slash. */
  apiUrl: string;
  /** WHATSAPP_UPDATE_TEMPLATE: Notify me's updates outside the 24-hour window; none, and a watch ends with the window. */
  updateTemplate?: UpdateTemplate;
}
