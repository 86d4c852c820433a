/**
 * What a cached turn costs inside the bot, with no HTTP around it: TrackingBot run on a context whose
 * adapter only counts what it sends, through the cached path (a lookup sent as data, the same typed as
 * text) and beside it the echo with conversation state (the bench's floor), in interleaved rounds, so
 * that a change to the turn can be measured without the noise of sockets and other processes.
 *
 *   npx tsc -p tsconfig.bench.json && node dist/bench/turnCost.js                 this code
 *   node dist/bench/turnCost.js --against <dir>     also another build (its dist folder, e.g. a copy of an
 *                                                   earlier commit built with tsc -p tsconfig.bench.json),
 *                                                   in the same rounds: the fair before and after
 *   node dist/bench/turnCost.js --telemetry [K=V,…] this code with telemetry on (by default Prometheus, and OTLP
 *                                                   metrics and traces to a stand-in collector; or the settings
 *                                                   given, COLLECTOR standing for its URL) against the same with
 *                                                   it off, in the same rounds: what telemetry costs a turn
 *   --turns N (per sample, 20000)  --rounds R (7)  --only data|typed (that kind and the floor: for --cpu-prof)
 *
 * Prints µs of this process's CPU per turn, the median of the rounds, and for two builds the median of the per-round ratios.
 */
import path from 'node:path';
import {
  ActivityHandler,
  BotAdapter,
  ConversationState,
  MemoryStorage,
  TurnContext,
  type Activity,
  type ConversationReference,
  type ResourceResponse,
} from 'botbuilder';
import { DEMO } from '../sandbox/simulators';
import { median } from './load';
import { botEnv, startCollector, startUpstreams } from './world';

/** Takes the bot's replies and drops them: what is left is the bot's own work. */
class CountingAdapter extends BotAdapter {
  sent = 0;

  sendActivities(_context: TurnContext, activities: Partial<Activity>[]): Promise<ResourceResponse[]> {
    this.sent += activities.length;
    return Promise.resolve(activities.map(() => ({ id: '' })));
  }

  updateActivity(): Promise<void> {
    return Promise.resolve();
  }

  deleteActivity(): Promise<void> {
    return Promise.resolve();
  }

  continueConversation(
    _reference: Partial<ConversationReference>,
    logic: (context: TurnContext) => Promise<void>,
  ): Promise<void> {
    return logic(new TurnContext(this, {}));
  }
}

interface Build {
  name: string;
  /** Runs one turn of `activity` through this build's bot. */
  turn(kind: Kind, activity: Partial<Activity>): Promise<void>;
}

type Kind = 'data' | 'typed' | 'echo with state';

const CONVERSATIONS = 50;

/** A build's bot (its dist folder), cached, its limits off, its state in botbuilder's MemoryStorage as in the bench. */
function load(name: string, dist: string, env: Record<string, string>): Build {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build's dist/, named at run time
  const { createApp } = require(path.join(dist, 'src', 'app')) as typeof import('../src/app');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build's dist/, named at run time
  const { loadConfig } = require(path.join(dist, 'src', 'config')) as typeof import('../src/config');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build's dist/, named at run time
  const { silentLogger } = require(
    path.join(dist, 'src', 'runtime', 'logger'),
  ) as typeof import('../src/runtime/logger');
  const app = createApp(loadConfig({ ...env, LOOKUP_LIMIT: '0', LOOKUP_CACHE_TTL_MS: '600000' }), silentLogger, {
    storage: new MemoryStorage(),
  });
  const adapter = new CountingAdapter();
  // As bench/botProcess.ts's /api/echo-state.
  const partsState = new ConversationState(new MemoryStorage());
  const turns = partsState.createProperty<{ turns: number }>('turns');
  const echo = new ActivityHandler();
  echo.onMessage(async (context, next) => {
    await context.sendActivity(`You said: ${context.activity.text ?? ''}`);
    await next();
  });
  const echoWithState = async (context: TurnContext) => {
    (await turns.get(context, { turns: 0 })).turns++;
    await echo.run(context);
    await partsState.saveChanges(context);
  };
  return {
    name,
    turn: (kind, activity) => {
      const context = new TurnContext(adapter, activity);
      return kind === 'echo with state' ? echoWithState(context) : app.bot.run(context);
    },
  };
}

async function main(): Promise<void> {
  const argument = (name: string) => {
    const at = process.argv.indexOf(name);
    return at < 0 ? undefined : process.argv[at + 1];
  };
  const turnsPerSample = Number(argument('--turns') ?? 20_000);
  const rounds = Number(argument('--rounds') ?? 7);
  const against = argument('--against');
  const upstreams = await startUpstreams(0);
  const env = botEnv(upstreams);
  const here = path.join(__dirname, '..');
  const collector = process.argv.includes('--telemetry') ? await startCollector() : undefined;
  // --telemetry KEY=VALUE,…: the telemetry settings to measure instead (COLLECTOR in a value is the stand-in collector's URL).
  const given = argument('--telemetry');
  const settings =
    given && !given.startsWith('--') ? given.split(',').map((pair) => pair.split('=') as [string, string]) : undefined;
  const telemetry =
    collector &&
    (settings
      ? Object.fromEntries(settings.map(([key, value]) => [key, value.replace('COLLECTOR', collector.url)]))
      : {
          METRICS_TOKEN: 'bench-metrics-token-0123456789',
          OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
          OTEL_METRIC_EXPORT_INTERVAL: '5000',
        });
  const builds = telemetry
    ? [load('telemetry on', here, { ...env, ...telemetry }), load('telemetry off', here, env)]
    : [load('this code', here, env), ...(against ? [load('against', path.resolve(against), env)] : [])];
  // --only data|typed: that kind alone (to profile it with --cpu-prof); the echo with state always runs, as the floor.
  const only = argument('--only') as Kind | undefined;
  const kinds: Kind[] = only ? [only, 'echo with state'] : ['data', 'typed', 'echo with state'];
  const identifier = DEMO.trackings.trackingNumbers.inTransit;
  const fields: Record<Kind, Partial<Activity>> = {
    data: { value: { input_type: 'tracking_number', identifier } },
    typed: { text: `where is my parcel ${identifier}?` },
    'echo with state': { text: 'hello there' },
  };
  let serial = 0;
  const activity = (build: string, kind: Kind, conversation: number): Partial<Activity> => ({
    type: 'message',
    id: `a${serial++}`,
    channelId: 'webchat',
    serviceUrl: 'http://127.0.0.1:1',
    conversation: { id: `${build}-${kind}-${conversation}` } as Activity['conversation'],
    from: { id: `customer-${conversation}`, name: 'Customer' },
    recipient: { id: 'bot', name: 'Bot' },
    locale: 'en-US',
    ...fields[kind],
  });
  /** µs per turn of `count` turns, `CONVERSATIONS` conversations taking turns one after another. */
  const sample = async (build: Build, kind: Kind, count: number) => {
    // CPU time, not wall time: on a shared machine this process is preempted for whole milliseconds.
    const started = process.cpuUsage();
    for (let i = 0; i < count; i++) {
      await build.turn(kind, activity(build.name, kind, i % CONVERSATIONS));
      // A turn whose awaits all settle at once never lets the event loop on: timers (an exporter's batch) would starve.
      if (i % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
    }
    const { user, system } = process.cpuUsage(started);
    return (user + system) / count;
  };
  // Warm up: the first lookup fills the cache, and the JIT sees every path.
  for (const build of builds) for (const kind of kinds) await sample(build, kind, 2_000);
  await Promise.all([upstreams.checkpoints.close(), upstreams.trackings.close()]);

  const times = new Map(builds.map((build) => [build.name, new Map(kinds.map((kind) => [kind, [] as number[]]))]));
  for (let round = 0; round < rounds; round++) {
    for (const kind of kinds) {
      const order = round % 2 ? [...builds].reverse() : builds;
      for (const build of order)
        times
          .get(build.name)!
          .get(kind)!
          .push(await sample(build, kind, turnsPerSample));
    }
  }
  const fmt = (n: number) => n.toFixed(1);
  const lines = [
    `Node ${process.version}; ${rounds} rounds of ${turnsPerSample} turns per build and kind; µs of CPU per turn, median of the rounds (range)`,
    '',
  ];
  for (const kind of kinds) {
    const cells = builds.map((build) => {
      const values = times.get(build.name)!.get(kind)!;
      return `${build.name} ${fmt(median(values))} (${fmt(Math.min(...values))} to ${fmt(Math.max(...values))})`;
    });
    if (builds.length === 2) {
      const [mine, theirs] = builds.map((build) => times.get(build.name)!.get(kind)!);
      const ratios = mine.map((value, i) => value / theirs[i]);
      cells.push(
        `this ÷ against ${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(3)} to ${Math.max(...ratios).toFixed(3)})`,
      );
    }
    lines.push(`${kind}: ${cells.join('; ')}`);
  }
  const floor = times.get(builds[0].name)!;
  const ratio = (kind: Kind) =>
    median(floor.get(kind)!.map((value, i) => value / floor.get('echo with state')![i])).toFixed(2);
  lines.push(
    '',
    `this code, × the echo with state in the same round: ${kinds
      .slice(0, -1)
      .map((kind) => `${kind} ${ratio(kind)}`)
      .join(', ')}`,
  );
  if (collector)
    lines.push(
      `the stand-in collector took ${collector.received.metrics} metric and ${collector.received.traces} trace exports`,
    );
  process.stdout.write(`${lines.join('\n')}\n`);
  // The telemetry bot's exporters and the collector keep the process alive: the figures are out.
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`turnCost failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
