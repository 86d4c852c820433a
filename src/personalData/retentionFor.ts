/**
 * The retention sweep the storage needs: on Azure blobs, BlobRetention (loaded only then, with the Azure
 * SDK); in memory, none, since state there ends by MEMORY_STATE_IDLE_MINUTES and watches by their checks.
 */
import type { Config } from '../config';
import type { Clock } from '../runtime/clock';
import type { Logger } from '../runtime/logger';
import { STORAGE_RETRY } from '../storageRetry';

export interface Retention {
  start(): void;
  stop(): Promise<void>;
}

export function createRetention(config: Config, clock: Clock, logger: Logger): Retention | undefined {
  if (config.storage.kind !== 'blob') return undefined;
  const { BlobRetention } = require('./retention') as typeof import('./retention');
  const { connectionString, container } = config.storage;
  return new BlobRetention(connectionString, container, { retryOptions: STORAGE_RETRY }, { retentionDays: config.retentionDays, notifyForDays: config.notify.forDays }, clock, logger);
}
