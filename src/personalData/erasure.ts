/**
 * Erasure on request: given what a store knows of a customer (their shop customer id, a phone number, or
 * a conversation id), delete everything the bot keeps about them in its storage, and say how much of each
 * kind there was, never which. What is reached from what:
 * - a conversation id: that conversation's state and watches (set-aside ones too), on the channel named or
 *   on every channel the bot knows;
 * - a phone number: the customer's state on the SMS channels (the number is their user id there), the
 *   conversations and watches it records (ConversationLinks, and the ids of the watches they started), and
 *   the SMS conversations named by the number itself; on WhatsApp, where the customer and their one
 *   conversation are a keyed hash of the number (customerIds.ts), the same, and their sealed contact;
 * - a shop customer id: the same from their signed-in id (`dl_…`) on Direct Line, and their signed-in record.
 * Whichever way in, the records of WhatsApp updates sent for the watches found go too. What WhatsApp keeps per
 * message id alone (the ids taken, seenMessages.ts) is found from nothing of the customer's: it holds a time, and ends.
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
import type { WhatsAppCustomerIds } from '../channels/whatsapp/customerIds';
import { WHATSAPP_CHANNEL } from '../bot/whatsapp/whatsAppAdapter';
import { contactKey } from '../bot/whatsapp/whatsAppContacts';

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
  /** WhatsApp customers' contacts (their number, sealed, and when they last wrote). */
  whatsappContacts: number;
  /** Records of WhatsApp messages that carried an update (which watch, what it had said before). */
  whatsappUpdates: number;
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
  /** Turns a WhatsApp number into the customer's id there (keyed by STORAGE_KEY_SECRET, as the service's). */
  whatsAppIds: WhatsAppCustomerIds;
  /** The records of WhatsApp updates sent, by the conversations (tags) of their watches. */
  sentUpdates: { erase(conversations: ReadonlySet<string>): Promise<number> };
}

/** A phone number in international form, as digits: a country code (never 0) and the rest, at most 15 (E.164). */
const INTERNATIONAL = /^[1-9]\d{5,14}$/;

export class ErasureRefused extends Error {
  override readonly name = 'ErasureRefused';
}

export class Erasure {
  constructor(private readonly parts: ErasureParts) {}

  async erase(subject: ErasureSubject): Promise<Erased> {
    const erased: Erased = {
      conversations: 0,
      customers: 0,
      signedIn: 0,
      watches: 0,
      setAside: 0,
      whatsappContacts: 0,
      whatsappUpdates: 0,
    };
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
      const number = internationalNumber(subject.phone);
      const sms = KNOWN_CHANNELS.filter((channel) => channelProfile(channel).sms);
      for (const form of [`+${number}`, number]) {
        users.push(...sms.map((channel) => userStateKey(channel, form)));
        byConversation(sms, form);
      }
      // WhatsApp knows the number as digits (`wa_id`); the customer, and their one conversation, by its keyed hash.
      const customer = this.parts.whatsAppIds.of(number);
      users.push(userStateKey(WHATSAPP_CHANNEL, customer));
      byConversation([WHATSAPP_CHANNEL], customer);
      erased.whatsappContacts = await this.deleteNames([contactKey(this.parts.names, customer)]);
    } else {
      if (!this.parts.customerIds)
        throw new ErasureRefused(
          'a shop customer id is turned into their signed-in id with DIRECTLINE_SECRET: set it as the service has it',
        );
      const userId = this.parts.customerIds.of(subject.customer);
      users = KNOWN_CHANNELS.filter((channel) => channelProfile(channel).signsIn).map((channel) =>
        userStateKey(channel, userId),
      );
      erased.signedIn = await this.deleteKeys([`${SIGNED_IN_PREFIX}${userId}`]);
    }

    // What the customer's state records: the conversations they had, the watches they started.
    for (const key of users) {
      const stored = await this.found([this.parts.named.nameOf(key), key]);
      for (const state of stored) {
        for (const name of Object.keys(state.conversations ?? {})) conversations.add(name);
        for (const id of Array.isArray(state.watches) ? (state.watches as unknown[]) : []) {
          const tag = typeof id === 'string' ? conversationOfWatch(id) : undefined;
          if (tag) watchTags.add(tag);
        }
      }
    }
    erased.customers = await this.deleteKeys(users);

    for (const name of conversations) watchTags.add(name);
    erased.conversations = await this.deleteNames([
      ...[...conversations].map((name) => STATE_PREFIXES.conversation + name),
      ...formerKeys,
    ]);
    for (const tag of watchTags) {
      const { watches, setAside } = await this.parts.watches.erase(tag);
      erased.watches += watches;
      erased.setAside += setAside;
    }
    erased.whatsappUpdates = await this.parts.sentUpdates.erase(watchTags);
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

/**
 * The number's digits in international form (E.164 without its `+`, WhatsApp's `wa_id`), from the ways an operator
 * pastes one: `+31 6 1234 5678`, `0031 6 12345678`, `31612345678`, `+31 (0)6-1234 5678`. A national number (`06…`)
 * is refused: whose country it is cannot be told, and erasing nobody must not look like success.
 */
function internationalNumber(phone: string): string {
  // "(0)" is the trunk prefix dialled at home only; spaces, dots, dashes, slashes and brackets group digits.
  const compact = phone.replace(/\(\s*0\s*\)/g, '').replace(/[\s().\-/]/g, '');
  const digits = compact.replace(/^(\+|00)/, '');
  if (!INTERNATIONAL.test(digits))
    throw new ErasureRefused(
      '--phone takes a phone number with its country code: digits, such as +14155550100 or 0044 20 7946 0958',
    );
  return digits;
}
