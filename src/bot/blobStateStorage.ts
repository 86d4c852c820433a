/**
 * Conversation state on Azure Blob storage: botbuilder's BlobsStorage, plus the one write it lacks, a
 * write that only creates. BlobsStorage writes a blob that has no eTag yet unconditionally, so the first
 * turns of a brand-new conversation on two instances would overwrite each other. An item marked
 * CREATE_ONLY (by OptimisticStorage) is uploaded with If-None-Match: *, and a create that loses the
 * race fails as an eTag conflict, like any other lost race.
 */
import { ContainerClient, RestError, type StoragePipelineOptions } from '@azure/storage-blob';
import type { Storage, StoreItem, StoreItems } from './botbuilder';
import { BlobsStorage, sanitizeBlobKey } from './botbuilderAzureBlobs';
import { CREATE_ONLY } from './optimisticStorage';

export class BlobStateStorage implements Storage {
  private readonly blobs: BlobsStorage;
  private readonly container: ContainerClient;

  constructor(connectionString: string, containerName: string, pipeline: StoragePipelineOptions) {
    this.blobs = new BlobsStorage(connectionString, containerName, { storagePipelineOptions: pipeline });
    this.container = new ContainerClient(connectionString, containerName, pipeline);
  }

  read(keys: string[]): Promise<StoreItems> {
    return this.blobs.read(keys);
  }

  delete(keys: string[]): Promise<void> {
    return this.blobs.delete(keys);
  }

  async write(changes: StoreItems): Promise<void> {
    const updates: StoreItems = {};
    const creations: Array<[string, StoreItem]> = [];
    for (const [key, item] of Object.entries<StoreItem>(changes)) {
      if ((item as StoreItem | undefined)?.eTag === CREATE_ONLY) creations.push([key, item]);
      else updates[key] = item;
    }
    await Promise.all([
      ...(Object.keys(updates).length ? [this.blobs.write(updates)] : []),
      ...creations.map(([key, item]) => this.create(key, item)),
    ]);
  }

  private async create(key: string, item: StoreItem): Promise<void> {
    // Stored as BlobsStorage stores it: the JSON of the item without its eTag (the blob's own is the eTag).
    const { eTag: _marker, ...content } = item;
    const body = JSON.stringify(content);
    try {
      await this.container.getBlockBlobClient(sanitizeBlobKey(key)).upload(body, Buffer.byteLength(body), {
        conditions: { ifNoneMatch: '*' },
        blobHTTPHeaders: { blobContentType: 'application/json' },
      });
    } catch (error) {
      // 409 BlobAlreadyExists, or 412 where a condition is evaluated as a precondition.
      if (error instanceof RestError && (error.statusCode === 409 || error.statusCode === 412)) {
        throw new Error(`Storage: error writing "${key}" due to eTag conflict.`, { cause: error });
      }
      throw error;
    }
  }
}
