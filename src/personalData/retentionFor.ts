/**
 * The retention sweep the storage needs: on Azure blobs, BlobRetention (loaded only then, with the Azure
 * SDK); in memory, none, since state there ends by MEMORY_STATE_IDLE_MINUTES and watches by their checks.
 */
import type { StorageSettings } from '../storageSettings';
import type { Clock } from '../runtime/clock';
import type { Logger } from '../runtime/logger';
import { STORAGE_RETRY } from '../storageRetry';

export interface Retention {
  start(): void;
  stop(): Promise<void>;
}

/** `lifetimes`: RETENTION_DAYS, and NOTIFY_FOR_DAYS (a watch outlives its conversation's state by as long). */
export function createRetention(
  settings: StorageSettings,
  lifetimes: { retentionDays: number; notifyForDays: number },
  clock: Clock,
  logger: Logger,
): Retention | undefined {
  if (settings.kind !== 'blob') return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand (the Azure SDK only with blobs); the factory stays synchronous
  const { BlobRetention } = require('./retention') as typeof import('./retention');
  const { connectionString, container } = settings;
  return new BlobRetention(connectionString, container, { retryOptions: STORAGE_RETRY }, lifetimes, clock, logger);
}
