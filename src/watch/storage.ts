/**
 * Where watches and their timer live, following STORAGE: this process's memory (lost on restart), or
 * Azure Storage shared by every instance (blobs beside the conversation state, and a queue).
 */
import type { StorageSettings } from '../storageSettings';
import { STORAGE_RETRY } from '../storageRetry';
import { systemClock, type Clock } from '../runtime/clock';
import { silentLogger, type Logger } from '../runtime/logger';
import { MemoryWatchQueue } from './memoryWatchQueue';
import { MemoryWatchStore } from './memoryWatchStore';
import type { WatchQueue } from './watchQueue';
import type { WatchStore } from './watchStore';

export interface WatchStorage {
  store: WatchStore;
  queue: WatchQueue;
  /** Other instances read and write the same watches and queue (so a start line need not warn they are lost on restart). */
  shared: boolean;
}

/** `clock` times the queue in memory; Azure's queue keeps its own time. `logger` hears of odd queue messages. */
export function createWatchStorage(
  settings: StorageSettings,
  clock: Clock = systemClock,
  logger: Logger = silentLogger,
): WatchStorage {
  if (settings.kind === 'blob') {
    // Loaded here only: a deployment in memory never loads the queue's SDK, and starts that much sooner.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand (the Azure SDK only with blobs); the factory stays synchronous
    const { BlobWatchStore } = require('./azure/blobWatchStore') as typeof import('./azure/blobWatchStore');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand (the Azure SDK only with blobs); the factory stays synchronous
    const { AzureWatchQueue } = require('./azure/azureWatchQueue') as typeof import('./azure/azureWatchQueue');
    const { connectionString, container, queue } = settings;
    return {
      store: new BlobWatchStore(connectionString, container, { retryOptions: STORAGE_RETRY }, logger),
      queue: new AzureWatchQueue(connectionString, queue, { retryOptions: STORAGE_RETRY }, { logger }),
      shared: true,
    };
  }
  return { store: new MemoryWatchStore(), queue: new MemoryWatchQueue(clock), shared: false };
}
