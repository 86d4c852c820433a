/**
 * A stand-in for Bot Framework's token service on loopback: an RSA signing key, the OpenID metadata
 * and JWKS that botbuilder fetches to check inbound tokens, and a way to sign tokens with it.
 * Pass `endpoints` to the app (parts.authEndpoints) and no token check needs the internet.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { SignJWT, type JWTPayload } from 'jose';
import type { AuthEndpoints } from '../../src/bot/inboundAuthentication';

/** The issuer of real channel tokens; ours keep it, so they differ from real ones only in the key. */
export const CHANNEL_ISSUER = 'https://api.botframework.com';
export const CHANNEL_KID = 'test-channel-key';

export interface TokenIssuer {
  endpoints: AuthEndpoints;
  /** Paths requested from this server, in order: proof the validation came here. */
  hits: string[];
  /** The key the channel signs with, and one nobody published (for forgeries). */
  key: KeyObject;
  strangerKey: KeyObject;
  /** The public key in the PEM form botbuilder verifies with (for HMAC key-confusion forgeries). */
  publicPem: string;
  /** Signs `claims` with RS256 (by default with the channel key and its kid), as a channel's token: no iat added. */
  sign(
    claims: JWTPayload,
    options?: { key?: KeyObject | Uint8Array; kid?: string; algorithm?: 'RS256' | 'HS256' },
  ): Promise<string>;
  close(): Promise<void>;
}

const rsaKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

/** `endorsements`: the channels the key may sign for; botbuilder refuses activities from any other. */
export async function startTokenIssuer(endorsements: string[]): Promise<TokenIssuer> {
  const channel = rsaKey();
  const stranger = rsaKey();
  // The emulator's (Azure AD) keys: tokens claiming an Azure AD issuer are checked against these.
  const emulator = rsaKey();
  const jwk = (key: KeyObject, kid: string, extra: object = {}) => ({
    ...key.export({ format: 'jwk' }),
    kid,
    use: 'sig',
    alg: 'RS256',
    ...extra,
  });

  const hits: string[] = [];
  let base = '';
  const documents: Record<string, (() => object) | undefined> = {
    '/channel/.well-known/openidconfiguration': () => openIdConfiguration(CHANNEL_ISSUER, `${base}/channel/keys`),
    '/channel/keys': () => ({ keys: [jwk(channel.publicKey, CHANNEL_KID, { endorsements })] }),
    '/emulator/.well-known/openid-configuration': () =>
      openIdConfiguration('https://login.microsoftonline.com/test/v2.0', `${base}/emulator/keys`),
    '/emulator/keys': () => ({ keys: [jwk(emulator.publicKey, 'test-emulator-key')] }),
  };
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const document = documents[req.url ?? ''];
    // Not chained: restify, loaded in the same process, patches writeHead to return nothing.
    res.writeHead(document ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(document?.() ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    endpoints: {
      ToBotFromChannelOpenIdMetadataUrl: `${base}/channel/.well-known/openidconfiguration`,
      ToBotFromChannelTokenIssuer: CHANNEL_ISSUER,
      ToBotFromEmulatorOpenIdMetadataUrl: `${base}/emulator/.well-known/openid-configuration`,
    },
    hits,
    key: channel.privateKey,
    strangerKey: stranger.privateKey,
    // botbuilder rebuilds the key from the JWK's modulus and exponent as a PKCS#1 PEM.
    publicPem: channel.publicKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    sign: (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: options.algorithm ?? 'RS256', typ: 'JWT', kid: options.kid ?? CHANNEL_KID })
        .sign(options.key ?? channel.privateKey),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function openIdConfiguration(issuer: string, jwksUri: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    jwks_uri: jwksUri,
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
  };
}

/**
 * Makes every https request fail at once and records it. All our servers are plain http on loopback,
 * and every Microsoft endpoint is https, so a validation path that would fetch Microsoft's
 * metadata (or an Azure AD token) shows up here instead of waiting on DNS. `restore()` undoes it.
 */
export function refuseInternet(): { attempts: string[]; restore(): void } {
  const attempts: string[] = [];
  const refuse = (target: unknown): never => {
    const options = target as { hostname?: string; path?: string };
    attempts.push(
      target instanceof URL || typeof target === 'string'
        ? String(target)
        : `https://${options.hostname}${options.path ?? ''}`,
    );
    throw new Error(`a test tried to reach the internet: ${attempts.at(-1)}`);
  };
  const spies = [
    jest.spyOn(https, 'request').mockImplementation(refuse),
    jest.spyOn(https, 'get').mockImplementation(refuse),
  ];
  return { attempts, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}
