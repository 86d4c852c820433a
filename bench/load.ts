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
  label: string;
}

export interface LoadResult {
  latenciesMs: number[];
  wallMs: number;
  failures: number;
  /** Answers other than 200, by status (0: no answer). */
  failed: Record<number, number>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** One POST; resolves with the status once the whole answer is read. */
function post(url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  let failures = 0;
  const failed: Record<number, number> = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.conversations }, async (_, conversation) => {
      for (let turn = 0; turn < options.turnsPerConversation; turn++) {
        const body = JSON.stringify({
          type: 'message',
          id: `${options.label}-${conversation}-${turn}`,
          channelId: 'webchat',
          serviceUrl: options.serviceUrl,
          conversation: { id: `${options.label}-${conversation}` },
          from: { id: `customer-${conversation}` },
          recipient: { id: 'bot' },
          locale: 'en-US',
          ...options.activity(conversation, turn),
        });
        const t0 = performance.now();
        const status = await post(`${options.botUrl}${options.path}`, body).catch(() => 0);
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

export const median = (values: number[]) => percentile(values, 50);
