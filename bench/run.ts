/**
 * npm run bench: the cost of a lookup turn next to an echo turn on the same adapter and server,
 * the latency the bot adds over the upstream's, throughput, memory, state size, the largest activity
 * sent and upstream calls per lookup, all measured in one run on this machine.
 *
 *   npm run bench               the full run (about five minutes); prints a Markdown report
 *   npm run bench -- --write    also writes the report into BENCHMARKS.md
 *   npm run bench -- --smoke    a few seconds, tiny numbers: keeps the harness working (CI runs it)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO } from '../sandbox/simulators';
import { median, percentile, runLoad, type LoadResult } from './load';
import { startConnector, startUpstreams } from './world';

interface Scale {
  latencyMs: number;
  /** Turns in all, per concurrency level. */
  turns: Array<[concurrency: number, turns: number]>;
  warmupTurns: number;
}

const FULL: Scale = { latencyMs: 25, turns: [[1, 300], [50, 2_000], [200, 4_000]], warmupTurns: 300 };
const SMOKE: Scale = { latencyMs: 5, turns: [[1, 6], [4, 16]], warmupTurns: 10 };

/** The rows that split a cached lookup turn's cost into parts (see botProcess.ts). */
const PARTS = {
  state: 'echo with conversation state',
  direct: 'lookup without the dialog stack',
  directOne: 'lookup without the dialog stack, cards only',
};

interface Stats {
  cpu: NodeJS.CpuUsage;
  rss: number;
  peakRss: number;
  state: number[];
}

/** The bot in a child process, so that what is measured is the bot's own. */
class BotUnderTest {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(env: Record<string, string>): Promise<BotUnderTest> {
    const child = fork(path.join(__dirname, 'botProcess.js'), [], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m: { type: string; port: number }) => (m.type === 'listening' ? resolve(m.port) : reject(new Error('unexpected message'))));
      child.once('exit', (code) => reject(new Error(`the bot process exited with ${code}`)));
    });
    return new BotUnderTest(child, `http://127.0.0.1:${port}`);
  }

  stats(): Promise<Stats> {
    return new Promise((resolve) => {
      this.child.once('message', (m: Stats) => resolve(m));
      this.child.send({ type: 'stats' });
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.send({ type: 'stop' });
    });
  }
}

interface Row {
  concurrency: number;
  turn: string;
  result: LoadResult;
  cpuMsPerTurn: number;
  upstreamCalls: number;
  /** Activities the bot sent to the connector, per turn. */
  sentPerTurn: number;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

async function main(): Promise<void> {
  const smoke = process.argv.includes('--smoke');
  const scale = smoke ? SMOKE : FULL;
  const upstreams = await startUpstreams(scale.latencyMs);
  const connector = await startConnector();
  const env = {
    LOG_LEVEL: 'silent',
    CHECKPOINTS_BASE_URL: upstreams.checkpoints.url,
    CHECKPOINTS_USER_ID: upstreams.userId,
    CHECKPOINTS_TOKEN: upstreams.token,
    TRACKINGS_BASE_URL: upstreams.trackings.url,
    TRACKINGS_API_KEY: upstreams.apiKey,
    // Each benchmark conversation sends hundreds of lookups; the per-conversation limit would refuse them.
    LOOKUP_LIMIT: '0',
  };
  const bots = {
    uncached: await BotUnderTest.start({ ...env, LOOKUP_CACHE_TTL_MS: '0' }),
    cached: await BotUnderTest.start({ ...env, LOOKUP_CACHE_TTL_MS: '600000' }),
  };
  const echo = () => ({ text: 'hello there' });
  const lookup = () => ({ value: { input_type: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.inTransit } });

  const measure = async (bot: BotUnderTest, label: string, path: string, activity: () => Record<string, unknown>, concurrency: number, turns: number): Promise<Row> => {
    const calls = () => upstreams.trackings.requests.length;
    upstreams.trackings.requests.length = 0;
    const sentBefore = connector.stats().replies;
    const before = await bot.stats();
    const result = await runLoad({
      botUrl: bot.url,
      path,
      serviceUrl: connector.url,
      conversations: concurrency,
      turnsPerConversation: Math.max(1, Math.round(turns / concurrency)),
      activity,
      label: `${label}-c${concurrency}`,
    });
    const after = await bot.stats();
    const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
    const sentPerTurn = (connector.stats().replies - sentBefore) / result.latenciesMs.length;
    return { concurrency, turn: label, result, cpuMsPerTurn: cpuMs / result.latenciesMs.length, upstreamCalls: calls(), sentPerTurn };
  };

  // Warm up both processes (JIT, connection pools, caches) before anything counts.
  for (const bot of Object.values(bots)) {
    await measure(bot, 'warmup-echo', '/api/echo', echo, 4, scale.warmupTurns);
    await measure(bot, 'warmup-lookup', '/api/messages', lookup, 4, scale.warmupTurns);
  }
  await measure(bots.cached, 'warmup-state', '/api/echo-state', echo, 4, scale.warmupTurns);
  await measure(bots.cached, 'warmup-direct', '/api/lookup-direct', lookup, 4, scale.warmupTurns);
  await measure(bots.cached, 'warmup-direct-one', '/api/lookup-direct-one', lookup, 4, scale.warmupTurns);

  const rows: Row[] = [];
  for (const [concurrency, turns] of scale.turns) {
    // Each level starts on open connections, so that no measured row pays for opening them. (Without
    // this, one run's echo p99 at 200 conversations was 5 s, turning the latency ratio into noise; the
    // stall's cause was not found.)
    for (const bot of Object.values(bots)) await measure(bot, `warmup-echo-${concurrency}`, '/api/echo', echo, concurrency, concurrency * 2);
    rows.push(await measure(bots.uncached, 'echo', '/api/echo', echo, concurrency, turns));
    rows.push(await measure(bots.uncached, 'lookup, upstream every turn', '/api/messages', lookup, concurrency, turns));
    rows.push(await measure(bots.cached, 'echo (cached bot)', '/api/echo', echo, concurrency, turns));
    rows.push(await measure(bots.cached, PARTS.state, '/api/echo-state', echo, concurrency, turns));
    rows.push(await measure(bots.cached, PARTS.directOne, '/api/lookup-direct-one', lookup, concurrency, turns));
    rows.push(await measure(bots.cached, PARTS.direct, '/api/lookup-direct', lookup, concurrency, turns));
    rows.push(await measure(bots.cached, 'lookup, cached', '/api/messages', lookup, concurrency, turns));
  }
  const [uncachedStats, cachedStats] = [await bots.uncached.stats(), await bots.cached.stats()];
  await bots.uncached.stop();
  await bots.cached.stop();
  await connector.close();
  await upstreams.checkpoints.close();
  await upstreams.trackings.close();

  const report = render(scale, rows, { uncachedStats, cachedStats, largestBytes: connector.stats().largestBytes, smoke });
  process.stdout.write(report);
  if (rows.some((r) => r.result.failures > 0)) {
    const failed = rows.filter((r) => r.result.failures > 0).map((r) => `${r.turn} at ${r.concurrency}: ${JSON.stringify(r.result.failed)}`);
    process.stderr.write(`some turns failed, so the figures above are not to be trusted: ${failed.join('; ')}\n`);
    process.exitCode = 1;
  }
  if (process.argv.includes('--write')) writeReport(report);
}

function render(scale: Scale, rows: Row[], extra: { uncachedStats: Stats; cachedStats: Stats; largestBytes: number; smoke: boolean }): string {
  const lines: string[] = [];
  const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 0)} MB`;
  lines.push(`Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; upstream simulators answer in ${scale.latencyMs} ms.${extra.smoke ? ' SMOKE RUN: tiny numbers, not a measurement.' : ''}`);
  lines.push('');
  lines.push('| conversations at once | turn | turns | p50 ms | p99 ms | bot-added p99 ms | CPU ms / turn | turns / s | upstream calls | sent / turn |');
  lines.push('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    const { latenciesMs, wallMs } = row.result;
    const added = row.turn.startsWith('lookup, upstream') ? percentile(latenciesMs, 99) - scale.latencyMs : NaN;
    lines.push(
      `| ${row.concurrency} | ${row.turn} | ${latenciesMs.length} | ${fmt(median(latenciesMs))} | ${fmt(percentile(latenciesMs, 99))} | ${fmt(added)} | ${fmt(row.cpuMsPerTurn, 2)} | ${fmt((latenciesMs.length / wallMs) * 1000, 0)} | ${row.upstreamCalls} | ${fmt(row.sentPerTurn, 1)} |`,
    );
  }
  lines.push('');
  lines.push('| target | measured | met |');
  lines.push('| --- | --- | --- |');
  for (const [concurrency] of scale.turns) {
    const at = (turn: string) => rows.find((r) => r.concurrency === concurrency && r.turn === turn)!;
    const cpuRatio = at('lookup, cached').cpuMsPerTurn / at('echo (cached bot)').cpuMsPerTurn;
    const cpuRatioUncached = at('lookup, upstream every turn').cpuMsPerTurn / at('echo').cpuMsPerTurn;
    const addedRatio = (percentile(at('lookup, upstream every turn').result.latenciesMs, 99) - scale.latencyMs) / percentile(at('echo').result.latenciesMs, 99);
    lines.push(`| CPU of a lookup turn ≤ 1.5 × an echo turn (${concurrency} at once) | ${fmt(cpuRatio, 2)} × cached, ${fmt(cpuRatioUncached, 2)} × with the upstream call | ${cpuRatio <= 1.5 ? 'yes' : 'no'} |`);
    lines.push(`| bot-added p99 ≤ 1.5 × echo p99 (${concurrency} at once) | ${fmt(addedRatio, 2)} × | ${addedRatio <= 1.5 ? 'yes' : 'no'} |`);
  }
  const cachedLookups = rows.filter((r) => r.turn === 'lookup, cached');
  const cachedCalls = cachedLookups.reduce((n, r) => n + r.upstreamCalls, 0);
  const cachedTurns = cachedLookups.reduce((n, r) => n + r.result.latenciesMs.length, 0);
  lines.push(`| at most 1 upstream call per distinct lookup per TTL | ${cachedCalls} call(s) for ${cachedTurns} cached lookup turns of 1 distinct lookup (the warm-up made the first) | ${cachedCalls <= 1 ? 'yes' : 'no'} |`);
  lines.push('');
  lines.push('Where the CPU of a cached lookup turn goes (ms per turn, and × the echo turn):');
  lines.push('');
  lines.push(`| conversations at once | echo | + conversation state | + the lookup and its cards | + the "anything else?" message | + the dialog stack and the bot's turn machinery: the real turn |`);
  lines.push('| ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [concurrency] of scale.turns) {
    const cpu = (turn: string) => rows.find((r) => r.concurrency === concurrency && r.turn === turn)!.cpuMsPerTurn;
    const floor = cpu('echo (cached bot)');
    const cell = (turn: string) => `${fmt(cpu(turn), 2)} (${fmt(cpu(turn) / floor, 2)} ×)`;
    lines.push(`| ${concurrency} | ${fmt(floor, 2)} | ${cell(PARTS.state)} | ${cell(PARTS.directOne)} | ${cell(PARTS.direct)} | ${cell('lookup, cached')} |`);
  }
  lines.push('');
  const state = extra.cachedStats.state;
  lines.push(`- Peak memory (RSS) of the bot process: ${mb(extra.uncachedStats.peakRss)} without the cache, ${mb(extra.cachedStats.peakRss)} with it.`);
  lines.push(`- Conversation state: ${state.length} conversations, median ${median(state)} bytes, largest ${Math.max(...state)} bytes (no order data is kept in it).`);
  lines.push(`- Largest activity sent: ${extra.largestBytes} bytes (limit 25,600).`);
  lines.push('');
  return `${lines.join('\n')}\n`;
}

/** Replaces the report between the markers in BENCHMARKS.md. */
function writeReport(report: string): void {
  const file = path.join(__dirname, '..', '..', 'BENCHMARKS.md');
  const text = readFileSync(file, 'utf8');
  const [start, end] = ['<!-- bench:start -->', '<!-- bench:end -->'];
  const updated = text.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${report}${end}`);
  writeFileSync(file, updated);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
