/**
 * Which address a request's client has, for a per-client budget. Not the left of X-Forwarded-For: a
 * client writes whatever it likes there. With `trustedProxyHops` 0 (the default), the socket's peer.
 * With n, the n-th entry from the right of X-Forwarded-For: each of the n trusted proxies appends the
 * address it saw, so that entry was written by the outermost trusted one, and everything left of it came
 * from the client. Azure App Service's front end is one hop (1), and it appends the address with the
 * port of that connection (`203.0.113.7:50123`); the port is dropped, else every connection would be a
 * new client. A request with fewer entries than hops did not come through the proxies: the socket.
 */
import type { IncomingMessage } from 'node:http';

export function clientAddress(req: IncomingMessage, trustedProxyHops = 0): string {
  const socket = withoutPort((req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/i, ''));
  if (trustedProxyHops <= 0) return socket;
  const header = req.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length < trustedProxyHops) return socket;
  return withoutPort(entries[entries.length - trustedProxyHops]).toLowerCase().replace(/^::ffff:/i, '') || socket;
}

/** `203.0.113.7:50123` → `203.0.113.7`, `[2001:db8::1]:50123` → `2001:db8::1`; a bare IPv6 address stays as it is. */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1];
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  return v4 ? v4[1] : address;
}
