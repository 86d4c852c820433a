/**
 * One question and its answer. It sends the question with its choices the way the channel shows them,
 * and hands every answer to `listen`, which knows what was asked. An answer that does not fit gets its
 * reason and the same question again, in one message; after three such answers the dialog stops asking.
 * A question the customer asks back is answered and costs no attempt. Used instead of botbuilder's
 * prompts, whose choices show internal values on Teams, fall back to a text list when a title passes
 * 20 characters, and whose number recognizers read "1" as the option whose value is "1".
 */
import type { TurnContext } from '../src/bot/botbuilder';
import { Dialog, type DialogContext, type DialogInstance, type DialogTurnResult } from './botbuilderDialogs';
import type { Choice } from '../src/channels';
import type { OfferedChoice } from '../src/recognize';
import { sendText } from '../src/bot/send';

/** Attempts a question gets before the dialog stops asking. */
const MAX_ATTEMPTS = 3;

export interface Question {
  text: string;
  choices: Array<Choice & OfferedChoice>;
}

export type Heard<A> =
  | { ok: true; answer: A }
  /** `reply`: said before the question is asked again; `counts`: whether it was an attempt at an answer. */
  | { ok: false; reply?: string; counts: boolean };

export interface Asker<D, A> {
  /** `first`: the question is asked for the first time (a greeting or a notice leads only then). */
  question(context: TurnContext, draft: D, first: boolean): Question;
  listen(context: TurnContext, draft: D, question: Question): Promise<Heard<A>>;
}

/** What the dialog ends with when the customer could not answer. */
export const GAVE_UP = { type: 'gave_up' } as const;

const LEAD = Symbol('askLead');

/** Words said just before the question when it is asked again in this turn ("Hi!"). */
export function leadWith(context: TurnContext, text: string): void {
  context.turnState.set(LEAD, text);
}

interface AskState<D> {
  draft: D;
  attempts: number;
}

export class AskDialog<D extends object, A> extends Dialog<D> {
  constructor(
    dialogId: string,
    private readonly asker: Asker<D, A>,
  ) {
    super(dialogId);
  }

  override async beginDialog(dc: DialogContext, draft?: D): Promise<DialogTurnResult> {
    const state: AskState<D> = { draft: draft as D, attempts: 0 };
    dc.activeDialog!.state = state;
    await this.ask(dc.context, state.draft, true);
    return Dialog.EndOfTurn;
  }

  override async continueDialog(dc: DialogContext): Promise<DialogTurnResult> {
    if (dc.context.activity.type !== 'message') return Dialog.EndOfTurn;
    const state = dc.activeDialog!.state as AskState<D>;
    const heard = await this.asker.listen(dc.context, state.draft, this.asker.question(dc.context, state.draft, false));
    if (heard.ok) return dc.endDialog(heard.answer);
    if (heard.counts && ++state.attempts >= MAX_ATTEMPTS) return dc.endDialog(GAVE_UP);
    await this.ask(dc.context, state.draft, false, heard.reply);
    return Dialog.EndOfTurn;
  }

  override async repromptDialog(context: TurnContext, instance: DialogInstance): Promise<void> {
    await this.ask(context, (instance.state as AskState<D>).draft, false);
  }

  private async ask(context: TurnContext, draft: D, first: boolean, before?: string): Promise<void> {
    const question = this.asker.question(context, draft, first);
    const paragraphs = [before, question.text].filter((part): part is string => !!part);
    const lead = context.turnState.get<string | undefined>(LEAD);
    if (lead) paragraphs[0] = `${lead} ${paragraphs[0]}`;
    await sendText(
      context,
      paragraphs.join('\n\n'),
      question.choices.map(({ value, title, short }) => ({ value, title, ...(short && { short }) })),
    );
  }
}
