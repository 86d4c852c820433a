/**
 * Where conversation state lives. Memory serves one process, within a bound; several instances behind
 * Azure Bot Service, or a restart mid-dialog, need Azure Blob storage, which every instance shares.
 */
import type { Storage } from 'botbuilder';
import type { Config } from '../config';
import { systemClock, type Clock } from '../tracking/clock';
import { BlobStateStorage } from './blobStateStorage';
import { MemoryStateStorage } from './memoryStateStorage';

/**
 * Blob storage answers in milliseconds when it is well. When it is not, the SDK's default retries take
 * about half a minute, far past the channel's deadline; two tries of 2 s each still let the turn answer.
 */
const STORAGE_RETRY = { maxTries: 2, tryTimeoutInMs: 2_000, retryDelayInMs: 200, maxRetryDelayInMs: 500 };

/** `clock` times the idle expiry of state in memory. */
export function createStorage(config: Config, clock: Clock = systemClock): Storage {
  if (config.storage.kind === 'blob') {
    return new BlobStateStorage(config.storage.connectionString, config.storage.container, { retryOptions: STORAGE_RETRY });
  }
  return new MemoryStateStorage(config.storage, clock);
}
