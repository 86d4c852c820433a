/**
 * What conversation state in memory costs a process (the figure in README's "Operating it", State).
 * Drives conversations through the app in this process, as a channel sends them, with ids as long as
 * Direct Line's: one turn (a tracking number typed, answered with its card), or with --turns N, N - 1
 * lookups and then a number of no clear kind, which leaves a choice open ("What kind of number is…?").
 * At 12 turns the state is about as large as a conversation's gets (1.25 KB): 12 activity ids, 10
 * lookups counted (the 11th is refused), the open choice. It and prints RSS and V8 heap after start and after the
 * prints RSS and V8 heap after start and after every 10,000 conversations, garbage collected each
 * time, with the bound the environment sets (MEMORY_STATE_MAX_ITEMS) or, with --unbounded,
 * botbuilder's MemoryStorage, which never forgets (and then the stored states' median size).
 *
 *   npx tsc -p tsconfig.bench.json
 *   node --expose-gc dist/bench/stateMemory.js [--unbounded] [--conversations 40000] [--turns 12]
 */
import { MemoryStorage } from 'botbuilder';
import { DEMO } from '../sandbox/simulators';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { silentLogger } from '../src/runtime/logger';
import { runLoad } from './load';
import { botEnv, startConnector, startUpstreams } from './world';

const AT_ONCE = 100;
const REPORT_EVERY = 10_000;

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

/** After garbage collection: what the process holds on to, and what V8 keeps for it. */
function memory(): { rssMb: number; heapUsedMb: number; heapTotalMb: number } {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  gc();
  gc();
  const { rss, heapUsed, heapTotal } = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  return { rssMb: mb(rss), heapUsedMb: mb(heapUsed), heapTotalMb: mb(heapTotal) };
}

async function main(): Promise<void> {
  const conversations = Number(argument('--conversations') ?? 40_000);
  const unbounded = process.argv.includes('--unbounded');
  const lookups = Number(argument('--turns') ?? 1) - 1;
  const turns =
    lookups > 0
      ? [...Array<string>(lookups).fill(DEMO.trackings.trackingNumbers.inTransit), DEMO.checkpoints.delivered]
      : [DEMO.trackings.trackingNumbers.inTransit];
  const stored: Record<string, string> = {};
  const upstreams = await startUpstreams(0);
  const connector = await startConnector();
  const config = loadConfig({ ...process.env, ...botEnv(upstreams) });
  const app = createApp(config, silentLogger, unbounded ? { storage: new MemoryStorage(stored) } : {});
  await new Promise<void>((resolve) => {
    app.server.listen(0, '127.0.0.1', resolve);
  });
  const botUrl = `http://127.0.0.1:${app.server.address().port}`;

  const load = (label: string, count: number) =>
    runLoad({
      botUrl,
      path: '/api/messages',
      serviceUrl: connector.url,
      conversations: count,
      turnsPerConversation: turns.length,
      activity: (_conversation, turn) => ({ text: turns[turn] }),
      // As long as Direct Line's conversation ids (its activity ids add "|0000005").
      conversationLabel: `Lm2ldH0XwSs4OjWgDFHkbz-${label}`,
      label: `Lm2ldH0XwSs4OjWgDFHkbz-${label}`,
    });

  const bound = unbounded
    ? 'none (MemoryStorage)'
    : config.storage.kind === 'memory'
      ? `${config.storage.maxItems} items`
      : 'blob';
  const report = (done: number, failures: number) =>
    process.stdout.write(
      `${JSON.stringify({ bound, turns: turns.length, conversations: done, failures, ...memory() })}\n`,
    );
  // Warm up: code loaded, caches filled, JIT settled; then the baseline.
  await load('warmup', AT_ONCE);
  report(0, 0);
  let failures = 0;
  for (let done = 0; done < conversations;) {
    failures += (await load(`c${done}`, Math.min(AT_ONCE, conversations - done))).failures;
    done = Math.min(conversations, done + AT_ONCE);
    // The simulators record every request they answer; the bench keeps no such history.
    upstreams.checkpoints.reset();
    upstreams.trackings.reset();
    if (done % REPORT_EVERY === 0 || done === conversations) report(done, failures);
  }
  const sizes = Object.values(stored)
    .map((json) => json.length)
    .sort((a, b) => a - b);
  if (sizes.length)
    process.stdout.write(
      `${JSON.stringify({ storedStates: sizes.length, medianBytes: sizes[sizes.length >> 1], largestBytes: sizes[sizes.length - 1] })}\n`,
    );

  app.server.close();
  app.server.server.closeAllConnections();
  await Promise.all([connector.close(), upstreams.checkpoints.close(), upstreams.trackings.close()]);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
