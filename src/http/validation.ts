/** Route bodies are checked with zod; the first problem becomes a 400 that names the field. */
import type { z } from 'zod';
import type { ErrorResponse } from './errorResponse';

export type Validated<T> = { ok: true; value: T } | { ok: false; error: ErrorResponse };

export function validateBody<S extends z.ZodType>(schema: S, body: unknown): Validated<z.output<S>> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  // A strict object's unknown field is named like a bad one.
  if (issue.code === 'unrecognized_keys') {
    const argument = [...issue.path, issue.keys[0]].join('.');
    return {
      ok: false,
      error: {
        status: 400,
        body: { code: 'invalid_argument', message: `${argument}: is not a field of this body`, argument },
      },
    };
  }
  const argument = issue.path.length ? issue.path.join('.') : 'body';
  const message = issue.path.length
    ? `${argument}: ${issue.message}`
    : `the body must be a JSON object (${issue.message})`;
  return { ok: false, error: { status: 400, body: { code: 'invalid_argument', message, argument } } };
}
