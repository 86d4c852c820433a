/**
 * The seed's retry rules (section 7), end to end over loopback against the simulators.
 * Waits run on a fake clock: the test reads which waits were taken, and none is real.
 */
import { DEMO } from '../../sandbox/simulators';
import { RetriesExhaustedError, UnauthenticatedError, UpstreamError } from '../../src/tracking/errors';
import { TrackingsClient } from '../../src/tracking/trackings/client';
import type { TrackingsQuery } from '../../src/tracking/trackings/query';
import { UpstreamHttp } from '../../src/tracking/upstream';
import { API_KEY, CREDENTIALS, clientsFor, useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const byNumber: TrackingsQuery = { inputType: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.delivered };

describe('Interface B (POST) retries like the seed says', () => {
  test('429 with Retry-After in seconds waits that long, then succeeds', async () => {
    const { trackings, clock } = clientsFor(upstreams);
    upstreams.trackings.inject({ kind: 'status', status: 429, retryAfter: '3' });
    const answer = await trackings.listTrackings(byNumber, API_KEY);
    expect(answer.trackings).toHaveLength(1);
    expect(clock.sleeps).toEqual([3000]);
    expect(upstreams.trackings.requests).toHaveLength(2);
    expect(upstreams.trackings.requests[1].body).toBe(upstreams.trackings.requests[0].body);
  });

  test('429 with Retry-After as an HTTP date waits until that date', async () => {
    const { trackings, clock } = clientsFor(upstreams);
    upstreams.trackings.inject({ kind: 'status', status: 429, retryAfter: new Date(clock.now() + 9000).toUTCString() });
    await trackings.listTrackings(byNumber, API_KEY);
    expect(clock.sleeps).toEqual([9000]);
  });

  test('429 without Retry-After waits 2 × attempt seconds', async () => {
    const { trackings, clock } = clientsFor(upstreams);
    upstreams.trackings.inject(
      { kind: 'status', status: 429 },
      { kind: 'status', status: 429 },
      { kind: 'status', status: 429 },
    );
    await trackings.listTrackings(byNumber, API_KEY);
    expect(clock.sleeps).toEqual([2000, 4000, 6000]);
  });

  test('5xx waits 2^attempt seconds', async () => {
    const { trackings, clock } = clientsFor(upstreams);
    upstreams.trackings.inject(
      { kind: 'status', status: 500 },
      { kind: 'status', status: 502 },
      { kind: 'status', status: 503 },
    );
    await trackings.listTrackings(byNumber, API_KEY);
    expect(clock.sleeps).toEqual([2000, 4000, 8000]);
    expect(upstreams.trackings.requests).toHaveLength(4);
  });

  test('a connection reset is retried with backoff', async () => {
    const { trackings, clock } = clientsFor(upstreams);
    upstreams.trackings.inject({ kind: 'reset' }, { kind: 'reset' });
    await trackings.listTrackings(byNumber, API_KEY);
    expect(clock.sleeps).toEqual([2000, 4000]);
  });

  test('a hung attempt times out (axios ECONNABORTED) and is retried', async () => {
    const { trackings, clock } = clientsFor(upstreams, { attemptTimeoutMs: 1000 });
    upstreams.trackings.inject({ kind: 'hang' });
    await trackings.listTrackings(byNumber, API_KEY);
    expect(clock.sleeps).toEqual([2000]);
    expect(upstreams.trackings.requests).toHaveLength(2);
  });

  test.each([
    [400, 'invalid_argument'],
    [401, 'unauthenticated'],
    [404, 'not_found'],
    [403, 'permission_denied'],
    [409, 'already_exists'],
  ])('HTTP %i (%s) is not retried', async (status, code) => {
    const { trackings, clock } = clientsFor(upstreams);
    upstreams.trackings.inject({ kind: 'status', status, body: { code, message: 'no' } });
    await expect(trackings.listTrackings(byNumber, API_KEY)).rejects.toBeDefined();
    expect(upstreams.trackings.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  test('when the attempts run out, the error carries the full response details', async () => {
    const { trackings, clock } = clientsFor(upstreams, { maxAttempts: 3 });
    const body = { code: 'unavailable', message: 'the tracking backend is restarting' };
    upstreams.trackings.inject(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 503, body })));
    const error = (await trackings.listTrackings(byNumber, API_KEY).catch((e: unknown) => e)) as RetriesExhaustedError;
    expect(error).toBeInstanceOf(RetriesExhaustedError);
    expect(error.reason).toBe('attempts');
    expect(error.failure).toMatchObject({
      upstream: 'trackings',
      method: 'POST',
      url: `${upstreams.trackings.url}/example.storeapi.v1.PublicAPI/ListTrackings`,
      status: 503,
      code: 'unavailable',
      message: 'the tracking backend is restarting',
      body,
      attempts: 3,
      delaysMs: [2000, 4000],
    });
    expect(error.failure.headers).toMatchObject({
      'content-type': expect.stringContaining('application/json') as unknown,
    });
    expect(error.message).toContain('503');
    expect(clock.sleeps).toEqual([2000, 4000]);
  });

  test('connection failures that never end name the transport code', async () => {
    const { trackings } = clientsFor(upstreams, { maxAttempts: 2 });
    upstreams.trackings.inject({ kind: 'reset' }, { kind: 'reset' });
    const error = (await trackings.listTrackings(byNumber, API_KEY).catch((e: unknown) => e)) as RetriesExhaustedError;
    expect(error).toBeInstanceOf(RetriesExhaustedError);
    expect(error.failure).toMatchObject({ code: 'ECONNRESET', attempts: 2, delaysMs: [2000] });
    expect(error.failure.status).toBeUndefined();
  });

  test('a wait that would pass the deadline is not started', async () => {
    const { trackings, clock } = clientsFor(upstreams, { deadlineMs: 20_000 });
    upstreams.trackings.inject({ kind: 'status', status: 429, retryAfter: '30' });
    const error = (await trackings.listTrackings(byNumber, API_KEY).catch((e: unknown) => e)) as RetriesExhaustedError;
    expect(error).toBeInstanceOf(RetriesExhaustedError);
    expect(error.reason).toBe('deadline');
    expect(error.nextDelayMs).toBe(30_000);
    expect(clock.sleeps).toEqual([]);
    expect(upstreams.trackings.requests).toHaveLength(1);
  });

  test('the deadline counts the waits already taken', async () => {
    const { trackings, clock } = clientsFor(upstreams, { deadlineMs: 10_000, maxAttempts: 10 });
    upstreams.trackings.inject(...Array.from({ length: 5 }, () => ({ kind: 'status' as const, status: 503 })));
    const error = (await trackings.listTrackings(byNumber, API_KEY).catch((e: unknown) => e)) as RetriesExhaustedError;
    // 2 s + 4 s = 6 s taken; the next 8 s would end at 14 s > 10 s.
    expect(clock.sleeps).toEqual([2000, 4000]);
    expect(error).toMatchObject({ reason: 'deadline', nextDelayMs: 8000, failure: { attempts: 3 } });
  });

  test('one attempt in all means no retry', async () => {
    const { trackings } = clientsFor(upstreams, { maxAttempts: 1 });
    upstreams.trackings.inject({ kind: 'status', status: 503 });
    await expect(trackings.listTrackings(byNumber, API_KEY)).rejects.toBeInstanceOf(RetriesExhaustedError);
    expect(upstreams.trackings.requests).toHaveLength(1);
  });

  test('a body over the size limit is refused, not retried', async () => {
    const small = new TrackingsClient(upstreams.trackings.url, new UpstreamHttp({ maxResponseBytes: 1024 }));
    upstreams.trackings.inject({
      kind: 'raw',
      body: JSON.stringify({ trackings: [{ carrier: 'x'.repeat(5000) }] }),
      contentType: 'application/json',
    });
    await expect(small.listTrackings(byNumber, API_KEY)).rejects.toBeInstanceOf(UpstreamError);
    expect(upstreams.trackings.requests).toHaveLength(1);
  });
});

describe('Interface A (GET) follows the same policy', () => {
  test('503 then 429 then success', async () => {
    const { checkpoints, clock } = clientsFor(upstreams);
    upstreams.checkpoints.inject({ kind: 'status', status: 503 }, { kind: 'status', status: 429, retryAfter: '1' });
    const answer = await checkpoints.getCheckpoints(DEMO.checkpoints.delivered, 'en', CREDENTIALS);
    expect(answer?.header?.length).toBeGreaterThan(0);
    expect(clock.sleeps).toEqual([2000, 1000]);
    expect(upstreams.checkpoints.requests.map((r) => r.query.orderNo)).toEqual(
      Array(3).fill(DEMO.checkpoints.delivered),
    );
  });

  test('a slow but timely answer is not retried', async () => {
    const { checkpoints, clock } = clientsFor(upstreams, { attemptTimeoutMs: 2000 });
    upstreams.checkpoints.inject({ kind: 'delay', ms: 100 });
    await checkpoints.getCheckpoints(DEMO.checkpoints.delivered, 'en', CREDENTIALS);
    expect(clock.sleeps).toEqual([]);
    expect(upstreams.checkpoints.requests).toHaveLength(1);
  });

  test('401 is not retried', async () => {
    const { checkpoints } = clientsFor(upstreams);
    upstreams.checkpoints.inject({ kind: 'status', status: 401 });
    await expect(checkpoints.getCheckpoints(DEMO.checkpoints.delivered, 'en', CREDENTIALS)).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
    expect(upstreams.checkpoints.requests).toHaveLength(1);
  });
});
