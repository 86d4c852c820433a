/**
 * Builds the parts from one Config and hands each its collaborators. No I/O happens here:
 * index.ts starts the process around it, and tests build it against the simulators.
 */
import type { Storage } from './bot/botbuilder';
import { SavedConversationState, SavedUserState } from './bot/savedState';
import type { Server } from 'restify';
import { ConversationMemory, type Memory } from '../dialogs/conversationMemory';
import { ConversationTranscript, type StoredTranscript } from '../dialogs/conversationTranscript';
import { Handoff } from '../dialogs/handoff';
import { handoffPort } from '../dialogs/handoffHubs';
import { LookupAnswerer } from '../dialogs/lookupAnswer';
import { LookupDialog } from '../dialogs/lookupDialog';
import { Understanding } from './recognize/understanding';
import { buildLexicon } from './recognize/lexicon';
import { YourOrders } from '../dialogs/yourOrders';
import {
  HANDOFF_LIMITS,
  hasUserId,
  limitsInForce,
  LOOKUP_LIMITS,
  WindowLimit,
  type LimitName,
  type WindowLimitSettings,
  type WindowLimitState,
} from '../dialogs/windowLimit';
import { MainDialog } from '../dialogs/mainDialog';
import { ReplyDeadline } from './bot/replyDeadline';
import { createAdapter, type TrackingAdapter } from './bot/adapter';
import type { AuthEndpoints } from './bot/inboundAuthentication';
import { ConversationQueue } from './bot/conversationQueue';
import { LaterReplies } from './bot/laterReplies';
import { OptimisticStorage } from './bot/optimisticStorage';
import { createStorage, storageNamesFor } from './bot/storage';
import { NamedStateStorage } from './bot/namedStateStorage';
import { ConversationLinks } from './bot/conversationLinks';
import { createRetention, type Retention } from './personalData/retentionFor';
import { TurnTransaction } from './bot/turnTransaction';
import { registerMessagesRoute } from './bot/messagesRoute';
import { TrackingBot } from './bot/trackingBot';
import { TurnLanguages } from './bot/turnLanguage';
import { TurnReadings } from './bot/turnReading';
import type { Config } from './config';
import type { CustomerDirectory } from './customers/customer';
import { problemOf } from './nextSteps/problem';
import { RenderedAnswers } from './cards';
import { StoredCustomers } from './customers/storedCustomers';
import { createCustomerSignIn, createCustomerTokenVerifier } from './customers/customerSignIn';
import { registerMcpRoute } from './mcp/mcpRoute';
import { TrackingTools } from './mcp/trackingTools';
import { ActionAccess } from './http/actionAccess';
import { registerActionRoutes } from './http/actionRoutes';
import { ClientBudget } from './http/clientBudget';
import { registerHealthRoutes } from './http/health';
import { createServer } from './http/server';
import { registerWebchatTokenRoute } from './http/webchatToken';
import { registerWebchatWidget, type WidgetOptions } from './webchat/widget';
import { remedy } from './webchat/servedFiles';
import { Translator } from './i18n';
import { CheckpointsClient } from './tracking/checkpoints/client';
import { systemClock, type Clock } from './runtime/clock';
import type { Logger } from './runtime/logger';
import { ShipmentLookup, type ShipmentFinder } from './tracking/lookup';
import { CachedLookup } from './tracking/lookupCache';
import { TracedLookup } from './tracking/tracedLookup';
import { NO_TRACING } from './telemetry/tracing';
import { TrackingsClient } from './tracking/trackings/client';
import { UpstreamHttp } from './tracking/upstream';
import { registerMetricsRoute } from './http/metricsRoute';
import { createTelemetry } from './telemetry/telemetry';
import { contactInForce, createWhatsAppChannel, WHATSAPP_CHANNEL, type WhatsAppWebhook } from './bot/whatsapp';
import type { Telemetry } from './telemetry/metrics';
import { ProactiveAnnouncer } from './bot/proactiveAnnouncer';
import { Notifications } from '../dialogs/notifications';
import {
  AnnouncementWriter,
  ChannelAnnouncers,
  CheckBudget,
  createWatchStorage,
  Redelivery,
  SendRate,
  WatchCheck,
  Watches,
  WatchScheduler,
  WatchSweep,
  type WatchQueue,
  type WatchStorage,
  type WatchStore,
} from './watch';

/** A check's lease covers its lookup (the upstream deadline) and then the send and the record. */
const LEASE_BEYOND_LOOKUP_MS = 15_000;
/** An idle scheduler asks a shared queue at least this often. */
const MAX_POLL_MS = 5_000;
/** Checks in flight at once per instance; the check budget sets the pace. */
const CHECKS_AT_ONCE = 8;

export interface App {
  server: Server;
  adapter: TrackingAdapter;
  bot: TrackingBot;
  /** The lookup the dialogs use: both interfaces, behind the cache. */
  lookup: ShipmentFinder;
  /** The customers signed in through the token endpoint (its customerToken), by Direct Line user id. */
  customers: CustomerDirectory;
  /** Resolves once every reply promised for later, and every WhatsApp delivery taken, has been worked through: shutdown waits for it. */
  idle(): Promise<void>;
  /** Stops waiting for the later replies' lookups: their customers are told to ask again (shutdown's last resort). */
  abandonLaterReplies(): void;
  /** "Notify me": the watches and the scheduler that checks them (index.ts starts it; tests run it by hand). */
  updates: {
    watches: Watches;
    scheduler: WatchScheduler;
    sweep: WatchSweep;
    store: WatchStore;
    queue: WatchQueue;
    shared: boolean;
  };
  /** The metrics and traces (off unless METRICS_TOKEN, an OTLP endpoint or Application Insights is set): index.ts flushes them at exit. */
  telemetry: Telemetry;
  /** Ends every kind of stored record in its time (docs/personal-data.md); none in memory. index.ts starts it. */
  retention?: Retention;
  /** The WhatsApp channel's webhook, when its settings are set: idle() resolves once every delivery taken is worked through. */
  whatsapp?: WhatsAppWebhook;
  /** The chat widget a store embeds (GET /webchat.js): where its Web Chat reaches Direct Line (sandbox mode points it at its local channel). */
  widget: WidgetOptions;
}

export interface AppParts {
  /** Time for retry waits, the lookup cache, the lookup limits and the idle expiry of state in memory. */
  clock?: Clock;
  /** The timer of the reply deadline; the real one unless a test drives it (FakeClock's instant sleeps would always fire it). */
  replyTimer?: Clock;
  /** Conversation state storage; the one the config names unless given. */
  storage?: Storage;
  /** Whether the process is shutting down, for /readyz. */
  draining?: () => boolean;
  /** Where inbound tokens are validated; Bot Framework's public endpoints unless given. */
  authEndpoints?: AuthEndpoints;
  /** Where watches and their timers are kept; in this process's memory unless given. */
  watchStorage?: WatchStorage;
  /** Where the metrics and traces go; the settings decide unless given. */
  telemetry?: Telemetry;
}

/** The limits that keep numbers from being guessed, agents from being paged and updates from being toggled in a loop, by the state property that counts each. */
function guardLimits(config: Config): Record<StateProperty, WindowLimitSettings> {
  return {
    lookupGuard: { ...LOOKUP_LIMITS, max: config.lookupLimit || Number.POSITIVE_INFINITY },
    handoffGuard: HANDOFF_LIMITS(config.handoff.limit),
    notifyGuard: {
      ...LOOKUP_LIMITS,
      max: config.notify.startLimit || Number.POSITIVE_INFINITY,
      maxMisses: Number.POSITIVE_INFINITY,
    },
  };
}

/** The state property each limit counts in: the names state was first kept under, kept so that stored counts still hold. */
type StateProperty = 'lookupGuard' | 'handoffGuard' | 'notifyGuard';
const COUNTED_IN: Record<LimitName, StateProperty> = {
  lookups: 'lookupGuard',
  handoffs: 'handoffGuard',
  notify_requests: 'notifyGuard',
};

/** The state storage; in memory, the limits in force outlive its bound (a flood of conversations cannot wipe a cool-down). */
export function createStateStorage(config: Config, clock: Clock = systemClock): Storage {
  const limits = guardLimits(config);
  // A WhatsApp customer's contact outlives idle state too: their watches reach them through it.
  return createStorage(
    config.storage,
    clock,
    (item, now) => limitsInForce(limits, item, now) ?? contactInForce(item, now, config.notify.forDays),
  );
}

export function createApp(config: Config, logger: Logger, parts: AppParts = {}): App {
  const limits = guardLimits(config);
  const telemetry = parts.telemetry ?? createTelemetry(config.telemetry, logger.child({ component: 'telemetry' }));
  const { metrics, tracing } = telemetry;
  const http = new UpstreamHttp({
    retry: config.retry,
    clock: parts.clock,
    logger: logger.child({ component: 'upstream' }),
    metrics,
    tracing,
  });
  const checkpoints = config.checkpoints ? new CheckpointsClient(config.checkpoints.baseUrl, http) : undefined;
  const trackings = config.trackings
    ? new TrackingsClient(config.trackings.baseUrl, http, config.trackings.service)
    : undefined;

  const lookup = new ShipmentLookup({
    checkpoints: checkpoints &&
      config.checkpoints && {
        client: checkpoints,
        credentials: { userId: config.checkpoints.userId, token: config.checkpoints.token },
      },
    trackings: trackings && config.trackings && { client: trackings, apiKey: config.trackings.apiKey },
  });

  // A span per lookup, cached or not: outside the cache.
  const cached = new CachedLookup(lookup, { ttlMs: config.lookupCacheTtlMs, clock: parts.clock });
  // Traces off, a lookup is not wrapped: nothing of them is paid for on a turn.
  const finder = tracing === NO_TRACING ? cached : new TracedLookup(cached, tracing);
  const translator = new Translator(config.defaultLocale);
  // The turn's language, decided once by the bot and read by every dialog.
  const languages = new TurnLanguages(translator, config.defaultTimeZone);
  const storage = parts.storage ?? createStateStorage(config, parts.clock);
  // On blobs, kept under keyed names, never a conversation's or a customer's id (state from before is found under its former
  // key). In memory nothing leaves the process: botbuilder's keys serve as they are.
  const names = storageNamesFor(config.storage);
  const keptOnBlobs = config.storage.kind === 'blob';
  const namedStorage = keptOnBlobs ? new NamedStateStorage(storage, names) : storage;
  const stateStorage = new OptimisticStorage(namedStorage);
  const conversationState = new SavedConversationState(stateStorage);
  // The customer's limits (lookups, handoffs, Notify me requests) and watch ids, across conversations; loaded only by a turn that uses them.
  const userState = new SavedUserState(stateStorage);
  const queue = new ConversationQueue();
  const clock = parts.clock ?? systemClock;
  /** A limit counted in the conversation's state and, where the channel names the customer, in theirs across conversations. */
  const limit = (name: LimitName) =>
    new WindowLimit(
      [
        { state: conversationState.createProperty<WindowLimitState>(COUNTED_IN[name]), scope: 'conversation' },
        {
          state: userState.createProperty<WindowLimitState>(COUNTED_IN[name]),
          scope: 'customer',
          appliesTo: hasUserId,
        },
      ],
      name,
      clock,
      limits[COUNTED_IN[name]],
      metrics,
    );
  // The customers the store's site signed in, beside user state, each until their token expires.
  const customers = new StoredCustomers(namedStorage, clock);
  // ORDER_DETAILS: what a lookup by order number, store order or order ID shows to whom (README, "Who sees what").
  const disclosure = { orderDetails: config.orderDetails, defaultStoreId: config.trackings?.storeId };
  const hub = config.handoff.hub ?? 'none';
  // Only a Bot Framework hub takes a transcript: Omnichannel shows its own, and without a hub nobody reads one.
  const transcript = new ConversationTranscript(
    conversationState.createProperty<StoredTranscript | undefined>('transcript'),
    clock,
    hub === 'botframework' && config.handoff.transcript,
  );
  // On blobs, each customer's record of their conversations, so that erasing them finds those too (npm run erase).
  const links = keptOnBlobs
    ? new ConversationLinks(
        conversationState.createProperty<number | undefined>('linkedAt'),
        userState.createProperty<Record<string, number>>('conversations'),
        names,
        clock,
        config.retentionDays * 86_400_000,
      )
    : undefined;
  const transaction = new TurnTransaction([userState, conversationState], async (context, replies) => {
    await transcript.record(context, replies);
    await links?.record(context);
  });
  const botLogger = logger.child({ component: 'bot' });
  const adapter = createAdapter(config.bot, config.handoff.hub, languages, botLogger, parts.authEndpoints);
  const laterReplies = new LaterReplies(adapter, config.bot.appId ?? '', queue, transaction, botLogger, metrics);

  const memory = new ConversationMemory(conversationState.createProperty<Memory>('memory'));
  const understanding = new Understanding(
    finder.kinds(),
    buildLexicon(translator.languages),
    translator.languages,
    config.orderNumberFormat,
    config.trackings?.stores,
  );
  const deadline = new ReplyDeadline(config.replyWithinMs, parts.replyTimer ?? systemClock);
  const handoff = new Handoff({
    port: handoffPort(hub),
    noHub: handoffPort('none'),
    memory,
    transcript,
    understanding,
    finder,
    deadline,
    languages,
    clock,
    logger: logger.child({ component: 'handoff' }),
    supportPages: config.supportPages,
    problemOf: (shipment) => problemOf(shipment, clock.now(), config.staleAfterDays)?.state,
    handoffs: limit('handoffs'),
    metrics,
  });
  // "Notify me": watches kept beside the conversation state, checked by a scheduler on the same clock.
  const updatesLogger = logger.child({ component: 'updates' });
  const {
    store: watchStore,
    queue: watchQueue,
    shared,
  } = parts.watchStorage ?? createWatchStorage(config.storage, clock, updatesLogger);
  const notify = config.notify;
  const leaseMs = config.retry.deadlineMs + LEASE_BEYOND_LOOKUP_MS;
  // WhatsApp's side is built before the bot: Notify me sends through its adapter (its webhook is registered below).
  const whatsAppChannel =
    config.whatsapp &&
    createWhatsAppChannel(config.whatsapp, {
      storage,
      names,
      storageKeySecret: config.storage.keySecret,
      clock,
      translator,
      logger: logger.child({ component: 'whatsapp' }),
      metrics,
    });
  // Each update through its channel's announcer: WhatsApp's own, else Bot Framework's.
  const announcer = new ChannelAnnouncers(
    new ProactiveAnnouncer(adapter, config.bot.appId ?? '', queue, transaction, memory, updatesLogger),
    whatsAppChannel
      ? { [WHATSAPP_CHANNEL]: whatsAppChannel.announcer({ queue, transaction, memory, logger: updatesLogger }) }
      : {},
  );
  const writer = new AnnouncementWriter({
    defaultTimeZone: config.defaultTimeZone,
    staleAfterDays: config.staleAfterDays,
    supportPages: config.supportPages,
    disclosure,
  });
  const check = new WatchCheck({
    store: watchStore,
    finder,
    writer,
    announcer,
    rate: new SendRate(clock),
    translator,
    clock,
    timing: { intervalMs: notify.intervalMs, leaseMs, forDays: notify.forDays },
    metrics,
    tracing,
  });
  metrics.gauge('bot_watches_active', () => watchStore.size);
  const scheduler = new WatchScheduler(
    watchQueue,
    check,
    new CheckBudget(notify.maxChecksPerSecond, clock),
    clock,
    updatesLogger,
    {
      leaseMs,
      intervalMs: notify.intervalMs,
      pollMs: Math.min(MAX_POLL_MS, notify.intervalMs),
      concurrency: CHECKS_AT_ONCE,
    },
  );
  const sweep = new WatchSweep(watchStore, watchQueue, clock, updatesLogger, { intervalMs: notify.intervalMs });
  const watches = new Watches(
    watchStore,
    watchQueue,
    finder,
    translator,
    clock,
    notify,
    () => scheduler.wake(),
    tracing,
    names.conversation,
    (recipient) => announcer.reachableUntil(recipient),
  );
  const answerer = new LookupAnswerer({
    finder,
    logger: logger.child({ component: 'dialog' }),
    lookups: limit('lookups'),
    deadline,
    later: laterReplies,
    memory,
    understanding,
    clock,
    staleAfterDays: config.staleAfterDays,
    supportPages: config.supportPages,
    person: handoff,
    updates: { offered: watches.enabled },
    renderings: new RenderedAnswers(),
    details: disclosure,
  });
  const settings = { supportPages: config.supportPages };
  const lookupDialog = new LookupDialog(answerer, understanding, memory, {
    ...settings,
    defaultStoreId: config.trackings?.storeId,
    stores: config.trackings?.stores,
  });
  const notifications = new Notifications(watches, memory, translator.english, logger.child({ component: 'dialog' }), {
    // "Notify me" requests per 10 minutes, per conversation and per customer.
    requests: limit('notify_requests'),
    watches: userState.createProperty<string[]>('watches'),
  });
  const yourOrders = new YourOrders(understanding, config.trackings?.stores);
  const mainDialog = new MainDialog(
    lookupDialog,
    answerer,
    understanding,
    memory,
    handoff,
    notifications,
    settings,
    yourOrders,
  );
  const readings = new TurnReadings(understanding, languages, conversationState);
  const bot = new TrackingBot(
    conversationState,
    mainDialog,
    handoff,
    queue,
    transaction,
    readings,
    botLogger,
    customers,
    metrics,
    tracing,
  );

  const server = createServer({ logger: logger.child({ component: 'http' }) });
  // The widget's frame talks to the same Direct Line as the tokens, and only the allowed stores may show it.
  const widget: WidgetOptions = {
    directLine: config.webchat.endpoint,
    frameAncestors: [...config.webchat.allowedOrigins],
  };
  // A build without a file the widget serves would show stores a blank chat: not ready, and the log says which file.
  const unservable = registerWebchatWidget(server, widget, logger.child({ component: 'webchat' }));
  for (const file of unservable)
    logger.error(
      { file: file.name, package: file.package },
      `the chat widget cannot be served: ${file.name} is missing; ${remedy(file)}`,
    );
  registerHealthRoutes(server, {
    draining: parts.draining ?? (() => false),
    checks: [
      { name: 'state storage', check: () => storage.read(['readiness-probe']) },
      {
        name: 'web chat files',
        check: () =>
          unservable.length ? Promise.reject(new Error('a file the widget serves is missing')) : Promise.resolve(),
      },
    ],
  });
  registerMessagesRoute(server, adapter, bot);
  const redelivery = new Redelivery(watchStore, watchQueue, clock, { intervalMs: notify.intervalMs }, () =>
    scheduler.wake(),
  );
  const whatsapp = whatsAppChannel && whatsAppChannel.listen(server, bot, adapter.onTurnError, watchStore, redelivery);
  registerMetricsRoute(
    server,
    { token: config.telemetry.metricsToken, previous: config.telemetry.metricsTokenPrevious },
    telemetry.scrape,
  );
  // The per-client budget counts wall time, not the retry clock tests move.
  const access = new ActionAccess({
    apiKey: config.actions.apiKey,
    previousApiKey: config.actions.previousApiKey,
    production: config.production,
    budget: new ClientBudget(config.actions.perMinute, systemClock, () =>
      metrics.count('bot_limits_hit_total', { limit: 'action_calls', scope: 'client' }),
    ),
    clients: config.webchat,
  });
  registerActionRoutes(server, { checkpoints, trackings, access, logger: logger.child({ component: 'actions' }) });
  // AI agents' tools: the same door, finder, reading, disclosure and words as a chat.
  const verifier = config.customerTokens && createCustomerTokenVerifier(config.customerTokens, clock);
  const mcpTools = new TrackingTools({
    finder,
    understanding,
    translator,
    verifier,
    disclosure,
    stores: config.trackings?.stores,
    clock,
    defaultTimeZone: config.defaultTimeZone,
    staleAfterDays: config.staleAfterDays,
    metrics,
    logger: logger.child({ component: 'mcp' }),
  });
  registerMcpRoute(server, { tools: mcpTools, access, logger: logger.child({ component: 'mcp' }) });
  // Signed-in customers come through the token route (config requires the Direct Line secret); their ids are keyed by CUSTOMER_ID_SECRET.
  const tokens = config.customerTokens;
  const { secret: directLineSecret, customerIdSecret } = config.webchat;
  const signIn =
    tokens && directLineSecret && customerIdSecret
      ? createCustomerSignIn(tokens, customerIdSecret, customers, clock)
      : undefined;
  registerWebchatTokenRoute(server, config.webchat, {
    logger: logger.child({ component: 'webchat' }),
    signIn,
    metrics,
  });
  return {
    telemetry,
    widget,
    retention: createRetention(
      config.storage,
      { retentionDays: config.retentionDays, notifyForDays: config.notify.forDays },
      clock,
      logger.child({ component: 'retention' }),
    ),
    server,
    adapter,
    bot,
    lookup: finder,
    customers,
    // Shutdown waits for WhatsApp's deliveries too: Meta was told 200, so an answer dropped now is never sent.
    idle: async () => {
      await Promise.all([laterReplies.idle(), whatsapp?.idle()]);
    },
    abandonLaterReplies: () => laterReplies.abandon(),
    updates: { watches, scheduler, sweep, store: watchStore, queue: watchQueue, shared },
    ...(whatsapp && { whatsapp }),
  };
}
