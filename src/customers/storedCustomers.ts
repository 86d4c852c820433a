/**
 * The signed-in customers, kept in the same storage as user state (memory, or the blob container every
 * instance shares), one item per Direct Line user id, each until its token's expiry: a read after it
 * finds nobody and deletes the item. The storage is taken by its shape (botbuilder's Storage has it), so
 * this room imports no botbuilder.
 */
import type { Clock } from '../runtime/clock';
import type { CustomerDirectory, OwnedOrder, SignedInCustomer } from './customer';

/** What is used of the state storage. */
export interface KeyValueStorage {
  read(keys: string[]): Promise<Record<string, unknown>>;
  write(changes: Record<string, unknown>): Promise<void>;
  delete(keys: string[]): Promise<void>;
}

interface StoredCustomer {
  name?: string;
  locale?: string;
  orders: OwnedOrder[];
  expiresAt: number;
  eTag?: string;
}

/** Apart from botbuilder's own keys (`{channel}/conversations/…`, `{channel}/users/…`), so nothing reads it by mistake. */
export const SIGNED_IN_PREFIX = 'signed-in-customers/';
const PREFIX = SIGNED_IN_PREFIX;

export class StoredCustomers implements CustomerDirectory {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly clock: Clock,
  ) {}

  async find(userId: string): Promise<SignedInCustomer | undefined> {
    const key = PREFIX + userId;
    const stored = (await this.storage.read([key]))[key] as StoredCustomer | undefined;
    if (!stored) return undefined;
    if (!(stored.expiresAt > this.clock.now())) {
      await this.storage.delete([key]);
      return undefined;
    }
    return {
      userId,
      name: stored.name,
      locale: stored.locale,
      orders: stored.orders ?? [],
      expiresAt: stored.expiresAt,
    };
  }

  async keep(customer: SignedInCustomer): Promise<void> {
    const item: StoredCustomer = {
      name: customer.name,
      locale: customer.locale,
      orders: customer.orders,
      expiresAt: customer.expiresAt,
      eTag: '*',
    };
    await this.storage.write({ [PREFIX + customer.userId]: item });
  }
}
