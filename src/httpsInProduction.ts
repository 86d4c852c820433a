/**
 * Production refuses plain http wherever a secret or a key travels, or where a key comes from (the
 * customer tokens' key set); plain http only to this machine (a sidecar, an emulator). Each refusal
 * names the setting and why, never its value.
 */
import { isLoopbackUrl } from './http/loopback';

export const HTTPS_IN_PRODUCTION =
  'must be https in production (plain http only to this machine: localhost, 127.0.0.0/8 or [::1])';

// The OpenTelemetry exporter reads OTEL_EXPORTER_OTLP_HEADERS (where a collector's key goes) by itself, unseen here.
const OTLP = "the exporter sends OTEL_EXPORTER_OTLP_HEADERS (a collector's key) with every export";

/** Each URL setting, and what plain http would expose. */
const URLS = {
  CHECKPOINTS_BASE_URL: "Interface A's token goes with every call",
  TRACKINGS_BASE_URL: "Interface B's API key goes with every call",
  DIRECTLINE_ENDPOINT: 'the Direct Line secret goes with every token request',
  CUSTOMER_TOKEN_JWKS_URL:
    'a key set fetched over plain http can be swapped on the way, and a token signed by the swapped key accepted',
  WHATSAPP_API_URL: 'the WhatsApp access token goes with every message sent',
  OTEL_EXPORTER_OTLP_ENDPOINT: OTLP,
  OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: OTLP,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: OTLP,
} as const;

/** The settings read here, as the config's schema has parsed them (origins already a list). */
export type SecretCarryingSettings = { [name in keyof typeof URLS]?: string } & {
  WEBCHAT_ALLOWED_ORIGINS?: string[];
  STORAGE?: string;
  AZURE_STORAGE_CONNECTION_STRING?: string;
};

/** The settings that would send a secret or take a key over plain http, each with why that matters. */
export function plainHttpRefusals(env: SecretCarryingSettings): Array<{ name: string; why: string }> {
  const refused: Array<{ name: string; why: string }> = [];
  for (const [name, why] of Object.entries(URLS)) {
    const value = env[name as keyof typeof URLS];
    if (value !== undefined && !httpsOrLoopback(value)) refused.push({ name, why });
  }
  if (env.WEBCHAT_ALLOWED_ORIGINS?.some((origin) => !httpsOrLoopback(origin))) {
    refused.push({
      name: 'WEBCHAT_ALLOWED_ORIGINS',
      why: "a page served over plain http can be changed on the way and take its visitor's token",
    });
  }
  if (
    env.STORAGE === 'blob' &&
    env.AZURE_STORAGE_CONNECTION_STRING !== undefined &&
    !storageOverHttps(env.AZURE_STORAGE_CONNECTION_STRING)
  ) {
    refused.push({
      name: 'AZURE_STORAGE_CONNECTION_STRING',
      why: 'conversation state (personal data) and any SharedAccessSignature would travel unencrypted; use DefaultEndpointsProtocol=https',
    });
  }
  return refused;
}

function httpsOrLoopback(value: string): boolean {
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'https:' || isLoopbackUrl(url));
}

/** Every endpoint the string names is https or this machine; one it derives (no Blob/QueueEndpoint of its own) follows DefaultEndpointsProtocol. */
function storageOverHttps(connectionString: string): boolean {
  const endpoints = [...connectionString.matchAll(/(?:^|;)\s*(Blob|Queue)Endpoint=([^;]*)/gi)];
  const named = endpoints.every(([, , url]) => httpsOrLoopback(url.trim()));
  const derived = new Set(endpoints.map(([, kind]) => kind.toLowerCase())).size < 2;
  return named && !(derived && /(?:^|;)\s*DefaultEndpointsProtocol=http\s*(?:;|$)/i.test(connectionString));
}
