/**
 * The environment's schema: every variable the service reads, what each may be, and which go together. A bad
 * value fails the start with a message naming the variable; values are never echoed, so no secret is printed.
 * index.ts maps the parsed variables onto each part's settings.
 */
import { z } from 'zod';
import { compileOrderNumberPattern, validateIdentifier, type OrderNumberFormat, type Store } from '../recognize';
import { HANDOFF_HUBS } from '../handoff/hubs';
import { validTimeZone } from '../timeZone';
import { DEFAULT_TRACKINGS_SERVICE } from '../tracking/trackings/client';
import { DEFAULT_RETRY } from '../tracking/retry';
import { DEFAULT_DIRECTLINE_ENDPOINT, DEFAULT_IPV6_PREFIX_LENGTH } from '../webchatSettings';
import { readUpdateTemplate, UPDATE_TEMPLATE_FORMAT } from '../channels/whatsapp/updateTemplate';
import { LOOPBACK_LISTEN_HOST } from '../http/loopback';
import { HTTPS_IN_PRODUCTION, plainHttpRefusals } from '../httpsInProduction';

const httpUrl = z.string().refine((value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, 'must be an http(s) URL');

const positiveInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const locale = z.string().refine((value) => {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}, 'must be a language tag such as en or de-DE');

/** A container's or a queue's name in Azure Storage: 3-63 lowercase letters, digits and single hyphens, a letter or digit at each end. */
const AZURE_NAME = /^(?!.*--)[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/** NOTIFY_INTERVAL_MS unless set: a watched order is checked every 30 minutes. */
export const DEFAULT_NOTIFY_INTERVAL_MS = 30 * 60_000;

/** The `aud` a customer token must carry unless CUSTOMER_TOKEN_AUDIENCE says otherwise (the sandbox's demo tokens carry it too). */
export const DEFAULT_CUSTOMER_TOKEN_AUDIENCE = 'order-tracking-bot';

/** WHATSAPP_API_URL unless set: Meta's Graph API, at a version that supports every call the channel makes. */
const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com/v24.0';

/** The service.name of every metric export unless OTEL_SERVICE_NAME says otherwise. */
const DEFAULT_SERVICE_NAME = 'order-tracking-bot';

const ENV_SHAPE = {
  NODE_ENV: z.string().optional(),
  PORT: positiveInt(1, 65535).default(3978),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  CHECKPOINTS_BASE_URL: httpUrl.optional(),
  CHECKPOINTS_USER_ID: z.string().regex(/^\d+$/, 'must be a numeric user id').optional(),
  CHECKPOINTS_TOKEN: z.string().optional(),

  TRACKINGS_BASE_URL: httpUrl.optional(),
  TRACKINGS_API_KEY: z.string().regex(/^\S+$/, 'must not contain spaces').optional(),
  TRACKINGS_SERVICE: z
    .string()
    .regex(
      /^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)+$/,
      'must be a fully qualified service name such as example.storeapi.v1.PublicAPI',
    )
    .default(DEFAULT_TRACKINGS_SERVICE),
  TRACKINGS_STORE_ID: z.string().max(128).optional(),
  TRACKINGS_STORES: z.string().max(4_000).transform(parseStores).optional(),
  ORDER_NUMBER_PATTERN: z.string().transform(parsePattern).optional(),
  SUPPORT_URL: httpUrl.optional(),
  SUPPORT_URL_EN: httpUrl.optional(),
  SUPPORT_URL_DE: httpUrl.optional(),
  SUPPORT_URL_FR: httpUrl.optional(),
  SUPPORT_URL_ES: httpUrl.optional(),
  SUPPORT_URL_IT: httpUrl.optional(),
  SUPPORT_URL_NL: httpUrl.optional(),
  // A parcel not delivered with no news for this many days is "stale"; never handed to the carrier, "stuck".
  STALE_AFTER_DAYS: positiveInt(1, 60).default(5),
  // Unset is none; the sandbox then plays a Bot Framework agent hub.
  HANDOFF: z.enum(HANDOFF_HUBS, { error: `must be one of ${HANDOFF_HUBS.join(', ')}` }).optional(),
  HANDOFF_TRANSCRIPT: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  HANDOFF_LIMIT: z.coerce.number().int().min(1).max(100).default(3),

  // "Notify me": how long a watch lasts, how many one conversation may have (0 turns it off), how often each is checked.
  NOTIFY_FOR_DAYS: positiveInt(1, 90).default(14),
  NOTIFY_MAX_PER_CONVERSATION: z.coerce.number().int().min(0).max(50).default(5),
  // One customer (the channel's user id) across conversations; all watches kept (in memory about 5 KB each; on Azure, every instance's).
  NOTIFY_MAX_PER_CUSTOMER: positiveInt(1, 1_000).default(10),
  NOTIFY_MAX_WATCHES: positiveInt(1, 10_000_000).default(10_000),
  // "Notify me" requests per 10 minutes, per conversation and per customer (0: no limit): each queues a timer.
  NOTIFY_START_LIMIT: z.coerce.number().int().min(0).max(1000).default(10),
  NOTIFY_INTERVAL_MS: positiveInt(1_000, 86_400_000).default(DEFAULT_NOTIFY_INTERVAL_MS),
  // Checks per second against the upstream, per instance: the schedule waits rather than burst.
  NOTIFY_MAX_CHECKS_PER_SECOND: positiveInt(1, 1_000).default(5),

  // The action routes: our key (production serves them only with it) and requests per minute per client (0: no limit).
  ACTIONS_API_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/, 'must be 16 to 512 visible ASCII characters (no spaces)')
    .optional(),
  // While a secret rolls, the one it replaces is accepted too (docs/operating.md, "Rotating every secret").
  ACTIONS_API_KEY_PREVIOUS: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/, 'must be 16 to 512 visible ASCII characters (no spaces)')
    .optional(),
  ACTIONS_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(60),

  // Web Chat on the store's site: POST /api/webchat/token turns the secret into a token for one page's origin.
  DIRECTLINE_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{1,512}$/, "must be Direct Line's secret: visible ASCII characters, no spaces")
    .optional(),
  DIRECTLINE_ENDPOINT: httpUrl.default(DEFAULT_DIRECTLINE_ENDPOINT),
  WEBCHAT_ALLOWED_ORIGINS: z.string().max(4_000).transform(parseOrigins).optional(),
  // Tokens per minute per client (0: no limit): a visitor can always ask for a new id, so the endpoint is limited.
  WEBCHAT_TOKENS_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(30),
  // Signed-in customers: the store signs a short-lived JWT (HS256 with the shared secret, or RS256/ES256 under its JWKS).
  CUSTOMER_TOKEN_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{32,512}$/, 'must be 32 to 512 visible ASCII characters (HS256 needs at least 256 bits)')
    .optional(),
  CUSTOMER_TOKEN_SECRET_PREVIOUS: z
    .string()
    .regex(/^[\x21-\x7e]{32,512}$/, 'must be 32 to 512 visible ASCII characters (HS256 needs at least 256 bits)')
    .optional(),
  // The key of signed-in customers' user ids (customerUserIds.ts): a setting of its own, so Direct Line's secret rolls alone.
  // At least 16 characters, not 32: a shop upgrading copies its Direct Line secret here to keep its customers' ids.
  CUSTOMER_ID_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/, 'must be 16 to 512 visible ASCII characters (no spaces)')
    .optional(),
  CUSTOMER_TOKEN_JWKS_URL: httpUrl.optional(),
  CUSTOMER_TOKEN_ALGORITHM: z.enum(['HS256', 'RS256', 'ES256']).optional(),
  CUSTOMER_TOKEN_AUDIENCE: z.string().min(1).max(200).default(DEFAULT_CUSTOMER_TOKEN_AUDIENCE),
  CUSTOMER_TOKEN_ISSUER: z.string().min(1).max(200).optional(),
  // What a lookup by order number, store order or order ID shows to someone who is not its signed-in owner.
  ORDER_DETAILS: z.enum(['masked', 'verified', 'open']).default('masked'),
  // Proxies in front of the service (Azure App Service's front end is 1) whose X-Forwarded-For entry names the client.
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // How many leading bits of an IPv6 address make one client for those budgets: a host rotates through its /64 at will.
  CLIENT_IPV6_PREFIX: z.coerce.number().int().min(32).max(128).default(DEFAULT_IPV6_PREFIX_LENGTH),

  // Metrics (docs/operating.md, "Metrics"): GET /metrics serves Prometheus text to whoever presents this token; unset, there is no such route.
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/, 'must be 16 to 512 visible ASCII characters (no spaces)')
    .optional(),
  METRICS_TOKEN_PREVIOUS: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/, 'must be 16 to 512 visible ASCII characters (no spaces)')
    .optional(),
  // OpenTelemetry's standard variables, read as its SDKs read them: OTLP export of the metrics to a collector.
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z
    .enum(['http/protobuf', 'http/json'], { error: 'must be http/protobuf or http/json (grpc is not supported)' })
    .default('http/protobuf'),
  OTEL_SERVICE_NAME: z.string().min(1).max(200).default(DEFAULT_SERVICE_NAME),
  OTEL_METRIC_EXPORT_INTERVAL: positiveInt(1_000, 86_400_000).default(60_000),
  // As the specification reads it: "true" in any case turns every export off; anything else leaves them on.
  OTEL_SDK_DISABLED: z.string().optional(),
  // Which traces are kept (docs/operating.md, "Traces"): the specification's samplers, and the ratio of the traceidratio ones.
  OTEL_TRACES_SAMPLER: z
    .enum(
      [
        'always_on',
        'always_off',
        'traceidratio',
        'parentbased_always_on',
        'parentbased_always_off',
        'parentbased_traceidratio',
      ],
      {
        error:
          'must be always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off or parentbased_traceidratio',
      },
    )
    .default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number({ error: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .default(1),
  // Application Insights: traces and metrics go to the resource this names (secret-like: never logged).
  APPLICATIONINSIGHTS_CONNECTION_STRING: z
    .string()
    .regex(
      /(^|;)\s*InstrumentationKey=[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\s*(;|$)/,
      'must be the connection string of an Application Insights resource (InstrumentationKey=…;IngestionEndpoint=…)',
    )
    .optional(),

  UPSTREAM_MAX_ATTEMPTS: positiveInt(1, 10).default(DEFAULT_RETRY.maxAttempts),
  UPSTREAM_ATTEMPT_TIMEOUT_MS: positiveInt(100, 60_000).default(DEFAULT_RETRY.attemptTimeoutMs),
  UPSTREAM_DEADLINE_MS: positiveInt(100, 300_000).default(DEFAULT_RETRY.deadlineMs),

  STORAGE: z.enum(['memory', 'blob']).default('memory'),
  AZURE_STORAGE_CONNECTION_STRING: z.string().optional(),
  AZURE_STORAGE_CONTAINER: z
    .string()
    .regex(AZURE_NAME, 'must be an Azure container name: 3-63 lowercase letters, digits and single hyphens')
    .default('conversation-state'),
  AZURE_STORAGE_QUEUE: z
    .string()
    .regex(AZURE_NAME, 'must be an Azure queue name: 3-63 lowercase letters, digits and single hyphens')
    .default('tracking-watch'),
  // State in memory is bounded by count: 20,000 items take at most about 60 MB (README, Operating it; bench/stateMemory.ts).
  MEMORY_STATE_MAX_ITEMS: positiveInt(1, 10_000_000).default(20_000),
  MEMORY_STATE_IDLE_MINUTES: positiveInt(1, 43_200).default(24 * 60),
  // Keys the names stored state goes under (keyed hashes of conversation and user ids, docs/personal-data.md); required with STORAGE=blob.
  STORAGE_KEY_SECRET: z
    .string()
    .regex(
      /^[\x21-\x7e]{32,512}$/,
      'must be 32 to 512 visible ASCII characters, no spaces: a long random value (openssl rand -base64 32), kept for good',
    )
    .optional(),
  // Days a conversation's state is kept after its last turn (docs/personal-data.md).
  RETENTION_DAYS: positiveInt(1, 365).default(7),

  LOOKUP_LIMIT: z.coerce.number().int().min(0).max(1000).default(10),
  LOOKUP_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  // Channels give up on a turn after 10 to 15 s; past this, the answer follows as a message of its own.
  REPLY_WITHIN_MS: positiveInt(100, 14_000).default(8_000),
  // Below the platform's wait between SIGTERM and SIGKILL; later answers are abandoned 3 s before it ends.
  SHUTDOWN_GRACE_MS: positiveInt(5_000, 600_000).default(15_000),

  DEFAULT_LOCALE: locale.default('en'),
  DEFAULT_TIMEZONE: z
    .string()
    .refine((zone) => validTimeZone(zone) !== undefined, 'must be an IANA time zone such as Europe/Berlin')
    .default('UTC'),

  // No default: Azure creates no new multi-tenant bots (after 31 July 2025), so the type is said, as the Azure Bot was created.
  MicrosoftAppType: z.enum(['MultiTenant', 'SingleTenant', 'UserAssignedMSI']).optional(),
  MicrosoftAppId: z.string().optional(),
  MicrosoftAppPassword: z.string().optional(),
  MicrosoftAppTenantId: z.string().optional(),

  // WhatsApp (Meta's Cloud API, src/channels/whatsapp): on only when the first four are set.
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{1,30}$/, "must be the phone number's id from Meta's app dashboard: digits, not the phone number")
    .optional(),
  WHATSAPP_ACCESS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{1,2048}$/, 'must be a Graph API access token: visible ASCII characters, no spaces')
    .optional(),
  WHATSAPP_APP_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{1,512}$/, "must be the Meta app's secret: visible ASCII characters, no spaces")
    .optional(),
  WHATSAPP_VERIFY_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{1,512}$/, 'must be visible ASCII characters, no spaces')
    .optional(),
  WHATSAPP_API_URL: httpUrl.default(DEFAULT_WHATSAPP_API_URL),
  // Notify me's updates outside WhatsApp's 24-hour window: `name:lang,lang` (src/channels/whatsapp/updateTemplate.ts).
  WHATSAPP_UPDATE_TEMPLATE: z
    .string()
    .regex(
      UPDATE_TEMPLATE_FORMAT,
      "must be an approved template's name, a colon and the languages it was approved in, comma-separated (e.g. order_update:en,de,fr)",
    )
    .transform(readUpdateTemplate)
    .optional(),
};

const WHATSAPP_SETTINGS = [
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

/** Every variable the service reads. */
export const ENV_VARIABLES = Object.keys(ENV_SHAPE);

export const EnvSchema = z.object(ENV_SHAPE).superRefine((env, ctx) => {
  const requireWith = (when: keyof typeof env, ...names: Array<keyof typeof env>) => {
    if (env[when] === undefined) return;
    for (const name of names) {
      if (env[name] === undefined)
        ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${when} is set` });
    }
  };
  requireWith('CHECKPOINTS_BASE_URL', 'CHECKPOINTS_USER_ID', 'CHECKPOINTS_TOKEN');
  requireWith('TRACKINGS_BASE_URL', 'TRACKINGS_API_KEY');
  requireWith('DIRECTLINE_SECRET', 'WEBCHAT_ALLOWED_ORIGINS');
  // A secret's previous value only while it rolls to a new one.
  for (const [previous, current] of [
    ['ACTIONS_API_KEY_PREVIOUS', 'ACTIONS_API_KEY'],
    ['CUSTOMER_TOKEN_SECRET_PREVIOUS', 'CUSTOMER_TOKEN_SECRET'],
    ['METRICS_TOKEN_PREVIOUS', 'METRICS_TOKEN'],
  ] as const) {
    if (env[previous] !== undefined && env[current] === undefined)
      ctx.addIssue({
        code: 'custom',
        path: [previous],
        message: `is the value being replaced while ${current} rolls, so it needs ${current} set`,
      });
  }
  if (env.CUSTOMER_TOKEN_SECRET !== undefined && env.CUSTOMER_TOKEN_JWKS_URL !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['CUSTOMER_TOKEN_JWKS_URL'],
      message: 'set CUSTOMER_TOKEN_SECRET (HS256) or CUSTOMER_TOKEN_JWKS_URL (RS256/ES256), not both',
    });
  }
  if (
    env.CUSTOMER_TOKEN_SECRET !== undefined &&
    env.CUSTOMER_TOKEN_ALGORITHM !== undefined &&
    env.CUSTOMER_TOKEN_ALGORITHM !== 'HS256'
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['CUSTOMER_TOKEN_ALGORITHM'],
      message: 'must be HS256 with CUSTOMER_TOKEN_SECRET',
    });
  }
  if (env.CUSTOMER_TOKEN_JWKS_URL !== undefined && env.CUSTOMER_TOKEN_ALGORITHM === 'HS256') {
    ctx.addIssue({
      code: 'custom',
      path: ['CUSTOMER_TOKEN_ALGORITHM'],
      message: 'must be RS256 or ES256 with CUSTOMER_TOKEN_JWKS_URL (a key set holds public keys)',
    });
  }
  // With no upstream, sandbox mode gives the token endpoint its local channel's secret (or refuses to start at all).
  const sandbox = env.CHECKPOINTS_BASE_URL === undefined && env.TRACKINGS_BASE_URL === undefined;
  if (
    (env.CUSTOMER_TOKEN_SECRET !== undefined || env.CUSTOMER_TOKEN_JWKS_URL !== undefined) &&
    env.DIRECTLINE_SECRET === undefined &&
    !sandbox
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['DIRECTLINE_SECRET'],
      message: 'is required when customer tokens are set: signed-in customers come through the Web Chat token endpoint',
    });
  }
  // Fail closed, and loudly: before this setting the ids were keyed by DIRECTLINE_SECRET, and a silent new key would re-key every customer.
  if (
    (env.CUSTOMER_TOKEN_SECRET !== undefined || env.CUSTOMER_TOKEN_JWKS_URL !== undefined) &&
    env.CUSTOMER_ID_SECRET === undefined &&
    !sandbox
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['CUSTOMER_ID_SECRET'],
      message:
        'is required when customer tokens are set: it keys signed-in customers\' user ids. Upgrading? Set it to the value DIRECTLINE_SECRET has today and every customer keeps their id; a new random value gives every customer a new one (docs/operating.md, "Signed-in customers\' ids")',
    });
  }
  // Some of WhatsApp's settings but not all: a half-configured channel would take messages it cannot answer.
  if (WHATSAPP_SETTINGS.some((name) => env[name] !== undefined)) {
    for (const name of WHATSAPP_SETTINGS) {
      if (env[name] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is required when any of ${WHATSAPP_SETTINGS.join(', ')} is set (the WhatsApp channel needs all four)`,
        });
    }
  }
  if (env.STORAGE === 'blob' && env.AZURE_STORAGE_CONNECTION_STRING === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['AZURE_STORAGE_CONNECTION_STRING'],
      message: 'is required when STORAGE is blob',
    });
  }
  if (env.STORAGE === 'blob' && env.STORAGE_KEY_SECRET === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['STORAGE_KEY_SECRET'],
      message:
        'is required when STORAGE is blob: it keys the names state is stored under, so no phone number or id is readable in them (a long random value, openssl rand -base64 32, kept for good)',
    });
  }
  // A string that names its endpoints one by one (an emulator, a private endpoint) must name the queue's
  // too: "Notify me" keeps its timers there. One with an EndpointSuffix derives every endpoint itself.
  const storage = env.AZURE_STORAGE_CONNECTION_STRING ?? '';
  if (
    env.STORAGE === 'blob' &&
    /(^|;)\s*BlobEndpoint=/i.test(storage) &&
    !/(^|;)\s*(QueueEndpoint|EndpointSuffix)=/i.test(storage)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['AZURE_STORAGE_CONNECTION_STRING'],
      message:
        'names a BlobEndpoint but no QueueEndpoint: add the queue endpoint of the same account (the watches of "Notify me" are timed on it)',
    });
  }
  if (env.MicrosoftAppId !== undefined && env.MicrosoftAppType === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['MicrosoftAppType'],
      message:
        'is required when MicrosoftAppId is set: SingleTenant or UserAssignedMSI, as the Azure Bot was created (MultiTenant only for a bot created so before August 2025)',
    });
  }
  if (env.MicrosoftAppType === 'SingleTenant' || env.MicrosoftAppType === 'MultiTenant')
    requireWith('MicrosoftAppId', 'MicrosoftAppPassword');
  if (env.MicrosoftAppType === 'SingleTenant' || env.MicrosoftAppType === 'UserAssignedMSI')
    requireWith('MicrosoftAppId', 'MicrosoftAppTenantId');
  // botbuilder refuses it too, but only when the first reply is sent.
  if (env.MicrosoftAppType === 'UserAssignedMSI' && env.MicrosoftAppPassword !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['MicrosoftAppPassword'],
      message: 'must not be set with UserAssignedMSI: the managed identity has no secret',
    });
  }
  const production = productionBy(env.NODE_ENV, sandbox);
  // The open bot: a configured service whose /api/messages takes requests nobody signed.
  if (!sandbox && production && env.MicrosoftAppId === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['MicrosoftAppId'],
      message: `is required when an upstream is configured and NODE_ENV is neither development nor test (unset included: Azure App Service sets none), so this is production, which needs inbound auth: set MicrosoftAppId, MicrosoftAppType and its credentials from the Azure Bot resource. To try the service on this machine without them, set NODE_ENV=development: it then listens on ${LOOPBACK_LISTEN_HOST} only`,
    });
  }
  if (production) {
    for (const { name, why } of plainHttpRefusals(env))
      ctx.addIssue({ code: 'custom', path: [name], message: `${HTTPS_IN_PRODUCTION}: ${why}` });
  }
});

/**
 * The NODE_ENV values of a developer's machine. Any other value is production (inbound auth required,
 * no sandbox mode): `Production`, `production ` and `prod` mean production, and `staging` needs its
 * protection just the same, so a near miss fails closed instead of opening an unauthenticated bot.
 */
const DEVELOPMENT_NODE_ENVS = ['development', 'test'];
/** Why a refusal applies, in the words every such refusal uses. */
export const PRODUCTION_BY_NODE_ENV = 'NODE_ENV is set to neither development nor test, so this is production';

/**
 * Production unless NODE_ENV says development or test. Unset counts as production once an upstream is
 * configured: Azure App Service sets no NODE_ENV, and a deployment must not run as a developer's machine
 * by leaving it out. Only sandbox mode (no upstream) treats unset as a developer's machine.
 */
export function productionBy(nodeEnv: string | undefined, sandbox: boolean): boolean {
  if (nodeEnv === undefined) return !sandbox;
  return !DEVELOPMENT_NODE_ENVS.includes(nodeEnv);
}

/** "store-us-1=US Store, store-uk-1=UK Store" → the stores, in that order. */
function parseStores(value: string, ctx: z.RefinementCtx): Store[] {
  const stores: Store[] = [];
  for (const pair of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [id, ...rest] = pair.split('=');
    const name = rest.join('=').trim() || id.trim();
    const valid = validateIdentifier('store', id);
    if (!valid.ok || name.length > 60) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be comma-separated id=Display name pairs (ids: letters, digits, - _ .; names up to 60 characters)',
      });
      return z.NEVER;
    }
    if (stores.some((store) => store.id.toLowerCase() === valid.value.toLowerCase())) {
      ctx.addIssue({ code: 'custom', message: `names the store ${valid.value} twice` });
      return z.NEVER;
    }
    stores.push({ id: valid.value, name });
  }
  return stores;
}

/**
 * "https://shop.example, https://www.shop.example" → the origins, each exactly as a browser sends `Origin`
 * (scheme, lower-case host, port only when not the default): anything else would never match, and a
 * wildcard would hand tokens to any site.
 */
function parseOrigins(value: string, ctx: z.RefinementCtx): string[] {
  const origins = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (origin.includes('*')) {
      ctx.addIssue({
        code: 'custom',
        message: `no wildcards: list each origin of the store exactly, comma-separated, such as https://shop.example,https://www.shop.example (refused: ${origin})`,
      });
      return z.NEVER;
    }
    let exact: string | undefined;
    try {
      const url = new URL(origin);
      exact = ['http:', 'https:'].includes(url.protocol) ? url.origin : undefined;
    } catch {
      exact = undefined;
    }
    if (exact !== origin) {
      ctx.addIssue({
        code: 'custom',
        message: `must be exact origins as a browser sends them: scheme, lower-case host and a port only when not the default, no path or trailing slash, such as https://shop.example (refused: ${origin})`,
      });
      return z.NEVER;
    }
  }
  return [...new Set(origins)];
}

function parsePattern(value: string, ctx: z.RefinementCtx): OrderNumberFormat {
  const compiled = compileOrderNumberPattern(value);
  if (compiled.ok) return compiled.format;
  ctx.addIssue({ code: 'custom', message: compiled.problem });
  return z.NEVER;
}

export type Environment = z.infer<typeof EnvSchema>;
