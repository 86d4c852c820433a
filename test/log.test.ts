/**
 * The one log stream: every field cut to size whatever a request carried, and what libraries print
 * taken into it as one bounded line, never a stack trace on the console.
 */
import { Writable } from 'node:stream';
import { createLogger, MAX_LOGGED_TEXT, routeConsoleTo, withoutLibraryOutput } from '../src/log';

function capture() {
  const lines: Array<Record<string, any>> = [];
  const logger = createLogger('debug', new Writable({ write: (chunk, _e, done) => (lines.push(JSON.parse(String(chunk))), done()) }));
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
    const deep = JSON.parse(`${'{"a":'.repeat(20)}"bottom"${'}'.repeat(20)}`);
    const many = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`f${i}`, i]));
    logger.info({ list: Array.from({ length: 1_000 }, (_, i) => i), deep, many, nested: { reason: 'y'.repeat(5_000) } }, 'x');
    const [line] = lines;
    expect(line.list).toHaveLength(51);
    expect(line.list.at(-1)).toBe('… (1000 items)');
    expect(JSON.stringify(line.deep)).not.toContain('bottom');
    expect(Object.keys(line.many)).toHaveLength(51);
    expect(line.nested.reason).toHaveLength(MAX_LOGGED_TEXT + '… (5000 characters)'.length);
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
      { level: 40, component: 'console', printed: 'Error finding key for token. Available keys: -----BEGIN PUBLIC KEY-----' },
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
