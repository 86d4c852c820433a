/**
 * Composition root: read the environment, check the libraries it leans on, build the parts (app.ts), start
 * the server, and drain it on SIGTERM. What each part does lives in that part.
 */
// First, so that every module after it is compiled once and then read from the cache.
import { compileCache } from './compileCache';
import { existsSync } from 'node:fs';
import { createApp } from './app';
import { checkLibraryInternals } from './bot/libraryInternals';
import { ConfigError, listenHost, loadConfig, wantsSandbox, type Config } from './config';
import { createLogger, LogOutput, routeConsoleTo } from './log';
import { traceLogFields } from './telemetry/telemetry';

/** Time left, after later answers are abandoned, to send "please ask again" before the process must exit. */
const ABANDON_BEFORE_END_MS = 3_000;
/** How long the last log lines may take to reach a reader before the process exits anyway. */
const LOG_SETTLE_MS = 500;

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\nSee .env.example for every variable.\n`);
    process.exit(1);
  }
  const output = new LogOutput();
  const logger = createLogger(config.logLevel, output, traceLogFields(config.telemetry));
  routeConsoleTo(logger);
  if (compileCache.status === 'failed')
    logger.info(
      { compileCache },
      'compile cache off: its folder cannot be used (NODE_COMPILE_CACHE); each start compiles everything',
    );
  else logger.debug({ compileCache }, 'compile cache');
  // Every exit lets the log catch up briefly, and never waits on it for longer.
  const exit = (code: number): Promise<never> => output.settle(LOG_SETTLE_MS).then(() => process.exit(code));

  try {
    await checkLibraryInternals();
  } catch (error) {
    logger.fatal(
      {},
      `a botbuilder package is not the one this code was written for (npm ci installs the one package-lock.json names): ${(error as Error).message}`,
    );
    return exit(1);
  }

  // With no upstream configured, sandbox mode. Its code (simulators, demo page, local channel) is loaded
  // only then: a deployment never pays for it at start.
  const kit = wantsSandbox(config) ? await import('../sandbox') : undefined;
  let sandbox: { kit: typeof import('../sandbox'); started: import('../sandbox').Sandbox } | undefined;
  if (kit) {
    const refusal = kit.sandboxRefusal(config);
    if (refusal) {
      logger.fatal({}, `no tracking interface is configured. ${refusal}`);
      return exit(1);
    }
    // The demo shop, a store's site on another origin with the widget's tag, listens on the next port.
    sandbox = { kit, started: await kit.startSandbox(config, { shopPort: config.port + kit.SHOP_PORT_OFFSET }) };
    config = sandbox.started.config;
    logger.warn(
      { checkpoints: config.checkpoints?.baseUrl, trackings: config.trackings?.baseUrl },
      'sandbox mode: inbound auth is off and the upstreams are simulators',
    );
  }

  // The config refuses this anywhere but sandbox mode and NODE_ENV development or test, and it listens on loopback then.
  if (!config.bot.appId)
    logger.warn(
      {},
      'INBOUND AUTH IS OFF: MicrosoftAppId is not set, so /api/messages accepts unauthenticated requests; only this machine can reach it.',
    );

  let draining = false;
  let shopClosed = (): Promise<void> => Promise.resolve();
  const app = createApp(config, logger, { draining: () => draining });
  if (sandbox)
    sandbox.kit.attachSandbox(app.server, {
      botUrl: `http://${sandbox.kit.SANDBOX_HOST}:${config.port}`,
      logger: logger.child({ component: 'sandbox' }),
      widget: app.widget,
      insights: { collect: app.telemetry.collect },
      phone: sandbox.started.phone,
    });
  app.server.listen(config.port, listenHost(config), () => {
    const { address, port } = app.server.address();
    logger.info(
      { address, port, lookups: app.lookup.kinds(), storage: config.storage.kind, sandbox: !!sandbox },
      'order-tracking bot listening',
    );
    app.retention?.start();
    if (app.updates.watches.enabled) {
      app.updates.scheduler.start();
      app.updates.sweep.start();
      logger.info(
        {
          intervalMs: config.notify.intervalMs,
          forDays: config.notify.forDays,
          checksPerSecond: config.notify.maxChecksPerSecond,
          shared: app.updates.shared,
        },
        app.updates.shared
          ? 'updates: watches checked from the shared Azure queue'
          : 'updates: watches are checked in this process and kept in memory, so a restart forgets them; set STORAGE=blob to keep them',
      );
    }
    const { metricsToken, otlp, traces, azureMonitor } = config.telemetry;
    // Where the metrics and traces go, never the token or the connection string; of a collector only its host (a URL may carry credentials).
    if (metricsToken || otlp || azureMonitor)
      logger.info(
        {
          prometheus: metricsToken ? '/metrics' : undefined,
          otlp: otlp && { host: new URL(otlp.url).host, protocol: otlp.protocol, intervalMs: otlp.intervalMs },
          applicationInsights: !!azureMonitor || undefined,
        },
        'metrics on',
      );
    if (traces)
      logger.info(
        {
          otlp: traces.otlp && { host: new URL(traces.otlp.url).host, protocol: traces.otlp.protocol },
          applicationInsights: !!azureMonitor || undefined,
          sampler: traces.sampler,
        },
        'traces on',
      );
    if (config.storage.kind === 'memory' && config.production)
      logger.warn(
        {},
        'conversation state is in memory: it is lost on restart and not shared between instances; set STORAGE=blob',
      );
    if (sandbox) {
      const kit = sandbox.kit;
      const demo = sandbox.started.demo;
      const simulators = { checkpoints: config.checkpoints?.baseUrl, trackings: config.trackings?.baseUrl };
      // Cannot reject: a shop that fails to listen is logged above, and the banner is only text.
      void kit
        .startDemoShop({
          botUrl: `http://${kit.SANDBOX_HOST}:${config.port}`,
          port: config.port + kit.SHOP_PORT_OFFSET,
          // The shop signs its demo customer in with the sandbox's demo secret (not with customer tokens of the operator's own).
          customerTokens:
            demo.signIn && config.customerTokens?.algorithm === 'HS256' ? config.customerTokens : undefined,
        })
        .then(
          (shop) => {
            shopClosed = () => shop.close();
            return shop.url;
          },
          () => {
            logger.warn(
              { port: config.port + kit.SHOP_PORT_OFFSET },
              'the demo shop could not listen on its port; the sandbox runs without it',
            );
            return undefined;
          },
        )
        .then((shopUrl) =>
          process.stdout.write(
            kit.sandboxBanner(`http://localhost:${config.port}/`, simulators, demo, shopUrl && `${shopUrl}/`),
          ),
        );
    }
  });

  // Stop taking connections, let the turns in flight finish (and reply), send the answers promised for
  // later, then exit; a turn or an upstream that hangs does not hold the exit forever. Customers still
  // waiting for a later answer near the end are told to ask again, so nobody waits for nothing.
  const stop = (signal: string) => {
    if (draining) return;
    draining = true;
    logger.info({ signal }, 'shutting down: finishing the turns in flight and the answers promised for later');
    setTimeout(() => app.abandonLaterReplies(), config.shutdownGraceMs - ABANDON_BEFORE_END_MS).unref();
    setTimeout(() => {
      logger.warn(
        { graceMs: config.shutdownGraceMs },
        'turns or later answers still in flight at the end of the grace period; exiting anyway',
      );
      void exit(1);
    }, config.shutdownGraceMs - LOG_SETTLE_MS).unref();
    // Checks in flight finish; what is still queued waits for the next start (or another instance).
    const updatesStopped = Promise.all([app.updates.scheduler.stop(), app.updates.sweep.stop(), app.retention?.stop()]);
    app.server.close(() => {
      // The sandbox's local channel receives the later answers and the updates, so it closes after them.
      void Promise.all([app.idle(), updatesStopped, shopClosed()])
        .then(() => sandbox?.started.close())
        .finally(async () => {
          // The last export: what the final turns counted reaches the collector (a collector that is down costs its timeout, within the grace period).
          await app.telemetry.shutdown().catch(() => undefined);
          logger.info({ watchChecks: app.updates.scheduler.checked }, 'stopped');
          void exit(0);
        });
    });
    // close() drops the connections idle at that moment; a turn in flight would leave its connection
    // idling on keep-alive for 5 s more after its reply, holding the exit. Drop each as it goes idle.
    // This timer also keeps the process alive until it decides to exit: a later answer waiting out a
    // retry's pause holds only unref'd timers, and the process used to end there, its answer unsent.
    setInterval(() => app.server.server.closeIdleConnections(), 50);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
