/**
 * GET /healthz: the process is alive. GET /readyz: it should get traffic. Not while it drains on
 * SIGTERM, and not while a dependency it cannot work without (the state storage) fails its check.
 */
import type { Server } from 'restify';
import { answerAtOnce } from './answerAtOnce';

interface ReadinessCheck {
  name: string;
  /** Called on its own, not as a method of anything. */
  check: () => Promise<unknown>;
}

export interface HealthOptions {
  draining(): boolean;
  checks: ReadinessCheck[];
  timeoutMs?: number;
}

export function registerHealthRoutes(server: Server, options: HealthOptions): void {
  server.get(
    '/healthz',
    answerAtOnce((_req, res) => {
      res.send(200, { status: 'ok' });
    }),
  );
  server.get('/readyz', async (_req, res) => {
    if (options.draining()) return void res.send(503, { status: 'draining' });
    const failing = await failingChecks(options.checks, options.timeoutMs ?? 2_000);
    res.send(failing.length ? 503 : 200, failing.length ? { status: 'unready', failing } : { status: 'ready' });
  });
}

async function failingChecks(checks: ReadinessCheck[], timeoutMs: number): Promise<string[]> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>(
        (_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), timeoutMs)),
      );
      try {
        await Promise.race([check(), timeout]);
        return undefined;
      } catch {
        return name;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return results.filter((name): name is string => name !== undefined);
}
