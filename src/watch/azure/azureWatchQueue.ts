/**
 * The watch queue on Azure Queue Storage, shared by every instance. An entry is one message, its text
 * `{"w": watch id, "e": entry}`; "due" is the message's visibility timeout. Taking receives messages
 * with the lease as their new visibility timeout: Azure hands a message to one receiver, and gives it
 * out again when the lease ends without a delete or an update (the taker died: at-least-once).
 *
 * Messages never expire (time to live -1): a watch lasts NOTIFY_FOR_DAYS, which may pass Azure's
 * default of 7 days. A visibility timeout can be at most 7 days: a longer delay is cut to 7 days (that
 * check comes early, which costs one lookup; the checks' delays are minutes, so it does not happen).
 */
import { QueueClient, RestError, type StoragePipelineOptions } from '@azure/storage-queue';
import type { Ticket, WatchQueue } from '../watchQueue';

/** Azure's longest visibility timeout, in seconds. */
export const MAX_VISIBILITY_S = 7 * 24 * 3_600;
/** Azure hands out at most 32 messages per receive. */
const MAX_PER_RECEIVE = 32;

/** The queue's handle: which message, and the receipt of the latest receive or update (only it may change the message). */
interface Receipt {
  messageId: string;
  popReceipt: string;
}

export class AzureWatchQueue implements WatchQueue {
  private readonly queue: QueueClient;
  private ready?: Promise<unknown>;

  constructor(connectionString: string, queueName: string, pipeline: StoragePipelineOptions) {
    this.queue = new QueueClient(connectionString, queueName, pipeline);
  }

  async add(watchId: string, entry: string, delayMs: number): Promise<void> {
    await this.queueReady();
    await this.queue.sendMessage(JSON.stringify({ w: watchId, e: entry }), { visibilityTimeout: seconds(delayMs, 0), messageTimeToLive: -1 });
  }

  async take(max: number, leaseMs: number): Promise<Ticket[]> {
    if (max < 1) return [];
    await this.queueReady();
    const { receivedMessageItems } = await this.queue.receiveMessages({
      numberOfMessages: Math.min(MAX_PER_RECEIVE, max),
      // Azure hides a received message for at least 1 s.
      visibilityTimeout: seconds(leaseMs, 1),
    });
    const tickets: Ticket[] = [];
    for (const message of receivedMessageItems) {
      const receipt: Receipt = { messageId: message.messageId, popReceipt: message.popReceipt };
      const parsed = parse(message.messageText);
      if (parsed) tickets.push({ ...parsed, receipt });
      // Not ours (someone else's writer on this queue): dropped, or it would come back forever.
      else await this.delete(receipt);
    }
    return tickets;
  }

  async later(ticket: Ticket, delayMs: number): Promise<void> {
    const receipt = ticket.receipt as Receipt;
    try {
      const updated = await this.queue.updateMessage(receipt.messageId, receipt.popReceipt, undefined, seconds(delayMs, 0));
      // The old receipt is spent; the ticket keeps working with the new one.
      receipt.popReceipt = updated.popReceipt!;
    } catch (error) {
      if (!leaseLost(error)) throw error;
    }
  }

  done(ticket: Ticket): Promise<void> {
    return this.delete(ticket.receipt as Receipt);
  }

  /** Other instances add to the queue: nobody here knows when the next entry is due. */
  nextDueInMs(): number | undefined {
    return undefined;
  }

  private async delete(receipt: Receipt): Promise<void> {
    try {
      await this.queue.deleteMessage(receipt.messageId, receipt.popReceipt);
    } catch (error) {
      if (!leaseLost(error)) throw error;
    }
  }

  /** Created when missing, once per process; tried again after a failure (storage down at start). */
  private queueReady(): Promise<unknown> {
    this.ready ??= this.queue.createIfNotExists().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }
}

/** Whole seconds, rounded up (never due early), between `min` and Azure's 7 days. */
function seconds(ms: number, min: number): number {
  return Math.min(MAX_VISIBILITY_S, Math.max(min, Math.ceil(ms / 1_000)));
}

function parse(text: string): { watchId: string; entry: string } | undefined {
  try {
    const { w, e } = JSON.parse(text) as { w?: unknown; e?: unknown };
    return typeof w === 'string' && typeof e === 'string' ? { watchId: w, entry: e } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ticket's lease ran out and another taker has the message (400 PopReceiptMismatch), or it deleted it
 * (404 MessageNotFound): a stale ticket changes nothing, as in memory. Not the queue itself missing.
 */
function leaseLost(error: unknown): boolean {
  if (!(error instanceof RestError)) return false;
  return (error.statusCode === 400 && error.code === 'PopReceiptMismatch') || (error.statusCode === 404 && error.code === 'MessageNotFound');
}
