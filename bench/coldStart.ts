/**
 * Cold start: from spawning `node <script>` to the first 200 from its /readyz, as an orchestrator's
 * readiness probe sees it. The bot (dist/src/index.js, in a production configuration) and botbuilder's
 * echo bot on restify (bench/echoBot.ts) start in alternating rounds, so that each ratio is taken
 * between starts that met the same machine.
 */
import { ServiceProcess } from './serviceProcess';

export interface Start {
  label: string;
  script: string;
  env: Record<string, string>;
  port: number;
}

/** How often /readyz is asked while the process starts: fine enough for starts of a few hundred ms. */
const POLL_MS = 5;

/** Milliseconds from spawn to the first 200 from /readyz; the process is stopped before this returns. */
export async function timeStart(start: Start): Promise<number> {
  const started = performance.now();
  const service = await ServiceProcess.start(start.script, start.env, start.port, { pollMs: POLL_MS });
  const ready = performance.now() - started;
  await service.stop();
  return ready;
}

/**
 * Each start's times over `rounds` rounds, the starts taking turns at going first. Before them each
 * service starts once unmeasured and is stopped with SIGTERM, as an orchestrator stops it: the files
 * are in the OS's cache for both, and a service with Node's compile cache on (the bot) exits normally
 * and writes it, so its measured starts read it (they are SIGKILLed, and write nothing more).
 */
export async function timeStarts(starts: Start[], rounds: number): Promise<number[][]> {
  for (const start of starts)
    await (await ServiceProcess.start(start.script, start.env, start.port, { pollMs: POLL_MS })).stop('SIGTERM');
  const times = starts.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < starts.length; k++) {
      const i = (k + round) % starts.length;
      times[i].push(await timeStart(starts[i]));
    }
  }
  return times;
}
