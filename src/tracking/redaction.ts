/**
 * Removes secrets from anything that may reach an error, a reply or a log line.
 * Two nets: header names that carry credentials, and the secret values themselves wherever they appear.
 */
import type { AxiosHeaderValue } from 'axios';

const REDACTED = '[REDACTED]';

const SECRET_HEADER = /^(authorization|proxy-authorization|token|x-api-key|api-key|cookie|set-cookie)$/i;

export class Redactor {
  private readonly secrets: string[];

  constructor(secrets: Array<string | undefined>) {
    // Longest first, so a secret that contains another is replaced whole.
    this.secrets = [...new Set(secrets.filter((s): s is string => !!s && s.length >= 4))].sort(
      (a, b) => b.length - a.length,
    );
  }

  /** A redactor that also hides these further secrets (e.g. a caller's token for one call). */
  with(...more: Array<string | undefined>): Redactor {
    return new Redactor([...this.secrets, ...more]);
  }

  text(value: string): string {
    let out = value;
    for (const secret of this.secrets) out = out.split(secret).join(REDACTED);
    return out.replace(/\b(Bearer|Basic)\s+[^\s",;]+/gi, `$1 ${REDACTED}`);
  }

  /** Deep copy with secret-bearing headers masked and secret values replaced in every string. */
  value<T>(value: T): T {
    return this.walk(value, 0) as T;
  }

  headers(headers: Record<string, AxiosHeaderValue | undefined> | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, raw] of Object.entries(headers ?? {})) {
      if (raw === undefined || raw === null) continue;
      const text = Array.isArray(raw) ? raw.join(', ') : String(raw);
      out[name.toLowerCase()] = SECRET_HEADER.test(name) ? REDACTED : this.text(text);
    }
    return out;
  }

  private walk(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.text(value);
    if (depth > 20 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => this.walk(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_HEADER.test(k) ? REDACTED : this.walk(v, depth + 1);
    return out;
  }
}
