/**
 * A Watch: one conversation's standing request to hear when a looked-up order moves. It holds all a
 * check needs without the conversation's state: where to send (the conversation reference, opaque
 * here), in which language and zone, what to look up, what was last said about each shipment, and
 * until when. Plain JSON, so that any store can keep it.
 */
import { createHash } from 'node:crypto';
import type { LookupRequest } from '../tracking/lookup';

/** Where updates go and how they speak: taken from the turn that asked for them. */
export interface Recipient {
  /** How the bot reaches the conversation again; the bot's edge reads it, the core never does. */
  reference: Record<string, unknown>;
  channel: string;
  /** The Teams tenant, whose app-wide send limit the update shares. */
  tenant?: string;
  locale: string;
  /** The customer's own IANA zone, when their client sent one. */
  timeZone?: string;
}

export interface Watch extends Recipient {
  /** Stable for one conversation and one request: asking twice extends the same watch. */
  id: string;
  /** The conversation's tag (conversationTag): its watches are listed and counted by it. */
  conversation: string;
  request: LookupRequest;
  /** The identifier as the customer typed it: what every update quotes. */
  shown: string;
  /**
   * How the lookup that started it showed the order (ORDER_DETAILS), and so every update: masked for anyone
   * but its signed-in owner (`not_yours`: masked, to a customer who was signed in, so the update says the
   * order is not theirs rather than asking them to sign in). Absent on watches kept from before: the rule
   * decides as for a visitor.
   */
  details?: 'full' | 'masked' | 'not_yours';
  /** Per shipment (shipmentKey), the fingerprint of the status last announced or shown. */
  announced: Record<string, string>;
  /**
   * Which queue entry times this watch. A watch stopped and started again gets a new entry; the old
   * one, still in the queue, is dropped when it comes due, so a watch is never checked twice as often.
   */
  entry: string;
  startedAt: number;
  expiresAt: number;
  /**
   * An update a check has claimed and not yet recorded as sent. While `until` is ahead, other checks leave
   * the watch alone; after it (the checker died), the update is still unrecorded, so the next check sends it.
   */
  sending?: { until: number };
  /** Past this, nobody checked it in time: the sweep queues it again (dueBy.ts). Absent on watches kept from before. */
  dueBy?: number;
  /**
   * The turn that started (or last renewed) it, as a W3C traceparent: each check's trace links to it. Absent
   * where traces were off, and on watches kept from before: their checks are simply not linked.
   */
  startedIn?: string;
  /**
   * The customer's tag (a keyed hash of the channel and its user id, as conversations' tags are), where the channel names one: the
   * check budget goes round their customers by it. Absent: the conversation stands for its customer.
   */
  customer?: string;
  /** The customer was signed in when they asked: their watch never makes room for another (watchRoom.ts). */
  signedIn?: true;
  /** It made room for a newer watch (watchRoom.ts): its next check says so, and it ends. */
  yielded?: true;
}

/**
 * Same conversation and same request → same id, so that a second "Notify me" finds the first watch.
 * `conversation` is the conversation's tag (a keyed hash of its key), and the id starts with it (`<tag>.<hash>`): a store keyed by
 * name alone (Azure blobs) finds a watch by its id and lists a conversation's watches by the prefix.
 */
export function watchId(conversation: string, request: LookupRequest): string {
  const source = [conversation, request.kind, request.identifier.toUpperCase(), request.storeId ?? ''].join('\u0000');
  return `${conversation}.${createHash('sha256').update(source).digest('base64url').slice(0, 22)}`;
}

/**
 * The tag watches had before tags were keyed (StorageNames.conversation is the tag now): an unkeyed hash, which
 * anyone can check against a guessed id (a phone number). Watches kept under it are still found (Watches.list).
 */
export function conversationTag(conversation: string): string {
  return createHash('sha256').update(conversation).digest('base64url').slice(0, 22);
}

/** Whose turn a watch's check takes of the budget: its customer's, else its conversation's (watchScheduler.ts). */
export function laneOf(watch: Pick<Watch, 'customer' | 'conversation'>): string {
  return watch.customer ?? watch.conversation;
}

/** Base64url: what a tag and a watch id are made of, and no character that could step out of a blob prefix. */
const TAG = /^[A-Za-z0-9_-]+$/;

/** Whether `tag` can be a conversation tag. Tags and ids come back from outside (queue messages, buttons). */
export const isConversationTag = (tag: string): boolean => TAG.test(tag);

/** The tag of the conversation a watch id belongs to; undefined for anything that is not a watch id. */
export function conversationOfWatch(id: string): string | undefined {
  const [tag, hash, ...more] = id.split('.');
  return more.length === 0 && hash !== undefined && TAG.test(tag) && TAG.test(hash) ? tag : undefined;
}
