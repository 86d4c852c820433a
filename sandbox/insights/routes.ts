/**
 * GET /sandbox/insights: the picture of a day (DAY_PICTURE) computed from the metrics this process
 * records, with the last ten minutes beside it, for the page's Insights panel. Sandbox mode only (it is
 * registered nowhere else), this machine only, like the agent hub. The figures carry no identifier: they
 * are the metrics' totals, whose labels are bounded by the catalog.
 */
import type { Request, Response, Server } from 'restify';
import { systemClock, type Clock } from '../../src/runtime/clock';
import type { CollectedMetrics } from '../../src/telemetry/collected';
import { dayFigures } from '../../src/telemetry/dayFigures';
import { thisMachineOnly } from '../loopbackHost';
import { FigureHistory, KEPT_MS, SAMPLE_EVERY_MS } from './history';

const INSIGHTS_PATH = '/sandbox/insights';

export interface InsightsOptions {
  /** The metrics recorded so far (Telemetry.collect): sandbox mode keeps them in process. Without it there is no route. */
  collect?: () => Promise<CollectedMetrics>;
  /** Whose time the samples are taken by; the wall clock unless a test moves it. */
  clock?: Clock;
}

export function registerInsights(server: Server, options: InsightsOptions): void {
  const { collect } = options;
  if (!collect) return;
  const clock = options.clock ?? systemClock;
  const history = new FigureHistory();
  const read = async () => {
    const figures = dayFigures(await collect());
    history.record(clock.now(), figures);
    return figures;
  };

  server.get(INSIGHTS_PATH, thisMachineOnly('Insights'), async (_req: Request, res: Response) => {
    const figures = await read();
    res.header('Cache-Control', 'no-store');
    res.send(200, {
      at: clock.now(),
      sampleEveryMs: SAMPLE_EVERY_MS,
      keptMs: KEPT_MS,
      times: history.times(),
      figures: history.beside(figures),
    });
  });

  // A sample every few seconds whether or not the panel is open, so opening it shows the minutes before.
  const stopped = new AbortController();
  server.server.once('close', () => stopped.abort());
  void (async () => {
    while (!stopped.signal.aborted) {
      await clock.sleep(SAMPLE_EVERY_MS, stopped.signal);
      if (!stopped.signal.aborted) await read().catch(() => undefined);
    }
  })();
}
