import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { isRetryable, parseRetryAfter, retryDelayMs } from '../../src/tracking/retry';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');

function httpError(status: number, headers: Record<string, string> = {}): AxiosError {
  const response = {
    status,
    headers,
    data: '',
    statusText: '',
    config: { headers: new AxiosHeaders() },
  } as AxiosResponse;
  return new AxiosError(`status ${status}`, 'ERR_BAD_RESPONSE', undefined, undefined, response);
}
const transportError = (code: string) => new AxiosError(code, code);

describe('which failures the seed retries', () => {
  test.each([429, 500, 502, 503, 504, 599])('HTTP %i is retried', (status) =>
    expect(isRetryable(httpError(status))).toBe(true),
  );
  test.each([400, 401, 403, 404, 409, 422])('HTTP %i is not retried', (status) =>
    expect(isRetryable(httpError(status))).toBe(false),
  );
  test.each(['ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN'])(
    'a %s transport error is retried',
    (code) => expect(isRetryable(transportError(code))).toBe(true),
  );
  test.each(['ERR_BAD_RESPONSE', 'ERR_CANCELED', 'ERR_BAD_OPTION', 'ERR_FR_TOO_MANY_REDIRECTS'])(
    'axios refusing by itself (%s) is not retried',
    (code) => expect(isRetryable(transportError(code))).toBe(false),
  );
});

describe('how long the seed waits before retry number n', () => {
  const unit = 1000;
  test('429 with Retry-After in seconds waits exactly that', () => {
    expect(retryDelayMs(1, httpError(429, { 'retry-after': '7' }), NOW, unit)).toBe(7000);
  });
  test('429 with Retry-After as an HTTP date waits until that date on the injected clock', () => {
    const at = new Date(NOW + 12_000).toUTCString();
    expect(retryDelayMs(1, httpError(429, { 'retry-after': at }), NOW, unit)).toBe(12_000);
  });
  test('429 with a Retry-After date in the past does not wait', () => {
    expect(retryDelayMs(1, httpError(429, { 'retry-after': new Date(NOW - 5000).toUTCString() }), NOW, unit)).toBe(0);
  });
  test.each([
    [1, 2000],
    [2, 4000],
    [3, 6000],
  ])('429 without Retry-After waits 2 × attempt: retry %i waits %i ms', (attempt, expected) => {
    expect(retryDelayMs(attempt, httpError(429), NOW, unit)).toBe(expected);
  });
  test('429 with an unreadable Retry-After falls back to 2 × attempt', () => {
    expect(retryDelayMs(2, httpError(429, { 'retry-after': 'soon' }), NOW, unit)).toBe(4000);
  });
  test.each([
    [1, 2000],
    [2, 4000],
    [3, 8000],
  ])('5xx waits 2^attempt: retry %i waits %i ms', (attempt, expected) => {
    expect(retryDelayMs(attempt, httpError(503), NOW, unit)).toBe(expected);
  });
  test('a transport error backs off exponentially too', () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, transportError('ECONNRESET'), NOW, unit))).toEqual([2000, 4000, 8000]);
  });
  test('the unit scales every formula', () => {
    expect(retryDelayMs(3, httpError(500), NOW, 10)).toBe(80);
    expect(retryDelayMs(3, httpError(429), NOW, 10)).toBe(60);
  });
});

describe('Retry-After parsing', () => {
  test.each([
    ['0', 0],
    [' 30 ', 30_000],
    ['', undefined],
    [undefined, undefined],
    ['-1', undefined],
    ['1.5', undefined],
  ])('%p → %p ms', (value, expected) => expect(parseRetryAfter(value, NOW)).toBe(expected));
});
