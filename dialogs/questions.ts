/**
 * Honest answers to what the bot cannot do: when a parcel will arrive (the carrier data has no
 * delivery estimate), refunds, changes, a person, anything else. Each says what the bot can tell and
 * where to go instead: the shop's help page when the operator set one (SUPPORT_URL).
 */
import type { Translate } from '../src/i18n';
import type { Topic } from '../src/recognize';
import type { AnswerProblem } from './conversationMemory';

export interface QuestionContext {
  supportUrl?: string;
  /** What this conversation last looked up, as typed: its card is the latest news. */
  lastShown?: string;
  /** What was most wrong in the conversation's last answer: a refund or a return asked next is about that parcel. */
  problem?: AnswerProblem;
  /** A question is waiting for the customer's answer and will be asked again right after. */
  atPrompt: boolean;
}

/** The answer, or undefined for "where is my parcel?" (and "it hasn't arrived" with no parcel shown), which the bot answers by asking for the number. */
export function answerToQuestion(
  topic: Topic | 'question',
  t: Translate,
  context: QuestionContext,
): string | undefined {
  // Where is it: the bot asks for the number. Updates and the customer's orders: the router answers them before any question is.
  if (topic === 'track' || topic === 'notify' || topic === 'orders') return undefined;
  const where = context.supportUrl ? t('questions.support_url', { url: context.supportUrl }) : undefined;
  const lookUp = context.atPrompt ? undefined : t('questions.send_number');
  switch (topic) {
    case 'eta':
      return join(
        t('questions.eta'),
        context.lastShown ? t('questions.eta_last', { identifier: context.lastShown }) : lookUp,
      );
    case 'not_arrived':
      // "It hasn't arrived" wants to know where it is: about the parcel just shown, its card says; else the bot asks for the number.
      if (context.problem && shopSettles(context.problem)) return join(knownProblem(context.problem, t), where);
      return context.lastShown
        ? join(t('questions.eta'), t('questions.eta_last', { identifier: context.lastShown }))
        : undefined;
    case 'problem':
      // After an answer that found the problem, the question is about that parcel: no number to ask for.
      if (context.problem) return join(knownProblem(context.problem, t), where);
      // Right after an answer, the customer has just sent a number: asking for one reads as not listening.
      return join(t('questions.problem'), where, context.lastShown ? undefined : lookUp);
    case 'change':
      return join(t('questions.change'), where);
    case 'person':
      return join(t('questions.person'), where);
    case 'question':
      return join(t('questions.other'), where);
  }
}

/** A lost parcel, or one on its way back: the shop settles it, as its card said. */
export function shopSettles({ state }: AnswerProblem): boolean {
  return state === 'lost' || state === 'returned';
}

/** A lost or returning parcel is settled by the shop as its card said; for anything else, its customer service can help. */
function knownProblem({ state, shown }: AnswerProblem, t: Translate): string {
  if (state === 'lost') return t('questions.problem_lost', { identifier: shown });
  if (state === 'returned') return t('questions.problem_returned', { identifier: shown });
  return t('questions.problem');
}

function join(...sentences: Array<string | undefined>): string {
  return sentences.filter(Boolean).join(' ');
}
