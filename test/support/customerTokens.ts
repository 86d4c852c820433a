/**
 * A store's side of signed-in customers, for tests: customer tokens signed as a store's server signs
 * them (HS256 with the shared secret, or RS256/ES256 with a key it publishes), and the store's key set
 * served on loopback, whose keys a test can change (rotation) or make hang.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, type JWTPayload } from 'jose';

export const CUSTOMER_SECRET = 'store-shared-SECRET-0123456789abcdef';
export const AUDIENCE = 'order-tracking-bot';
export const ISSUER = 'https://shop.example';

export interface StoreKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export function storeKey(algorithm: 'RS256' | 'ES256', kid: string): StoreKey {
  const pair =
    algorithm === 'RS256'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { kid, ...pair };
}

/** The claims a store's server puts in, `nowMs` being the bot's clock: 30 minutes of life. */
export function claimsAt(nowMs: number, extra: JWTPayload = {}): JWTPayload {
  const now = Math.floor(nowMs / 1000);
  return {
    sub: 'customer-8231',
    aud: AUDIENCE,
    iss: ISSUER,
    iat: now,
    exp: now + 30 * 60,
    name: 'Ana Lima',
    locale: 'pt-BR',
    orders: [{ input_type: 'order_number', identifier: 'ORD-1001' }],
    ...extra,
  };
}

/** Signs `claims` (none removed: set one to undefined to leave it out). */
export async function signCustomerToken(
  claims: JWTPayload,
  signer: { alg: string; key: KeyObject | Uint8Array; kid?: string },
): Promise<string> {
  const payload = Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));
  return new SignJWT(payload)
    .setProtectedHeader({ alg: signer.alg, typ: 'JWT', ...(signer.kid ? { kid: signer.kid } : {}) })
    .sign(signer.key);
}

export const sharedSecret = (secret = CUSTOMER_SECRET) => new TextEncoder().encode(secret);

/** A token with `alg: none` and no signature, as an attacker would send it. */
export function unsignedToken(claims: JWTPayload): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

export interface StoreKeySet {
  url: string;
  /** The keys published now; change it to rotate. */
  keys: StoreKey[];
  /** Requests so far. */
  hits: number;
  hang: boolean;
  /** Answer with a set padded to this many bytes, its length not declared. */
  oversized?: number;
  /** Answer with a redirect to this path instead. */
  redirect?: string;
  /** Answer with this status and no set instead (the store's server failing). */
  failWith?: number;
  close(): Promise<void>;
}

export async function startStoreKeySet(keys: StoreKey[]): Promise<StoreKeySet> {
  const set = { keys, hits: 0, hang: false } as StoreKeySet;
  const server = http.createServer((_req, res) => {
    set.hits++;
    if (set.hang) return;
    if (set.failWith) {
      res.writeHead(set.failWith);
      return void res.end();
    }
    if (set.redirect) {
      res.writeHead(302, { Location: set.redirect });
      return void res.end();
    }
    const keys = set.keys.map((key) => ({ ...key.publicKey.export({ format: 'jwk' }), kid: key.kid, use: 'sig' }));
    const body = JSON.stringify(set.oversized ? { keys, padding: 'x'.repeat(set.oversized) } : { keys });
    res.writeHead(200, { 'Content-Type': 'application/json' });
    // In pieces, so that only reading it shows how long it is.
    for (let at = 0; at < body.length; at += 16 * 1024) res.write(body.slice(at, at + 16 * 1024));
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  set.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
  set.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return set;
}
