/**
 * Which client a request counts as, for a per-client budget. Not the left of X-Forwarded-For: a client
 * writes whatever it likes there. With `trustedProxyHops` 0 (the default), the socket's peer. With n,
 * the n-th entry from the right of X-Forwarded-For: each of the n trusted proxies appends the address it
 * saw, so that entry was written by the outermost trusted one, and everything left of it came from the
 * client. A request with fewer entries than hops did not come through the proxies: the socket. So does
 * an entry that is no address (a proxy set up wrong): everyone behind it then shares one budget, which
 * fails closed. (The RFC 7239 `Forwarded` header is not read: the proxies we are told of write XFF.)
 *
 * An entry is read in every form a proxy writes: `203.0.113.7`, `203.0.113.7:50123` (Azure App
 * Service's front end adds the port of that connection), `::ffff:203.0.113.7` and `::ffff:203.0.113.7:50123`
 * (IPv4-mapped: the IPv4 address), `[2001:db8::1]:50123`, `2001:DB8::1`, with spaces around. The port is
 * dropped, else every connection would be a new client.
 *
 * An IPv4 client is its address. An IPv6 client is its network, the first `ipv6PrefixLength` bits (64 by
 * default): one subscriber or host gets a whole /64 and rotates through it at will, so counting single
 * addresses gave one client a fresh budget per request. The answer reads `2001:db8:1:2::/64`.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { DEFAULT_IPV6_PREFIX_LENGTH } from '../webchatSettings';

export interface ClientCounting {
  /** Proxies in front of the service whose X-Forwarded-For entry is trusted; 0 or unset: the socket. */
  trustedProxyHops?: number;
  /** How many leading bits of an IPv6 address make one client (CLIENT_IPV6_PREFIX); unset: 64. */
  ipv6PrefixLength?: number;
}

export function clientAddress(req: IncomingMessage, counting: ClientCounting = {}): string {
  const prefix = counting.ipv6PrefixLength ?? DEFAULT_IPV6_PREFIX_LENGTH;
  const socket = clientOf(req.socket.remoteAddress ?? '', prefix) ?? 'unknown';
  const hops = counting.trustedProxyHops ?? 0;
  if (hops <= 0) return socket;
  const header = req.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length < hops) return socket;
  return clientOf(entries[entries.length - hops], prefix) ?? socket;
}

/** The client an address names (IPv4 alone, IPv6 by its network), or undefined when it names none. */
function clientOf(entry: string, ipv6PrefixLength: number): string | undefined {
  const host = hostOf(entry.trim());
  if (host === undefined) return undefined;
  // process(): an IPv4-mapped IPv6 address is the IPv4 client it stands for.
  const address = ipaddr.process(host);
  if (address.kind() === 'ipv4') return address.toString();
  // The network's bits, by bytes (a zone id such as %eth0 goes with the rest).
  const mask = ipaddr.IPv6.subnetMaskFromPrefixLength(ipv6PrefixLength).toByteArray();
  const network = ipaddr.fromByteArray(address.toByteArray().map((byte, i) => byte & mask[i])) as ipaddr.IPv6;
  return `${network.toRFC5952String()}/${ipv6PrefixLength}`;
}

/** The address part of an entry, without port or brackets, when it is an address (node:net judges). */
function hostOf(entry: string): string | undefined {
  if (isIP(entry)) return entry;
  // [2001:db8::1] or [2001:db8::1]:50123
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(entry);
  if (bracketed) return isIP(bracketed[1]) === 6 ? bracketed[1] : undefined;
  // 203.0.113.7:50123 or ::ffff:203.0.113.7:50123: an address, then a port. (An unbracketed IPv6
  // address ending in hex digits is read whole above: a port there could not be told apart.)
  const port = /:\d{1,5}$/.exec(entry);
  const host = port ? entry.slice(0, port.index) : '';
  return host && isIP(host) ? host : undefined;
}
