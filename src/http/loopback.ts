/** This machine, as a request names it (Host) and as its connection comes from (the peer's address). */

/** The names this machine answers to when only it may call: the refusals say them in these words. */
export const LOOPBACK_NAMES = 'localhost, 127.0.0.1 or [::1]';

const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/** `Host` is localhost, 127.0.0.1 or [::1], with any port. A name a web page chose (DNS rebinding) is not. */
export function isLoopbackHost(host: string | undefined): boolean {
  return typeof host === 'string' && LOOPBACK_HOST.test(host);
}

/** The connection comes from this machine: 127.0.0.0/8 or ::1, IPv4-mapped or not. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/i, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** Where a service that only this machine may reach listens. */
export const LOOPBACK_LISTEN_HOST = '127.0.0.1';

/** A URL that names this machine: localhost, 127.0.0.0/8 or [::1] (a name that only begins like one is not). */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return host === 'localhost' || isLoopbackAddress(host.replace(/^\[(.*)\]$/, '$1'));
}
