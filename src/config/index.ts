/**
 * The environment, parsed once (environment.ts) into one typed Config: each part's settings, in that part's
 * own types. The composition root (app.ts) hands each part its section.
 */
import type { OrderNumberFormat, Store } from '../recognize';
import type { SupportPages } from '../nextSteps/supportPages';
import type { HandoffHub } from '../handoff/hubs';
import type { OrderDetails } from '../customers/disclosure';
import type { CustomerTokenSettings } from '../customers/customerToken';
import type { RetryOptions } from '../tracking/retry';
import { DEFAULT_RETRY } from '../tracking/retry';
import type { WebchatSettings } from '../webchatSettings';
import type { TelemetrySettings } from '../telemetry/metrics';
import type { WhatsAppSettings } from '../channels/whatsapp/settings';
import type { StorageSettings } from '../storageSettings';
import type { BotIdentity } from '../bot/inboundAuthentication';
import { LOOPBACK_LISTEN_HOST } from '../http/loopback';
import { EnvSchema, productionBy, type Environment } from './environment';

export {
  DEFAULT_CUSTOMER_TOKEN_AUDIENCE,
  DEFAULT_NOTIFY_INTERVAL_MS,
  ENV_VARIABLES,
  PRODUCTION_BY_NODE_ENV,
} from './environment';

export interface Config {
  /** NODE_ENV is not one of DEVELOPMENT_NODE_ENVS; unset, production once an upstream is configured (sandbox mode is not). */
  production: boolean;
  port: number;
  logLevel: string;
  defaultLocale: string;
  /** For dates when the client sends no time zone. */
  defaultTimeZone: string;
  checkpoints?: { baseUrl: string; userId: string; token: string };
  trackings?: {
    baseUrl: string;
    apiKey: string;
    service: string;
    /** The store of a single-store deployment: store orders never ask for it. */
    storeId?: string;
    /** The stores a customer picks from by name, in the operator's order. */
    stores?: Store[];
  };
  /** The shop's own order-number format: a word that matches it is looked up at once as an order number. */
  orderNumberFormat?: OrderNumberFormat;
  /** The shop's help page, where the bot sends what it cannot do itself: per language, else one for all. */
  supportPages: SupportPages;
  /** Days without news after which an undelivered shipment is stale (or stuck, before pickup). */
  staleAfterDays: number;
  handoff: {
    /** Who takes over when a customer asks for a person; undefined when HANDOFF is unset, which means none. */
    hub?: HandoffHub;
    /** Whether the conversation's last texts go with a Bot Framework handoff (HANDOFF_TRANSCRIPT). */
    transcript: boolean;
    /** Handoffs one conversation, and one customer across conversations, may start per 24 hours (HANDOFF_LIMIT). */
    limit: number;
  };
  /** "Notify me": watches of looked-up orders, announced when they move. */
  notify: {
    forDays: number;
    maxPerConversation: number;
    /** Watches one customer may have across conversations. */
    maxPerCustomer: number;
    /** Watches kept at most: in this instance's memory, or on Azure Storage for every instance together (watchRoom.ts). */
    maxWatches: number;
    /** "Notify me" requests per 10 minutes, per conversation and per customer; 0 for no limit. */
    startLimit: number;
    intervalMs: number;
    maxChecksPerSecond: number;
  };
  retry: RetryOptions;
  /** The action routes: the key callers present (production serves them only with one; while it rolls the previous one too), and requests per minute per client (0: no limit). */
  actions: { apiKey?: string; previousApiKey?: string; perMinute: number };
  /** POST /api/webchat/token (src/http/webchatToken.ts): off (503) without the secret. */
  webchat: WebchatSettings;
  /** How a store's customer token is checked (src/customers/customerToken.ts); none: nobody signs in, and a customerToken gets 401. */
  customerTokens?: CustomerTokenSettings;
  /** ORDER_DETAILS: what a lookup by order number, store order or order ID shows to whom (src/customers/disclosure.ts). */
  orderDetails: OrderDetails;
  /** Where conversation state and watches live (STORAGE). */
  storage: StorageSettings;
  /** The WhatsApp channel (src/channels/whatsapp); off unless its four settings are set. */
  whatsapp?: WhatsAppSettings;
  /** RETENTION_DAYS: how long a conversation's state is kept after its last turn; a customer's state and Notify me's records end by it and NOTIFY_FOR_DAYS, two kinds by times of their own (docs/personal-data.md). */
  retentionDays: number;
  /** Metrics and traces (src/telemetry): Prometheus at GET /metrics, OTLP to a collector, Application Insights; none set, nothing of OpenTelemetry is loaded. */
  telemetry: TelemetrySettings;
  /** Lookups one conversation may make per 10 minutes; 0 for no limit. */
  lookupLimit: number;
  /** How long a lookup's answer is reused; 0 turns the cache off. */
  lookupCacheTtlMs: number;
  /** How long a turn waits for a lookup before it says "still checking". */
  replyWithinMs: number;
  /** How long a stopping process may take to finish its turns and later answers. */
  shutdownGraceMs: number;
  /** The Azure Bot's identity; without appId, inbound auth is off (only sandbox mode, or NODE_ENV development or test, on loopback). */
  bot: BotIdentity;
}

function definedOnly(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(source: NodeJS.ProcessEnv): Config {
  // An empty line copied from .env.example (`TOKEN=`) means "not set".
  const env = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  return {
    production: productionBy(e.NODE_ENV, e.CHECKPOINTS_BASE_URL === undefined && e.TRACKINGS_BASE_URL === undefined),
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    defaultLocale: e.DEFAULT_LOCALE,
    defaultTimeZone: e.DEFAULT_TIMEZONE,
    checkpoints: e.CHECKPOINTS_BASE_URL
      ? { baseUrl: e.CHECKPOINTS_BASE_URL, userId: e.CHECKPOINTS_USER_ID!, token: e.CHECKPOINTS_TOKEN! }
      : undefined,
    trackings: e.TRACKINGS_BASE_URL
      ? {
          baseUrl: e.TRACKINGS_BASE_URL,
          apiKey: e.TRACKINGS_API_KEY!,
          service: e.TRACKINGS_SERVICE,
          storeId: e.TRACKINGS_STORE_ID,
          stores: e.TRACKINGS_STORES,
        }
      : undefined,
    orderNumberFormat: e.ORDER_NUMBER_PATTERN,
    supportPages: {
      fallback: e.SUPPORT_URL,
      byLanguage: definedOnly({
        en: e.SUPPORT_URL_EN,
        de: e.SUPPORT_URL_DE,
        fr: e.SUPPORT_URL_FR,
        es: e.SUPPORT_URL_ES,
        it: e.SUPPORT_URL_IT,
        nl: e.SUPPORT_URL_NL,
      }),
    },
    staleAfterDays: e.STALE_AFTER_DAYS,
    handoff: { hub: e.HANDOFF, transcript: e.HANDOFF_TRANSCRIPT === 'on', limit: e.HANDOFF_LIMIT },
    notify: {
      forDays: e.NOTIFY_FOR_DAYS,
      maxPerConversation: e.NOTIFY_MAX_PER_CONVERSATION,
      maxPerCustomer: e.NOTIFY_MAX_PER_CUSTOMER,
      maxWatches: e.NOTIFY_MAX_WATCHES,
      startLimit: e.NOTIFY_START_LIMIT,
      intervalMs: e.NOTIFY_INTERVAL_MS,
      maxChecksPerSecond: e.NOTIFY_MAX_CHECKS_PER_SECOND,
    },
    retry: {
      ...DEFAULT_RETRY,
      maxAttempts: e.UPSTREAM_MAX_ATTEMPTS,
      attemptTimeoutMs: e.UPSTREAM_ATTEMPT_TIMEOUT_MS,
      deadlineMs: e.UPSTREAM_DEADLINE_MS,
    },
    actions: { apiKey: e.ACTIONS_API_KEY, previousApiKey: e.ACTIONS_API_KEY_PREVIOUS, perMinute: e.ACTIONS_RATE_LIMIT },
    webchat: {
      secret: e.DIRECTLINE_SECRET,
      endpoint: e.DIRECTLINE_ENDPOINT,
      allowedOrigins: e.WEBCHAT_ALLOWED_ORIGINS ?? [],
      tokensPerMinute: e.WEBCHAT_TOKENS_PER_MINUTE,
      trustedProxyHops: e.TRUSTED_PROXY_HOPS,
      customerIdSecret: e.CUSTOMER_ID_SECRET,
      ipv6PrefixLength: e.CLIENT_IPV6_PREFIX,
    },
    customerTokens: customerTokens(e),
    orderDetails: e.ORDER_DETAILS,
    storage:
      e.STORAGE === 'blob'
        ? {
            kind: 'blob',
            connectionString: e.AZURE_STORAGE_CONNECTION_STRING!,
            container: e.AZURE_STORAGE_CONTAINER,
            queue: e.AZURE_STORAGE_QUEUE,
            keySecret: e.STORAGE_KEY_SECRET!,
          }
        : {
            kind: 'memory',
            maxItems: e.MEMORY_STATE_MAX_ITEMS,
            idleMs: e.MEMORY_STATE_IDLE_MINUTES * 60_000,
            keySecret: e.STORAGE_KEY_SECRET,
          },
    retentionDays: e.RETENTION_DAYS,
    telemetry: telemetry(e),
    lookupLimit: e.LOOKUP_LIMIT,
    lookupCacheTtlMs: e.LOOKUP_CACHE_TTL_MS,
    replyWithinMs: e.REPLY_WITHIN_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    bot: {
      appType: e.MicrosoftAppType,
      appId: e.MicrosoftAppId,
      appPassword: e.MicrosoftAppPassword,
      tenantId: e.MicrosoftAppTenantId,
    },
    whatsapp: e.WHATSAPP_PHONE_NUMBER_ID
      ? {
          phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
          accessToken: e.WHATSAPP_ACCESS_TOKEN!,
          appSecret: e.WHATSAPP_APP_SECRET!,
          verifyToken: e.WHATSAPP_VERIFY_TOKEN!,
          apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
          ...(e.WHATSAPP_UPDATE_TEMPLATE && { updateTemplate: e.WHATSAPP_UPDATE_TEMPLATE }),
        }
      : undefined,
  };
}

function customerTokens(e: Environment): CustomerTokenSettings | undefined {
  const common = { audience: e.CUSTOMER_TOKEN_AUDIENCE, issuer: e.CUSTOMER_TOKEN_ISSUER };
  if (e.CUSTOMER_TOKEN_SECRET)
    return {
      algorithm: 'HS256',
      secret: e.CUSTOMER_TOKEN_SECRET,
      ...(e.CUSTOMER_TOKEN_SECRET_PREVIOUS && { previousSecret: e.CUSTOMER_TOKEN_SECRET_PREVIOUS }),
      ...common,
    };
  if (e.CUSTOMER_TOKEN_JWKS_URL)
    return {
      algorithm: e.CUSTOMER_TOKEN_ALGORITHM === 'ES256' ? 'ES256' : 'RS256',
      jwksUrl: e.CUSTOMER_TOKEN_JWKS_URL,
      ...common,
    };
  return undefined;
}

function telemetry(e: Environment): TelemetrySettings {
  const serviceName = e.OTEL_SERVICE_NAME;
  if (e.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return { serviceName };
  // The signal's own endpoint is used as it is; the general one is a base the signal's path is added to (the OTLP exporter specification).
  const base = e.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  const url = e.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT ?? (base && `${base}/v1/metrics`);
  const tracesUrl = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base && `${base}/v1/traces`);
  const connectionString = e.APPLICATIONINSIGHTS_CONNECTION_STRING;
  return {
    serviceName,
    metricsToken: e.METRICS_TOKEN,
    metricsTokenPrevious: e.METRICS_TOKEN_PREVIOUS,
    otlp: url ? { url, protocol: e.OTEL_EXPORTER_OTLP_PROTOCOL, intervalMs: e.OTEL_METRIC_EXPORT_INTERVAL } : undefined,
    traces:
      tracesUrl || connectionString
        ? {
            otlp: tracesUrl ? { url: tracesUrl, protocol: e.OTEL_EXPORTER_OTLP_PROTOCOL } : undefined,
            sampler: { name: e.OTEL_TRACES_SAMPLER, ratio: e.OTEL_TRACES_SAMPLER_ARG },
          }
        : undefined,
    azureMonitor: connectionString ? { connectionString, intervalMs: e.OTEL_METRIC_EXPORT_INTERVAL } : undefined,
  };
}

/** No upstream is configured: `npm start` runs sandbox mode (sandbox/upstreams.ts says whether it may). */
export function wantsSandbox(config: Config): boolean {
  return !config.checkpoints && !config.trackings;
}

/**
 * Where the service listens: with inbound auth off (no MicrosoftAppId: sandbox mode, or NODE_ENV development
 * or test) this machine only, so nobody else can post unsigned activities; else every interface, as a host expects.
 */
export function listenHost(config: Config): string | undefined {
  return config.bot.appId ? undefined : LOOPBACK_LISTEN_HOST;
}
