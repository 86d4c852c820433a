/**
 * One call, with Node's built-in fetch, to a service beside the tracking interfaces (Direct Line's token
 * service, a store's key set). Their answers are small JSON, so each call has one deadline for the whole
 * exchange, follows no redirect (a secret goes to the address the operator named, nowhere else), and
 * reads at most `maxBytes` of the answer: a longer one is a failure, and is never held in memory.
 * fetch takes no proxy from the environment unless the operator sets NODE_USE_ENV_PROXY=1.
 * (The tracking clients stay on axios: their retry policy is built on axios-retry.)
 */
export interface TextAnswer {
  status: number;
  text: string;
}

export interface FetchTextRequest {
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBytes: number;
}

/** No answer, or not one we read: `reason` says which in words safe for a log line (never the service's own). */
export class NoAnswerError extends Error {
  override readonly name = 'NoAnswerError';
  constructor(readonly reason: string) {
    super(`no answer (${reason})`);
  }
}

/** The status and the text of the answer; a 3xx is returned as it is, not followed. */
export async function fetchText(url: string, request: FetchTextRequest): Promise<TextAnswer> {
  const { method = 'GET', headers, body, timeoutMs, maxBytes } = request;
  try {
    const response = await fetch(url, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, text: await textUpTo(response, maxBytes) };
  } catch (error) {
    throw error instanceof NoAnswerError ? error : new NoAnswerError(reasonOf(error));
  }
}

async function textUpTo(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () => new NoAnswerError(`an answer over ${maxBytes} bytes`);
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early (the throw) cancels the rest of the answer.
  // A fetch body's chunks are bytes (the WHATWG Fetch standard); Node's types leave them untyped.
  for await (const chunk of (response.body as ReadableStream<Uint8Array> | null) ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** ECONNREFUSED, ECONNRESET, TimeoutError...: fetch puts the socket's code in `cause`. */
function reasonOf(error: unknown): string {
  const { name, cause } = error as { name?: unknown; cause?: { code?: unknown } };
  if (typeof cause?.code === 'string') return cause.code;
  return typeof name === 'string' ? name : 'no response';
}
