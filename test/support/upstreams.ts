/**
 * Real interface simulators on loopback for a test file: started before its tests, emptied
 * before each, stopped after. Clients talk to them over real HTTP, with a fake clock for retry waits.
 */
import { startCheckpointsSimulator, startTrackingsSimulator, type Simulator } from '../../sandbox/simulators';
import { CheckpointsClient } from '../../src/tracking/checkpoints/client';
import type { Logger } from '../../src/runtime/logger';
import type { RetryOptions } from '../../src/tracking/retry';
import { TrackingsClient } from '../../src/tracking/trackings/client';
import { UpstreamHttp } from '../../src/tracking/upstream';
import { FakeClock } from './fakeClock';

export const CREDENTIALS = { userId: '4242', token: 'tok-SECRET-checkpoints-0001' };
export const API_KEY = 'key-SECRET-trackings-0002';

export interface Upstreams {
  checkpoints: Simulator;
  trackings: Simulator;
}

/** `now`: the checkpoints simulator's clock, which moves the moving demo parcel (default the machine's). */
export function useSimulators(options: { now?: () => number } = {}): Upstreams {
  const upstreams = {} as Upstreams;
  beforeAll(async () => {
    upstreams.checkpoints = await startCheckpointsSimulator({
      userId: CREDENTIALS.userId,
      token: CREDENTIALS.token,
      now: options.now,
    });
    upstreams.trackings = await startTrackingsSimulator({ apiKey: API_KEY });
  });
  beforeEach(() => {
    upstreams.checkpoints.reset();
    upstreams.trackings.reset();
  });
  afterAll(async () => {
    await Promise.all([upstreams.checkpoints?.close(), upstreams.trackings?.close()]);
  });
  return upstreams;
}

export interface Clients {
  clock: FakeClock;
  http: UpstreamHttp;
  checkpoints: CheckpointsClient;
  trackings: TrackingsClient;
}

export function clientsFor(upstreams: Upstreams, retry: Partial<RetryOptions> = {}, logger?: Logger): Clients {
  const clock = new FakeClock();
  const http = new UpstreamHttp({ clock, logger, retry: { attemptTimeoutMs: 2000, ...retry } });
  return {
    clock,
    http,
    checkpoints: new CheckpointsClient(upstreams.checkpoints.url, http),
    trackings: new TrackingsClient(upstreams.trackings.url, http),
  };
}

/** The settings that point a service at the simulators, with their credentials (a service process's environment). */
export function upstreamEnv(upstreams: Upstreams): Record<string, string> {
  return {
    CHECKPOINTS_BASE_URL: upstreams.checkpoints.url,
    CHECKPOINTS_USER_ID: CREDENTIALS.userId,
    CHECKPOINTS_TOKEN: CREDENTIALS.token,
    TRACKINGS_BASE_URL: upstreams.trackings.url,
    TRACKINGS_API_KEY: API_KEY,
  };
}
