/**
 * A conversation as a WhatsApp customer: each message goes to the bot's real webhook as Meta sends it (signed, from
 * a demo number), and what the customer gets is what the bot sent that number, as the Graph API stand-in recorded
 * it, so it went through the WhatsApp adapter and its rendering (src/channels/whatsapp/outgoingMessages.ts).
 */
import type { WhatsAppCustomer } from '../sandbox/phone/whatsAppCustomer';
import { readMarks, sentTo, type GraphApiSimulator, type SentWhatsApp } from '../sandbox/simulators/graphApi';
import type { WhatsAppReply } from './view';

export interface WhatsAppSessionParts {
  customer: WhatsAppCustomer;
  graph: Pick<GraphApiSimulator, 'sent' | 'requests'>;
  /** Resolves once the bot has worked through every delivery taken (and every answer promised for later). */
  idle(): Promise<void>;
  /** The customer's number, digits. */
  number: string;
}

export interface WhatsAppTurn {
  /** What the bot sent the customer since their message, in order. */
  messages: SentWhatsApp[];
  /** The bot marked the message read and showed it was typing. */
  read: boolean;
  typing: boolean;
}

export class WhatsAppSession {
  private shown = 0;

  constructor(private readonly parts: WhatsAppSessionParts) {}

  say(text: string): Promise<WhatsAppTurn> {
    return this.deliver({ text });
  }

  press(reply: WhatsAppReply): Promise<WhatsAppTurn> {
    return this.deliver(reply);
  }

  private async deliver(action: { text: string } | WhatsAppReply): Promise<WhatsAppTurn> {
    const { id } = await this.parts.customer.send(this.parts.number, action);
    await this.parts.idle();
    const messages = sentTo(this.parts.graph, this.parts.number).slice(this.shown);
    this.shown += messages.length;
    const marks = readMarks(this.parts.graph);
    return { messages, read: marks.read.has(id), typing: marks.typing.has(id) };
  }
}
