/**
 * The one log stream: every field cut to size whatever a request carried, and what libraries print
 * taken into it as one bounded line, never a stack trace on the console.
 */
import { Writable } from 'node:stream';
import { createLogger, LogOutput, MAX_LOGGED_TEXT, routeConsoleTo, withoutLibraryOutput } from '../src/log';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger(
    'debug',
    new Writable({
      write: (chunk, _e, done) => (lines.push(JSON.parse(String(chunk)) as Record<string, unknown>), done()),
    }),
  );
  return { logger, lines };
}

describe('every logged field is bounded', () => {
  test('a long text keeps its start and says how long it was', () => {
    const { logger, lines } = capture();
    logger.warn({ channel: 'x'.repeat(250_000), short: 'webchat' }, 'inbound request refused');
    expect(lines[0].channel).toBe(`${'x'.repeat(MAX_LOGGED_TEXT)}… (250000 characters)`);
    expect(lines[0].short).toBe('webchat');
  });

  test('long lists, many fields and deep nesting are cut, at any depth', () => {
    const { logger, lines } = capture();
    const deep = JSON.parse(`${'{"a":'.repeat(20)}"bottom"${'}'.repeat(20)}`) as unknown;
    const many = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`f${i}`, i]));
    logger.info(
      { list: Array.from({ length: 1_000 }, (_, i) => i), deep, many, nested: { reason: 'y'.repeat(5_000) } },
      'x',
    );
    const [line] = lines;
    expect(line.list).toHaveLength(51);
    expect((line.list as unknown[]).at(-1)).toBe('… (1000 items)');
    expect(JSON.stringify(line.deep)).not.toContain('bottom');
    expect(Object.keys(line.many as object)).toHaveLength(51);
    expect((line.nested as { reason: string }).reason).toHaveLength(MAX_LOGGED_TEXT + '… (5000 characters)'.length);
    expect(JSON.stringify(line).length).toBeLessThan(5_000);
  });

  test('credentials are still censored by name', () => {
    const { logger, lines } = capture();
    logger.info({ failure: { headers: { authorization: 'Bearer secret-1' } }, token: 'secret-2' }, 'x');
    expect(JSON.stringify(lines)).not.toMatch(/secret-/);
  });
});

describe("libraries' console output", () => {
  let restore: () => void = () => {};
  afterEach(() => restore());

  test('goes to the log as one line: an error as its name and message, no stack trace', () => {
    const { logger, lines } = capture();
    restore = routeConsoleTo(logger);
    const expired = Object.assign(new Error('jwt expired'), { name: 'TokenExpiredError' });
    console.error(expired);
    console.warn('Error finding key for token. Available keys: %s', '-----BEGIN PUBLIC KEY-----');
    expect(lines.map(({ level, component, printed }) => ({ level, component, printed }))).toEqual([
      { level: 50, component: 'console', printed: 'TokenExpiredError: jwt expired' },
      {
        level: 40,
        component: 'console',
        printed: 'Error finding key for token. Available keys: -----BEGIN PUBLIC KEY-----',
      },
    ]);
  });

  test('is dropped while the caller logs the outcome itself', async () => {
    const { logger, lines } = capture();
    restore = routeConsoleTo(logger);
    await withoutLibraryOutput(async () => {
      await Promise.resolve();
      console.error(new Error('jwt expired'));
    });
    console.log('after');
    expect(lines.map((line) => line.printed)).toEqual(['after']);
  });

  test('the console is given back', () => {
    const before = console.error;
    restore = routeConsoleTo(capture().logger);
    expect(console.error).not.toBe(before);
    restore();
    expect(console.error).toBe(before);
  });
});

describe('the log output, when its reader is slow, stalled or gone', () => {
  /** A reader that takes what it is given and acknowledges nothing until `drain()`, like a full pipe. */
  function stalledReader() {
    const pending: Array<() => void> = [];
    const received: string[] = [];
    const stream = new Writable({
      highWaterMark: 1 << 30,
      write: (chunk, _e, done) => (received.push(String(chunk)), pending.push(done)),
    });
    return { stream, received, drain: () => pending.splice(0).forEach((done) => done()) };
  }
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('exit waits for the waiting lines while they go out, and no longer', async () => {
    const reader = stalledReader();
    const output = new LogOutput(reader.stream);
    output.write('{"msg":"stopped"}\n');
    let settled = false;
    void output.settle(500).then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false);
    reader.drain();
    await jest.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  test('a reader that never reads again costs at most the settle time', async () => {
    const output = new LogOutput(stalledReader().stream);
    output.write('{"msg":"stopped"}\n');
    let settled = false;
    void output.settle(500).then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(499);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  test('what a stalled reader leaves waiting is bounded: later lines are dropped', () => {
    const reader = stalledReader();
    const output = new LogOutput(reader.stream);
    const line = `${'x'.repeat(1_000)}\n`;
    for (let i = 0; i < 5_000; i++) output.write(line);
    expect(reader.stream.writableLength).toBeLessThanOrEqual(1024 * 1024 + line.length);
  });

  test('a reader that is gone (EPIPE) stops the logging, and exit does not wait for it', async () => {
    const stream = new Writable({
      write: (_chunk, _e, done) => done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })),
    });
    const output = new LogOutput(stream);
    output.write('{"msg":"shutting down"}\n');
    await jest.advanceTimersByTimeAsync(0);
    const writes = jest.spyOn(stream, 'write');
    output.write('{"msg":"stopped"}\n');
    expect(writes).not.toHaveBeenCalled();
    await expect(output.settle(500)).resolves.toBeUndefined();
  });
});
