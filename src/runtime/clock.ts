/** Time as the retry policy and the reply deadline see it; injected so tests run waits without waiting. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, or at once when `signal` aborts (a timer nobody waits for any more). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(done, ms).unref();
      signal?.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      }
    }),
};
