/**
 * Where conversation state lives. Memory serves one process; several instances behind Azure Bot
 * Service, or a restart mid-dialog, need Azure Blob storage, which every instance shares.
 */
import { MemoryStorage, type Storage } from 'botbuilder';
import { BlobsStorage } from 'botbuilder-azure-blobs';
import type { Config } from '../config';

export function createStorage(config: Config): Storage {
  if (config.storage.kind === 'blob') return new BlobsStorage(config.storage.connectionString, config.storage.container);
  return new MemoryStorage();
}
