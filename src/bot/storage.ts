/**
 * Where conversation state lives. Memory serves one process, within a bound; several instances behind
 * Azure Bot Service, or a restart mid-dialog, need Azure Blob storage, which every instance shares.
 */
import type { Storage } from './botbuilder';
import type { StorageSettings } from '../storageSettings';
import { systemClock, type Clock } from '../runtime/clock';
import { MemoryStateStorage, type Outlive } from './memoryStateStorage';
import { STORAGE_RETRY } from '../storageRetry';
import { StorageNames } from '../runtime/storageNames';

/** `clock` times the idle expiry of state in memory; `outlive` says what of it must outlive the memory bound (the limits in force). */
export function createStorage(settings: StorageSettings, clock: Clock = systemClock, outlive?: Outlive): Storage {
  if (settings.kind === 'blob') {
    // Loaded here only: a deployment in memory never loads the Azure SDK, and starts that much sooner.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand, and createStorage stays synchronous
    const { BlobStateStorage } = require('./blobStateStorage') as typeof import('./blobStateStorage');
    return new BlobStateStorage(settings.connectionString, settings.container, { retryOptions: STORAGE_RETRY });
  }
  return new MemoryStateStorage(settings, clock, outlive);
}

/** The keyed names state and watches are stored under: STORAGE_KEY_SECRET's (required with blobs), else, in memory, this process's own. */
export function storageNamesFor(settings: StorageSettings): StorageNames {
  return settings.keySecret ? StorageNames.fromSecret(settings.keySecret) : StorageNames.ofThisProcess();
}
