/**
 * GET /metrics: the metrics as Prometheus text, for whoever presents METRICS_TOKEN as `Authorization: Bearer
 * <token>` (compared in constant time; a 401 in the routes' one error shape otherwise), or while the token rolls
 * METRICS_TOKEN_PREVIOUS. Without METRICS_TOKEN the route does not exist: a 404 like any unknown path. The
 * token is in no reply and no log line.
 */
import type { Server } from 'restify';
import { sendError, unauthenticated } from './errorResponse';
import { bearerOf, SecretMatch } from './secretMatch';

/** Prometheus' text exposition format. */
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

export function registerMetricsRoute(
  server: Server,
  tokens: { token?: string; previous?: string },
  scrape: (() => Promise<string>) | undefined,
): void {
  if (!tokens.token || !scrape) return;
  const match = new SecretMatch(tokens.token, tokens.previous);
  server.get('/metrics', async (req, res) => {
    if (!match.matches(bearerOf(req))) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return sendError(
        res,
        unauthenticated(
          'this route needs the metrics token (METRICS_TOKEN): send it as "Authorization: Bearer <token>"',
        ),
      );
    }
    const text = await scrape();
    res.writeHead(200, {
      'content-type': PROMETHEUS_TEXT,
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  });
}
