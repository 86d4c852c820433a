/**
 * What a conversation remembers between turns besides where its dialog is: the choices its last
 * list offered (so that "2" on SMS picks the second of them), what it last looked up (so that "when
 * will it arrive?" can point at it) and what was wrong in it (so that "I want a refund" after a lost
 * parcel is about that parcel), the numbers that found something and those that found nothing (the
 * case a person takes over) and a handoff under way. A few hundred bytes in conversation state at most, no order data.
 */
import type { StatePropertyAccessor, TurnContext } from '../src/bot/botbuilder';
import { CASE_LIMITS, type HandoffHub } from '../src/handoff';
import type { ProblemState } from '../src/nextSteps/problem';
import { sameRequest, type LookupRequest } from '../src/tracking/lookup';

export interface LastLookup extends LookupRequest {
  /** As the customer typed it. */
  shown: string;
  /** It was shown masked (ORDER_DETAILS): its updates are too. */
  masked?: true;
}

export interface Memory {
  /** Values of the choices the bot's last message offered, in the order shown. */
  offered?: string[];
  /** Written by versions before the answer was kept whole: the answer's first number. Read once, as `answer`, and dropped. */
  last?: LastLookup;
  /** Everything the last answer found: what "Notify me" watches; the first is what "when will it arrive?" points at. */
  answer?: LastLookup[];
  /** The numbers this conversation found shipments for, oldest first, the newest few. */
  found?: LastLookup[];
  /** The numbers this conversation tried that found nothing, as typed, oldest first, the newest few: the case names them too. */
  tried?: string[];
  /** What was most wrong in the last answer, if anything: "I want a refund" next is about that parcel. */
  problem?: AnswerProblem;
  handoff?: HandoffUnderWay;
}

/** A problem of the last answer: its kind and the number it was found for, as typed. */
export interface AnswerProblem {
  state: ProblemState;
  shown: string;
}

/** A person was asked for, and the hub has not said it is over. */
export interface HandoffUnderWay {
  hub: HandoffHub;
  /** When it was asked for (ms). */
  at: number;
  /** The customer's locale: the hub's answers are passed on in it. */
  locale: string;
  /** When the hub said an agent took it (handoff.status accepted; ms): the bot keeps quiet for a bounded time from then. */
  acceptedAt?: number;
  /** When the customer was last told that a colleague has the case (ms). */
  toldAt?: number;
}

export class ConversationMemory {
  constructor(private readonly state: StatePropertyAccessor<Memory>) {}

  /**
   * The choices the last list showed, forgotten as they are read: whatever the bot says next either shows
   * a list of its own or, saying nothing to choose, keeps this one (see MainDialog).
   */
  async takeOffered(context: TurnContext): Promise<string[]> {
    const memory = await this.read(context);
    if (!memory.offered) return [];
    await this.state.set(context, { ...memory, offered: undefined });
    return memory.offered;
  }

  async offered(context: TurnContext, values: string[]): Promise<void> {
    const memory = await this.read(context);
    await this.state.set(context, { ...memory, offered: values });
  }

  /** What an answer found: the first is what "when will it arrive?" points at; each joins the case. `problem`: what was most wrong in it. */
  async lookedUp(context: TurnContext, found: LastLookup[], problem?: AnswerProblem): Promise<void> {
    const memory = await this.read(context);
    const kept = (memory.found ?? []).filter((old) => !found.some((now) => sameRequest(old, now)));
    const tried = memory.tried?.filter((shown) => !found.some((now) => now.shown === shown));
    await this.state.set(context, {
      ...memory,
      answer: found,
      found: [...kept, ...found].slice(-CASE_LIMITS.lookups),
      problem,
      ...(memory.tried && { tried }),
    });
  }

  /** Numbers that found nothing (a miss), as typed: a person who takes the case sees what was tried. */
  async missed(context: TurnContext, shown: string[]): Promise<void> {
    const memory = await this.read(context);
    const kept = (memory.tried ?? []).filter((old) => !shown.includes(old));
    await this.state.set(context, { ...memory, tried: [...kept, ...shown].slice(-CASE_LIMITS.lookups) });
  }

  async tried(context: TurnContext): Promise<string[]> {
    return (await this.read(context)).tried ?? [];
  }

  /** What was most wrong in the last answer, if anything. */
  async lastProblem(context: TurnContext): Promise<AnswerProblem | undefined> {
    return (await this.read(context)).problem;
  }

  async last(context: TurnContext): Promise<LastLookup | undefined> {
    const memory = await this.read(context);
    return memory.answer?.[0];
  }

  /** What the last answer found, all of it. */
  async lastAnswer(context: TurnContext): Promise<LastLookup[]> {
    const memory = await this.read(context);
    return memory.answer ?? [];
  }

  async found(context: TurnContext): Promise<LastLookup[]> {
    return (await this.read(context)).found ?? [];
  }

  async handoff(context: TurnContext): Promise<HandoffUnderWay | undefined> {
    return (await this.read(context)).handoff;
  }

  /** Undefined: the handoff is over (or failed). */
  async setHandoff(context: TurnContext, handoff: HandoffUnderWay | undefined): Promise<void> {
    const memory = await this.read(context);
    await this.state.set(context, { ...memory, handoff });
  }

  /** The memory, with what an older version kept in `last` moved to `answer` the first time it is read (and saved so). */
  private async read(context: TurnContext): Promise<Memory> {
    const memory = await this.state.get(context, {});
    if (!memory.last) return memory;
    const { last, ...kept } = memory;
    const upgraded = { ...kept, answer: kept.answer ?? [last] };
    await this.state.set(context, upgraded);
    return upgraded;
  }
}
