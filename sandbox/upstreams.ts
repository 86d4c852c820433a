/**
 * Sandbox mode: with no upstream configured, `npm start` runs both interface simulators
 * with their demo orders, so the bot can be tried at once. Only with NODE_ENV unset, development or
 * test (any other value is production), never with a bot identity, and reachable from this machine only.
 */
import {
  DEFAULT_CUSTOMER_TOKEN_AUDIENCE,
  DEFAULT_NOTIFY_INTERVAL_MS,
  PRODUCTION_BY_NODE_ENV,
  type Config,
} from '../src/config';
import { SANDBOX_CUSTOMER_TOKEN_SECRET } from './shop/demoCustomer';
import { SANDBOX_DIRECTLINE_SECRET } from './channel/directLineGrants';
import { DIRECT_LINE_PATH } from './channel/localChannel';
import { compileOrderNumberPattern } from '../src/recognize';
import { DEFAULT_TRACKINGS_SERVICE } from '../src/tracking/trackings/client';
import type { PhoneOptions } from './phone/routes';
import {
  APPROVED_TEMPLATES,
  DEMO,
  MOVING_STEP_MS,
  SIM_ACCESS_TOKEN,
  SIM_PHONE_NUMBER_ID,
  startCheckpointsSimulator,
  startGraphApiSimulator,
  startTrackingsSimulator,
  type Simulator,
} from './simulators';

/** The demo's own order-number format: every demo order number on the page is answered at once, typed or clicked. */
const SANDBOX_ORDER_NUMBER_PATTERN = 'ORD-\\d{4}';
/** The demo stores, by name. */
const SANDBOX_STORES = [
  { id: 'store-us-1', name: 'Example Store US' },
  { id: 'store-uk-1', name: 'Example Store UK' },
  { id: 'store-eu-1', name: 'Example Store EU' },
];
/** Lookups per 10 minutes in the sandbox: a newcomer clicking through every demo never meets the limit. */
const SANDBOX_LOOKUP_LIMIT = 100;
/**
 * How often the sandbox checks watches: the moving parcel steps every minute and a lookup's answer is
 * reused for a minute (LOOKUP_CACHE_TTL_MS), so "Notify me" on it has its update within about a minute.
 */
const SANDBOX_NOTIFY_INTERVAL_MS = 10_000;
/** Where the bot and the simulators listen in sandbox mode: inbound auth is off, so only this machine may reach them. */
export const SANDBOX_HOST = '127.0.0.1';
/** The demo shop listens this many ports above the sandbox's own (`npm start`: 3979). */
export const SHOP_PORT_OFFSET = 1;
/** The stand-in for the shop's help page, served by the sandbox (SUPPORT_URL). */
export const SANDBOX_HELP_PATH = '/sandbox/help';

/**
 * The origins whose pages may ask the sandbox for a Web Chat token (WEBCHAT_ALLOWED_ORIGINS there): its
 * own page, by both loopback names, and the demo shop's when it runs on `shopPort`.
 */
export function sandboxWebchatOrigins(port: number, shopPort?: number): string[] {
  return [port, ...(shopPort === undefined ? [] : [shopPort])].flatMap((p) => [
    `http://localhost:${p}`,
    `http://127.0.0.1:${p}`,
  ]);
}

/** The key of signed-in customers' ids in sandbox mode, unless the operator set CUSTOMER_ID_SECRET: public, like the other demo secrets. */
export const SANDBOX_CUSTOMER_ID_SECRET = 'sandbox-demo-customer-id-secret-not-for-production';

/**
 * The token endpoint in sandbox mode runs the production flow against the local channel: its demo secret
 * and its Direct Line, unless the operator set a secret of their own (then their endpoint goes with it). The
 * origins are the operator's, if any, and the sandbox's own (and the demo shop's). Signed-in customers' ids
 * are keyed by the operator's CUSTOMER_ID_SECRET, else by a demo key.
 */
export function sandboxWebchat(config: Config, shopPort?: number): Config['webchat'] {
  const own = config.webchat.secret !== undefined;
  return {
    ...config.webchat,
    secret: own ? config.webchat.secret : SANDBOX_DIRECTLINE_SECRET,
    endpoint: own ? config.webchat.endpoint : `http://${SANDBOX_HOST}:${config.port}${DIRECT_LINE_PATH}`,
    allowedOrigins: [...new Set([...config.webchat.allowedOrigins, ...sandboxWebchatOrigins(config.port, shopPort)])],
    customerIdSecret: config.webchat.customerIdSecret ?? SANDBOX_CUSTOMER_ID_SECRET,
  };
}

/**
 * Signed-in customers in sandbox mode: the demo shop signs its demo customer in with a public demo secret
 * (HS256), which opens only this machine's sandbox, unless the operator set customer tokens of their own.
 */
export function sandboxCustomerTokens(config: Config): NonNullable<Config['customerTokens']> {
  return (
    config.customerTokens ?? {
      algorithm: 'HS256',
      secret: SANDBOX_CUSTOMER_TOKEN_SECRET,
      audience: DEFAULT_CUSTOMER_TOKEN_AUDIENCE,
    }
  );
}

/**
 * The metrics in sandbox mode: kept in this process for the page's Insights panel, besides whatever the
 * operator set (GET /metrics, OTLP). Sandbox mode is never production, so loading the metrics SDK costs nothing that matters.
 */
export function sandboxTelemetry(config: Config): Config['telemetry'] {
  return { ...config.telemetry, inProcess: true };
}

export interface Sandbox {
  config: Config;
  simulators: Simulator[];
  /** The Graph API stand-in and the settings the bot uses with it, for the WhatsApp phone page; none when the operator set WhatsApp's own. */
  phone?: PhoneOptions;
  /** What the sandbox set for the demo, for the start line. */
  demo: {
    orderNumberPattern?: string;
    stores: boolean;
    lookupLimit: number;
    helpPage: boolean;
    handoff: string;
    /** The demo shop signs its demo customer in (with the demo secret); false with the operator's own customer tokens. */
    signIn: boolean;
    /** The WhatsApp phone page runs (against the Graph API stand-in: the operator set no WhatsApp settings of their own). */
    whatsAppPhone?: boolean;
    /** How "Notify me" runs in the demo; undefined when it is off (NOTIFY_MAX_PER_CONVERSATION=0). */
    notify?: { movingOrder: string; movingStepMs: number; intervalMs: number; forDemo: boolean };
  };
  close(): Promise<void>;
}

/** For tests: the moving parcel's clock and pace; `npm start` keeps the real clock and a step a minute. */
export interface SandboxOptions {
  /** Interface A's simulator's clock, in ms since the epoch (Date.now unless given). */
  now?: () => number;
  /** How often ORD-1014 takes its next step (MOVING_STEP_MS unless given). */
  movingStepMs?: number;
  /** The demo shop's port, when it runs: its pages may ask for Web Chat tokens (sandboxWebchatOrigins). */
  shopPort?: number;
}

/** Why sandbox mode may not run with this config, or undefined when it may. */
export function sandboxRefusal(config: Config): string | undefined {
  if (config.production) {
    return `${PRODUCTION_BY_NODE_ENV}, which needs a real upstream: set CHECKPOINTS_BASE_URL (with CHECKPOINTS_USER_ID and CHECKPOINTS_TOKEN) and/or TRACKINGS_BASE_URL (with TRACKINGS_API_KEY); sandbox mode runs only with NODE_ENV unset, development or test.`;
  }
  if (config.bot.appId)
    return 'MicrosoftAppId is set, so this is a real deployment: set CHECKPOINTS_BASE_URL and/or TRACKINGS_BASE_URL.';
  return undefined;
}

/** The demo's WhatsApp secrets: the sandbox's webhook takes deliveries signed with these, and nothing reaches Meta. */
export const SANDBOX_WHATSAPP = {
  appSecret: 'sandbox-whatsapp-app-secret-not-for-production',
  verifyToken: 'sandbox-whatsapp-verify-token',
} as const;

/** The demo credentials the simulators take (docs/sandbox.md; the connector's examples are these): not secrets. */
export const SANDBOX_CREDENTIALS = {
  userId: '4242',
  token: 'sandbox-checkpoints-token',
  apiKey: 'sandbox-trackings-key',
} as const;

export async function startSandbox(config: Config, options: SandboxOptions = {}): Promise<Sandbox> {
  const { userId, token, apiKey } = SANDBOX_CREDENTIALS;
  const movingStepMs = options.movingStepMs ?? MOVING_STEP_MS;
  const checkpoints = await startCheckpointsSimulator({
    userId,
    token,
    host: SANDBOX_HOST,
    now: options.now,
    stepMs: movingStepMs,
  });
  // Sandbox mode means no upstream is configured, so the service path is the default one.
  const trackings = await startTrackingsSimulator({ apiKey, service: DEFAULT_TRACKINGS_SERVICE, host: SANDBOX_HOST });
  // WhatsApp against a stand-in of Meta's Graph API, unless the operator set their own (then it is Meta's).
  const graph = config.whatsapp ? undefined : await startGraphApiSimulator({ host: SANDBOX_HOST });
  // Its updates outside the 24-hour window go as the stand-in's approved template, in the bot's six languages.
  const updateTemplate = { name: 'order_update', languages: [...APPROVED_TEMPLATES.order_update.languages] };
  const whatsapp =
    config.whatsapp ??
    (graph && {
      phoneNumberId: SIM_PHONE_NUMBER_ID,
      accessToken: SIM_ACCESS_TOKEN,
      ...SANDBOX_WHATSAPP,
      apiUrl: `${graph.url}/v24.0`,
      updateTemplate,
    });
  // The operator's own settings win; the demo's fill in what is not set.
  const pattern = config.orderNumberFormat ? undefined : compileOrderNumberPattern(SANDBOX_ORDER_NUMBER_PATTERN);
  const lookupLimit = config.lookupLimit === 0 ? 0 : Math.max(config.lookupLimit, SANDBOX_LOOKUP_LIMIT);
  // A problem's answer links the shop's help page: the sandbox serves a stand-in, unless the operator set theirs.
  const ownPages = config.supportPages.fallback !== undefined || Object.keys(config.supportPages.byLanguage).length > 0;
  const supportPages = ownPages
    ? config.supportPages
    : { fallback: `http://${SANDBOX_HOST}:${config.port}${SANDBOX_HELP_PATH}`, byLanguage: {} };
  // The local channel plays a Bot Framework agent hub, so "talk to a person" shows what a hub receives.
  const hub = config.handoff.hub ?? 'botframework';
  // Watches are checked often enough for a newcomer to see the moving parcel's update. The default value
  // counts as unset (Config cannot tell them apart, and a .env copied from .env.example holds the default);
  // any other value is the operator's and wins.
  const notifyForDemo = config.notify.intervalMs === DEFAULT_NOTIFY_INTERVAL_MS;
  const notify = {
    ...config.notify,
    intervalMs: notifyForDemo ? SANDBOX_NOTIFY_INTERVAL_MS : config.notify.intervalMs,
  };
  const offered = notify.maxPerConversation > 0;
  return {
    config: {
      ...config,
      checkpoints: { baseUrl: checkpoints.url, userId, token },
      trackings: { baseUrl: trackings.url, apiKey, service: DEFAULT_TRACKINGS_SERVICE, stores: SANDBOX_STORES },
      orderNumberFormat: config.orderNumberFormat ?? (pattern?.ok ? pattern.format : undefined),
      lookupLimit,
      supportPages,
      handoff: { ...config.handoff, hub },
      notify,
      webchat: sandboxWebchat(config, options.shopPort),
      customerTokens: sandboxCustomerTokens(config),
      telemetry: sandboxTelemetry(config),
      whatsapp,
    },
    demo: {
      orderNumberPattern: pattern?.ok ? pattern.source : undefined,
      stores: true,
      lookupLimit,
      helpPage: !ownPages,
      handoff: hub,
      signIn: !config.customerTokens,
      whatsAppPhone: !!graph,
      notify: offered
        ? { movingOrder: DEMO.checkpoints.moving, movingStepMs, intervalMs: notify.intervalMs, forDemo: notifyForDemo }
        : undefined,
    },
    simulators: [checkpoints, trackings, ...(graph ? [graph] : [])],
    ...(graph && whatsapp && { phone: { graph, settings: whatsapp } }),
    close: async () => {
      await Promise.all([checkpoints.close(), trackings.close(), graph?.close()]);
    },
  };
}
