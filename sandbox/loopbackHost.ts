/**
 * Sandbox mode answers only requests addressed to this machine by name. It listens on loopback, but a
 * web page can point a name of its own at 127.0.0.1 (DNS rebinding) and then reach the developer's
 * sandbox from the browser as if it were the page's own origin: inbound auth is off there. A browser
 * always sends the name it resolved in `Host`, so only `localhost`, `127.0.0.1` and `[::1]` (any port) are
 * answered; anything else, no Host included, gets a 421 naming the header, before any route runs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'restify';
import { isLoopbackAddress, isLoopbackHost, LOOPBACK_NAMES } from '../src/http/loopback';

/** The refusal's body: the one error shape of the service. */
const MISDIRECTED = {
  code: 'misdirected_request',
  message: `the sandbox answers only requests for ${LOOPBACK_NAMES} (any port): open it as http://localhost:<port>/`,
  argument: 'Host',
};

/**
 * Answers a request for another name with a 421 and returns true (the caller then stops), else false.
 * Plain node: it runs before restify touches the request (server.first) and in the simulators alike.
 */
export function refuseOtherHosts(req: IncomingMessage, res: ServerResponse): boolean {
  if (isLoopbackHost(req.headers.host)) return false;
  const body = JSON.stringify(MISDIRECTED);
  // The body is not read: the connection closes after the answer, so nothing of it is taken for a next request.
  res.writeHead(421, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  res.end(body);
  return true;
}

/**
 * For the developer's own tools on the page (the agent hub, the Insights panel): a connection from this
 * machine only, and no other origin (no CORS). `what` names the tool in the refusal.
 */
export function thisMachineOnly(what: string): RequestHandler {
  return (req, res, next) => {
    if (isLoopbackAddress(req.socket.remoteAddress)) return next();
    res.send(403, { error: { code: 'Forbidden', message: `${what} answers this machine only` } });
    return next(false);
  };
}
