/**
 * Erasure on request: given what a store knows of a customer (their shop customer id, a phone number, or
 * a conversation id), delete everything the bot keeps about them in its storage, and say how much of each
 * kind there was, never which. What is reached from what:
 * - a conversation id: that conversation's state and watches (set-aside ones too), on the channel named or
 *   on every channel the bot knows;
 * - a phone number: the customer's state on the SMS channels (the number is their user id there), the
 *   conversations and watches it records (ConversationLinks, and the ids of the watches they started), and
 *   the SMS conversations named by the number itself;
 * - a shop customer id: the same from their signed-in id (`dl_…`) on Direct Line, and their signed-in record.
 * State kept under its former key (before names were keyed) goes too, where the key is known; a watch's
 * queue entry cannot be reached by its watch (Azure hands messages out, it does not look them up): it holds
 * only the watch's keyed id, and is dropped unchecked when it next comes due.
 */
import { userStateKey, conversationStateKey, STATE_PREFIXES, type NamedStateStorage } from '../bot/namedStateStorage';
import type { KeyValueStorage } from '../customers/storedCustomers';
import { SIGNED_IN_PREFIX } from '../customers/storedCustomers';
import type { CustomerUserIds } from '../customers/customerUserIds';
import { channelProfile, KNOWN_CHANNELS } from '../channels/profile';
import type { StorageNames } from '../runtime/storageNames';
import { conversationOfWatch, conversationTag } from '../watch/watchRecord';

export type ErasureSubject = { customer: string } | { phone: string } | { conversation: string; channel?: string };

/** How much of each kind was deleted. */
export interface Erased {
  /** Conversations' state (the transcript for a handoff with it). */
  conversations: number;
  /** Customers' state on a channel (their limits, their watches' and conversations' names). */
  customers: number;
  /** Signed-in customers' records (name, language, orders). */
  signedIn: number;
  watches: number;
  /** Watches that could not be read, set aside for a person to look at. */
  setAside: number;
}

export interface ErasureParts {
  /** The state storage itself, names and former keys alike. */
  raw: KeyValueStorage;
  /** What names each key (NamedStateStorage.nameOf). */
  named: Pick<NamedStateStorage, 'nameOf'>;
  names: StorageNames;
  watches: { erase(conversation: string): Promise<{ watches: number; setAside: number }> };
  /** Turns a shop customer id into their signed-in user id; absent without DIRECTLINE_SECRET. */
  customerIds?: CustomerUserIds;
}

/** A phone number is given by whoever asks in any of the ways people write one. */
const PHONE = /^\+?\d{6,15}$/;

export class ErasureRefused extends Error {
  override readonly name = 'ErasureRefused';
}

export class Erasure {
  constructor(private readonly parts: ErasureParts) {}

  async erase(subject: ErasureSubject): Promise<Erased> {
    const erased: Erased = { conversations: 0, customers: 0, signedIn: 0, watches: 0, setAside: 0 };
    const conversations = new Set<string>();
    const watchTags = new Set<string>();
    const formerKeys: string[] = [];
    const byConversation = (channels: string[], id: string) => {
      for (const channel of channels) {
        const key = `${channel}\u0000${id}`;
        conversations.add(this.parts.names.conversation(key));
        watchTags.add(conversationTag(key));
        formerKeys.push(conversationStateKey(channel, id));
      }
    };
    let users: string[] = [];
    if ('conversation' in subject) {
      byConversation(subject.channel ? [subject.channel] : KNOWN_CHANNELS, subject.conversation);
    } else if ('phone' in subject) {
      const sms = KNOWN_CHANNELS.filter((channel) => channelProfile(channel).sms);
      for (const number of phoneForms(subject.phone)) {
        users.push(...sms.map((channel) => userStateKey(channel, number)));
        byConversation(sms, number);
      }
    } else {
      if (!this.parts.customerIds) throw new ErasureRefused('a shop customer id is turned into their signed-in id with DIRECTLINE_SECRET: set it as the service has it');
      const userId = this.parts.customerIds.of(subject.customer);
      users = KNOWN_CHANNELS.filter((channel) => channelProfile(channel).signsIn).map((channel) => userStateKey(channel, userId));
      erased.signedIn = await this.deleteKeys([`${SIGNED_IN_PREFIX}${userId}`]);
    }

    // What the customer's state records: the conversations they had, the watches they started.
    for (const key of users) {
      const stored = await this.found([this.parts.named.nameOf(key), key]);
      for (const state of stored) {
        for (const name of Object.keys((state.conversations ?? {}) as Record<string, unknown>)) conversations.add(name);
        for (const id of Array.isArray(state.watches) ? (state.watches as unknown[]) : []) {
          const tag = typeof id === 'string' ? conversationOfWatch(id) : undefined;
          if (tag) watchTags.add(tag);
        }
      }
    }
    erased.customers = await this.deleteKeys(users);

    for (const name of conversations) watchTags.add(name);
    erased.conversations = await this.deleteNames([...[...conversations].map((name) => STATE_PREFIXES.conversation + name), ...formerKeys]);
    for (const tag of watchTags) {
      const { watches, setAside } = await this.parts.watches.erase(tag);
      erased.watches += watches;
      erased.setAside += setAside;
    }
    return erased;
  }

  /** Deletes each key under its name and its former key; how many items there were. */
  private deleteKeys(keys: string[]): Promise<number> {
    return this.deleteNames(keys.flatMap((key) => [this.parts.named.nameOf(key), key]));
  }

  private async deleteNames(names: string[]): Promise<number> {
    if (!names.length) return 0;
    const count = (await this.found(names)).length;
    await this.parts.raw.delete(names);
    return count;
  }

  private async found(names: string[]): Promise<Record<string, unknown>[]> {
    const stored = await this.parts.raw.read(names);
    return names.flatMap((name) => (stored[name] ? [stored[name] as Record<string, unknown>] : []));
  }
}

/** The number as the SMS channel names a customer (E.164, `+` and digits), and as written without the `+`. */
export function phoneForms(phone: string): string[] {
  const compact = phone.replace(/[\s().\-/]/g, '');
  if (!PHONE.test(compact)) throw new ErasureRefused('--phone takes a phone number: digits, with the country code, such as +14155550100');
  const digits = compact.replace(/^\+/, '');
  return [`+${digits}`, digits];
}
