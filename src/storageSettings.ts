/**
 * STORAGE and its section: where conversation state and watches live. This process's memory (state bounded by
 * count and idle time), or Azure Storage shared by every instance: blobs in `container`, the watches' timer in
 * the queue `queue`. `keySecret` (STORAGE_KEY_SECRET) keys the names things are stored under.
 */
export type StorageSettings =
  | { kind: 'memory'; maxItems: number; idleMs: number; keySecret?: string }
  | { kind: 'blob'; connectionString: string; container: string; queue: string; keySecret: string };
