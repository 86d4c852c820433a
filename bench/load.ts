/** Turns over HTTP, as a channel sends them: N conversations at once, each sending its turns one after another. */
import http from 'node:http';

export interface LoadOptions {
  botUrl: string;
  path: string;
  serviceUrl: string;
  conversations: number;
  turnsPerConversation: number;
  /** The activity's own fields for turn `turn` of conversation `conversation`. */
  activity(conversation: number, turn: number): Record<string, unknown>;
  /** Names the conversations: the same label continues the same conversations. */
  conversationLabel: string;
  /** Makes the activity ids unique: a repeated id would be dropped as a duplicate delivery. */
  label: string;
}

export interface LoadResult {
  latenciesMs: number[];
  wallMs: number;
  failures: number;
  /** Answers other than 200, by status, or by error code when there was no answer. */
  failed: Record<string, number>;
}

/**
 * Idle sockets are dropped after 4 s, before the bot's server closes them at its 5 s keep-alive timeout:
 * otherwise a socket idle while the other bot process was measured could be reused just as the server
 * closes it, and the turn fail with ECONNRESET (up to 20 of 4,000 at 200 conversations).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 512, timeout: 4_000 });

/** One POST; resolves with the status once the whole answer is read. */
function post(url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  let failures = 0;
  const failed: Record<string, number> = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.conversations }, async (_, conversation) => {
      for (let turn = 0; turn < options.turnsPerConversation; turn++) {
        const body = JSON.stringify({
          type: 'message',
          id: `${options.label}-${conversation}-${turn}`,
          channelId: 'webchat',
          serviceUrl: options.serviceUrl,
          conversation: { id: `${options.conversationLabel}-${conversation}` },
          from: { id: `customer-${conversation}` },
          recipient: { id: 'bot' },
          locale: 'en-US',
          ...options.activity(conversation, turn),
        });
        const t0 = performance.now();
        const status = await post(`${options.botUrl}${options.path}`, body).catch(
          (error: NodeJS.ErrnoException) => error.code ?? 'no answer',
        );
        latenciesMs.push(performance.now() - t0);
        if (status !== 200) {
          failures++;
          failed[status] = (failed[status] ?? 0) + 1;
        }
      }
    }),
  );
  return { latenciesMs, wallMs: performance.now() - started, failures, failed };
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The middle value; for an even count, the mean of the two middle ones (two rounds are not one). */
export function median(values: number[]): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
