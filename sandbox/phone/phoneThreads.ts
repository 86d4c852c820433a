/**
 * Each demo number's WhatsApp thread, as the customer's phone shows it: what they sent (kept here, as a phone
 * keeps its own messages) between what the bot sent them (the Graph API stand-in's record), with the ticks and the
 * typing indicator the bot asked for. Sandbox memory only.
 */
import { readMarks, sentTo, type GraphApiSimulator } from '../simulators/graphApi';

/** WhatsApp drops a typing indicator after 25 seconds, or when the answer arrives. */
const TYPING_MS = 25_000;

type ThreadEntry =
  | { from: 'customer'; id: string; at: number; text: string; read: boolean }
  /** `message`: the body as the bot sent it (Meta's shapes: text, interactive, template), without the envelope. */
  | { from: 'business'; id: string; at: number; message: Record<string, unknown> };

/** An entry with where it goes in the thread. */
interface Placed {
  key: number;
  entry: ThreadEntry;
}

export interface Thread {
  entries: ThreadEntry[];
  /** The bot marked the customer's last message with a typing indicator and has not answered yet. */
  typing: boolean;
}

interface Sent {
  id: string;
  at: number;
  text: string;
  /** How many messages the stand-in had accepted when this one left: the bot's answers to it come after. */
  after: number;
}

export class PhoneThreads {
  private readonly sent = new Map<string, Sent[]>();
  /** When the page first saw each of the bot's messages: the stand-in records none. */
  private readonly seenAt = new Map<string, number>();

  constructor(
    private readonly graph: Pick<GraphApiSimulator, 'sent' | 'requests'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Before the delivery: the bot may answer before the webhook call returns. */
  place(): number {
    return this.graph.sent.length;
  }

  /** The customer's message, as their phone keeps it. */
  record(number: string, message: { id: string; at: number; text: string }, after: number): void {
    const thread = this.sent.get(number) ?? [];
    thread.push({ ...message, after });
    this.sent.set(number, thread);
  }

  thread(number: string): Thread {
    const marks = readMarks(this.graph);
    const mine = (this.sent.get(number) ?? []).map((message): Placed => ({
      key: message.after - 0.5,
      entry: {
        from: 'customer',
        id: message.id,
        at: message.at,
        text: message.text,
        read: marks.read.has(message.id),
      },
    }));
    const theirs = sentTo(this.graph, number).map((sent): Placed => {
      if (!this.seenAt.has(sent.id)) this.seenAt.set(sent.id, this.now());
      const { messaging_product: _product, recipient_type: _recipient, to: _to, ...message } = sent.body;
      return {
        key: sent.index,
        entry: { from: 'business', id: sent.id, at: this.seenAt.get(sent.id) ?? this.now(), message },
      };
    });
    // Stable: the customer's messages in the order sent, each before the answers that followed it.
    const entries = [...mine, ...theirs].sort((a, b) => a.key - b.key).map((item) => item.entry);
    const last = entries.at(-1);
    const typing = last?.from === 'customer' && marks.typing.has(last.id) && this.now() - last.at < TYPING_MS;
    return { entries, typing };
  }
}
