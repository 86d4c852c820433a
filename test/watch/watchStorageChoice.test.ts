/**
 * STORAGE chooses where watches live: this process's memory, or Azure Storage. A deployment in memory
 * never loads Azure's queue SDK (it only costs start time there), and building the Azure clients asks
 * nothing of the network: the container and queue are created at first use.
 */
import { loadConfig } from '../../src/config';
import type { WatchStorage } from '../../src/watch/storage';

const loads = jest.fn();

/** createWatchStorage in a fresh module registry, counting loads of the queue SDK. */
function create(env: NodeJS.ProcessEnv): WatchStorage {
  jest.doMock('@azure/storage-queue', () => {
    loads();
    return jest.requireActual<typeof import('@azure/storage-queue')>('@azure/storage-queue');
  });
  let storage: WatchStorage | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded in the fresh registry, after the mock above; import() would be async
    const { createWatchStorage } = require('../../src/watch/storage') as typeof import('../../src/watch/storage');
    storage = createWatchStorage(loadConfig(env).storage);
  });
  return storage!;
}

const kinds = (storage: WatchStorage) => ({
  store: storage.store.constructor.name,
  queue: storage.queue.constructor.name,
  shared: storage.shared,
});

beforeEach(() => loads.mockClear());

test("STORAGE=memory (the default): watches in this process, and Azure's queue SDK is never loaded", () => {
  expect(kinds(create({}))).toEqual({ store: 'MemoryWatchStore', queue: 'MemoryWatchQueue', shared: false });
  expect(loads).not.toHaveBeenCalled();
});

test('STORAGE=blob: watches on Azure Storage, shared by every instance; nothing is asked of the network yet', () => {
  const storage = create({
    STORAGE: 'blob',
    STORAGE_KEY_SECRET: 'storage-key-SECRET-for-tests-000000001',
    AZURE_STORAGE_CONNECTION_STRING:
      'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=a2V5;QueueEndpoint=http://127.0.0.1:9/devstoreaccount1;BlobEndpoint=http://127.0.0.1:9/devstoreaccount1;',
  });
  expect(kinds(storage)).toEqual({ store: 'BlobWatchStore', queue: 'AzureWatchQueue', shared: true });
  expect(loads).toHaveBeenCalledTimes(1);
  expect(storage.queue.nextDueInMs()).toBeUndefined();
});
