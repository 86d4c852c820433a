/** The API key's and the metrics token's check: the secret compared in constant time (runtime/secretMatch.ts), and the bearer that presents it. */
import type { IncomingMessage } from 'node:http';

export { SecretMatch } from '../runtime/secretMatch';

/** The token of an `Authorization: Bearer <token>` header, if the request has one. */
export function bearerOf(req: IncomingMessage): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')?.[1];
}
