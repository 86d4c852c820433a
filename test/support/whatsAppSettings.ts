/** The WhatsApp channel's settings against the Graph API stand-in: its demo number id and token, the test's own secrets. */
import { SIM_ACCESS_TOKEN, SIM_PHONE_NUMBER_ID } from '../../sandbox/simulators';

export function whatsAppEnv(
  graph: { url: string },
  secrets: { appSecret: string; verifyToken: string },
): Record<string, string> {
  return {
    WHATSAPP_PHONE_NUMBER_ID: SIM_PHONE_NUMBER_ID,
    WHATSAPP_ACCESS_TOKEN: SIM_ACCESS_TOKEN,
    WHATSAPP_APP_SECRET: secrets.appSecret,
    WHATSAPP_VERIFY_TOKEN: secrets.verifyToken,
    WHATSAPP_API_URL: `${graph.url}/v24.0`,
  };
}
