/**
 * What a conversation remembers between turns besides where its dialog is: the choices its last
 * list offered (so that "2" on SMS picks the second of them), and what it last looked up
 * (so that "when will it arrive?" can point at it). A few dozen bytes in conversation state, no order data.
 */
import type { StatePropertyAccessor, TurnContext } from 'botbuilder';
import type { LookupRequest } from '../src/tracking/lookup';

export interface LastLookup extends LookupRequest {
  /** As the customer typed it. */
  shown: string;
}

export interface Memory {
  /** Values of the choices the bot's last message offered, in the order shown. */
  offered?: string[];
  last?: LastLookup;
}

export class ConversationMemory {
  constructor(private readonly state: StatePropertyAccessor<Memory>) {}

  /**
   * The choices the last list showed, forgotten as they are read: whatever the bot says next either shows
   * a list of its own or, saying nothing to choose, keeps this one (see MainDialog).
   */
  async takeOffered(context: TurnContext): Promise<string[]> {
    const memory = await this.state.get(context, {});
    if (!memory.offered) return [];
    await this.state.set(context, { ...memory, offered: undefined });
    return memory.offered;
  }

  async offered(context: TurnContext, values: string[]): Promise<void> {
    const memory = await this.state.get(context, {});
    await this.state.set(context, { ...memory, offered: values });
  }

  async lookedUp(context: TurnContext, last: LastLookup): Promise<void> {
    const memory = await this.state.get(context, {});
    await this.state.set(context, { ...memory, last });
  }

  async last(context: TurnContext): Promise<LastLookup | undefined> {
    return (await this.state.get(context, {})).last;
  }
}
