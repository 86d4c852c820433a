/**
 * How long a client may take to send its request, and keep an idle connection open. Node's defaults
 * (60 s for the headers, 300 s for the whole request, checked every 30 s) let 3,000 stalled
 * connections stay open; a channel gives up on a turn after 15 s, so no real caller needs longer.
 */
import type { Server } from 'node:http';

export interface ConnectionTimeouts {
  /** Until every header has arrived; a client that stalls mid-headers gets a 408 and is closed. */
  headersMs: number;
  /** Until the whole request, body included, has arrived (the turn's own work is not counted). */
  requestMs: number;
  /** How long a keep-alive connection may idle between requests (Node closes it 1 s after). */
  keepAliveMs: number;
  /** How often the first two are checked: a stalled client is dropped up to this much late. */
  checkEveryMs: number;
}

export const DEFAULT_CONNECTION_TIMEOUTS: ConnectionTimeouts = {
  headersMs: 10_000,
  requestMs: 15_000,
  keepAliveMs: 5_000,
  checkEveryMs: 1_000,
};

/** Applies the timeouts to a server that is not listening yet: Node reads `connectionsCheckingInterval` when it starts listening. */
export function limitSlowClients(server: Server, timeouts: ConnectionTimeouts): void {
  for (const [name, value] of Object.entries(timeouts)) {
    if (!Number.isInteger(value) || value <= 0)
      throw new RangeError(`connection timeout ${name} must be a positive number of milliseconds`);
  }
  // Node's own rule, which it checks only for options given to http.createServer (restify gives none).
  if (timeouts.headersMs > timeouts.requestMs)
    throw new RangeError('connection timeout headersMs must not exceed requestMs');
  if (server.listening) throw new Error('connection timeouts must be set before the server listens');
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  // @types/node has it as a createServer option only, though Node reads it from the server too (lib/_http_server.js, setupConnectionsTracking).
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = timeouts.checkEveryMs;
}
