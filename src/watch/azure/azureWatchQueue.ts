/**
 * The watch queue on Azure Queue Storage, shared by every instance. An entry is one message, its text
 * `{"w": watch id, "e": entry}`; "due" is the message's visibility timeout. Taking receives messages
 * with the lease as their new visibility timeout: Azure hands a message to one receiver, and gives it
 * out again when the lease ends without a delete or an update (the taker died: at-least-once).
 *
 * Messages never expire (time to live -1): a watch lasts NOTIFY_FOR_DAYS, which may pass Azure's
 * default of 7 days. A visibility timeout can be at most 7 days: a longer delay is cut to 7 days (that
 * check comes early, which costs one lookup; the checks' delays are minutes, so it does not happen).
 *
 * Each check answers its receive (later or done), and `later` writes into the message the receive count
 * it answered (`n`, from Azure's dequeueCount). So a message received again with no answer in between
 * counts receives no check explains: a taker that died, or a receive that hid it without handing it out
 * (a neighbour the queue cannot hand out, see ReceiveWidth). Two such receives are logged once and turn
 * batches off; after `poisonAfter` the message goes to `<queue>-poison` (Azure's convention), and the
 * watch's sweep queues the watch again.
 */
import { QueueClient, RestError, type DequeuedMessageItem, type StoragePipelineOptions } from '@azure/storage-queue';
import { silentLogger, type Logger } from '../../runtime/logger';
import type { Ticket, WatchQueue } from '../watchQueue';
import { ReceiveWidth, type ReceivePlan } from './receiveWidth';

/** Azure's longest visibility timeout, in seconds. */
const MAX_VISIBILITY_S = 7 * 24 * 3_600;
/** Azure Functions' maxDequeueCount: receives with no answer before a message is poison. */
const POISON_AFTER = 5;
/** How long a poison message is kept, in seconds. */
const POISON_KEPT_S = 7 * 24 * 3_600;
/** One taker dying is an incident; two receives with no answer in a row are a pattern worth a line. */
const SUSPECT_AFTER = 2;

/** The queue's handle: which message, the receipt of the latest receive or update (only it may change the message), and its receive count. */
interface Receipt {
  messageId: string;
  popReceipt: string;
  dequeueCount: number;
}

export interface AzureQueueOptions {
  logger?: Logger;
  /** Receives no check answered before a message goes to the poison queue. */
  poisonAfter?: number;
}

export class AzureWatchQueue implements WatchQueue {
  private readonly queue: QueueClient;
  private readonly poison: QueueClient;
  private ready?: Promise<unknown>;
  private poisonReady?: Promise<unknown>;
  private readonly width = new ReceiveWidth();
  private readonly logger: Logger;
  private readonly poisonAfter: number;
  /** What was logged already: each kind of oddity once per process. */
  private readonly noticed = new Set<'unanswered' | 'foreign'>();

  constructor(
    connectionString: string,
    queueName: string,
    pipeline: StoragePipelineOptions,
    options: AzureQueueOptions = {},
  ) {
    this.queue = new QueueClient(connectionString, queueName, pipeline);
    this.poison = new QueueClient(connectionString, `${queueName}-poison`, pipeline);
    this.logger = options.logger ?? silentLogger;
    this.poisonAfter = options.poisonAfter ?? POISON_AFTER;
  }

  async add(watchId: string, entry: string, delayMs: number): Promise<void> {
    await this.queueReady();
    await this.queue.sendMessage(JSON.stringify({ w: watchId, e: entry }), {
      visibilityTimeout: seconds(delayMs, 0),
      messageTimeToLive: -1,
    });
  }

  async take(max: number, leaseMs: number): Promise<Ticket[]> {
    if (max < 1) return [];
    await this.queueReady();
    const plan = this.width.plan(max);
    const received = await this.receive(plan, leaseMs);
    this.width.record(plan, received.length);
    const tickets: Ticket[] = [];
    for (const message of received) {
      const receipt: Receipt = {
        messageId: message.messageId,
        popReceipt: message.popReceipt,
        dequeueCount: message.dequeueCount,
      };
      const parsed = parse(message.messageText);
      if (!parsed) {
        // Not ours (someone else's writer on this queue): dropped, or it would come back forever.
        this.noticeOnce('foreign', {}, 'watch queue: a message that is not a watch entry was deleted');
        await this.delete(receipt);
        continue;
      }
      const unanswered = message.dequeueCount - parsed.answered - 1;
      if (unanswered >= this.poisonAfter) await this.movePoison(message, unanswered);
      else {
        if (unanswered >= SUSPECT_AFTER) this.suspect(unanswered);
        tickets.push({ watchId: parsed.watchId, entry: parsed.entry, receipt });
      }
    }
    return tickets;
  }

  async later(ticket: Ticket, delayMs: number): Promise<void> {
    const receipt = ticket.receipt as Receipt;
    // The receive this answers, written into the message: the next receive can tell whether any went unanswered.
    const text = JSON.stringify({ w: ticket.watchId, e: ticket.entry, n: receipt.dequeueCount });
    try {
      const updated = await this.queue.updateMessage(receipt.messageId, receipt.popReceipt, text, seconds(delayMs, 0));
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

  private async receive(plan: ReceivePlan, leaseMs: number): Promise<DequeuedMessageItem[]> {
    // Azure hides a received message for at least 1 s.
    const once = () =>
      this.queue
        .receiveMessages({ numberOfMessages: plan.each, visibilityTimeout: seconds(leaseMs, 1) })
        .then((answer) => answer.receivedMessageItems);
    return (await Promise.all(Array.from({ length: plan.receives }, once))).flat();
  }

  /** Received again and again with no check's answer: a neighbour hides it, or its checks die. Batches stop. */
  private suspect(unanswered: number): void {
    this.width.isolate();
    this.noticeOnce(
      'unanswered',
      { receives: unanswered },
      'watch queue: a message was received more often than its checks explain; receiving one message at a time from now on',
    );
  }

  private async movePoison(message: DequeuedMessageItem, unanswered: number): Promise<void> {
    this.suspect(unanswered);
    this.poisonReady ??= this.poison.createIfNotExists().catch((error: unknown) => {
      this.poisonReady = undefined;
      throw error;
    });
    await this.poisonReady;
    // Kept a week for a person to look at (Azure's default), not for ever: it names a watch (by its keyed id).
    await this.poison.sendMessage(message.messageText, { messageTimeToLive: POISON_KEPT_S });
    await this.delete({
      messageId: message.messageId,
      popReceipt: message.popReceipt,
      dequeueCount: message.dequeueCount,
    });
    this.logger.warn(
      { receives: unanswered },
      'watch queue message moved to the poison queue: received that often with no check answering it',
    );
  }

  private noticeOnce(kind: 'unanswered' | 'foreign', fields: object, message: string): void {
    if (this.noticed.has(kind)) return;
    this.noticed.add(kind);
    this.logger.warn(fields, message);
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

/** `answered`: the receive count the last check answered (0 for a new entry). */
function parse(text: string): { watchId: string; entry: string; answered: number } | undefined {
  try {
    const { w, e, n } = JSON.parse(text) as { w?: unknown; e?: unknown; n?: unknown };
    if (typeof w !== 'string' || typeof e !== 'string') return undefined;
    return { watchId: w, entry: e, answered: typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : 0 };
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
  return (
    (error.statusCode === 400 && error.code === 'PopReceiptMismatch') ||
    (error.statusCode === 404 && error.code === 'MessageNotFound')
  );
}
