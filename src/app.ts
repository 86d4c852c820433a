/**
 * Builds the parts from one Config and hands each its collaborators. No I/O happens here:
 * index.ts starts the process around it, and tests build it against the simulators.
 */
import type { Server } from 'restify';
import type { Config } from './config';
import { registerActionRoutes } from './http/actionRoutes';
import { createServer } from './http/server';
import { CheckpointsClient } from './tracking/checkpoints/client';
import type { Clock } from './tracking/clock';
import type { Logger } from './tracking/logger';
import { ShipmentLookup } from './tracking/lookup';
import { TrackingsClient } from './tracking/trackings/client';
import { UpstreamHttp } from './tracking/upstream';

export interface App {
  server: Server;
  lookup: ShipmentLookup;
}

export function createApp(config: Config, logger: Logger, clock?: Clock): App {
  const http = new UpstreamHttp({ retry: config.retry, clock, logger: logger.child({ component: 'upstream' }) });
  const checkpoints = config.checkpoints ? new CheckpointsClient(config.checkpoints.baseUrl, http) : undefined;
  const trackings = config.trackings ? new TrackingsClient(config.trackings.baseUrl, http, config.trackings.service) : undefined;

  const lookup = new ShipmentLookup({
    checkpoints: checkpoints && config.checkpoints && { client: checkpoints, credentials: { userId: config.checkpoints.userId, token: config.checkpoints.token } },
    trackings: trackings && config.trackings && { client: trackings, apiKey: config.trackings.apiKey },
  });

  const server = createServer({ logger: logger.child({ component: 'http' }) });
  registerActionRoutes(server, { checkpoints, trackings, logger: logger.child({ component: 'actions' }) });
  return { server, lookup };
}
