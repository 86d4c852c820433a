/**
 * Sandbox mode: with no upstream configured, `npm start` runs both interface simulators
 * with their demo orders, so the bot can be tried at once. Never in production, never with a bot identity.
 */
import type { Config } from '../src/config';
import { DEFAULT_TRACKINGS_SERVICE } from '../src/tracking/trackings/client';
import { startCheckpointsSimulator, startTrackingsSimulator, type Simulator } from './simulators';

export interface Sandbox {
  config: Config;
  simulators: Simulator[];
  close(): Promise<void>;
}

/** Why sandbox mode may not run with this config, or undefined when it may. */
export function sandboxRefusal(config: Config): string | undefined {
  if (config.production) return 'NODE_ENV=production needs real upstreams: set CHECKPOINTS_BASE_URL and/or TRACKINGS_BASE_URL.';
  if (config.bot.appId) return 'MicrosoftAppId is set, so this is a real deployment: set CHECKPOINTS_BASE_URL and/or TRACKINGS_BASE_URL.';
  return undefined;
}

export function wantsSandbox(config: Config): boolean {
  return !config.checkpoints && !config.trackings;
}

export async function startSandbox(config: Config): Promise<Sandbox> {
  const userId = '4242';
  const token = 'sandbox-checkpoints-token';
  const apiKey = 'sandbox-trackings-key';
  const checkpoints = await startCheckpointsSimulator({ userId, token });
  // Sandbox mode means no upstream is configured, so the service path is the default one.
  const trackings = await startTrackingsSimulator({ apiKey, service: DEFAULT_TRACKINGS_SERVICE });
  return {
    config: {
      ...config,
      checkpoints: { baseUrl: checkpoints.url, userId, token },
      trackings: { baseUrl: trackings.url, apiKey, service: DEFAULT_TRACKINGS_SERVICE },
    },
    simulators: [checkpoints, trackings],
    close: async () => {
      await Promise.all([checkpoints.close(), trackings.close()]);
    },
  };
}
