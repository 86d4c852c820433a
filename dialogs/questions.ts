/**
 * Honest answers to what the bot cannot do: when a parcel will arrive (the carrier data has no
 * delivery estimate), refunds, changes, a person, anything else. Each says what the bot can tell and
 * where to go instead: the shop's help page when the operator set one (SUPPORT_URL).
 */
import type { Translate } from '../src/i18n';
import type { Topic } from '../src/recognize';

export interface QuestionContext {
  supportUrl?: string;
  /** What this conversation last looked up, as typed: its card is the latest news. */
  lastShown?: string;
  /** A question is waiting for the customer's answer and will be asked again right after. */
  atPrompt: boolean;
}

/** The answer, or undefined for "where is my parcel?", which the bot answers by asking for the number. */
export function answerToQuestion(topic: Topic | 'question', t: Translate, context: QuestionContext): string | undefined {
  // Where is it: the bot asks for the number. Updates: the router starts them before any question is answered.
  if (topic === 'track' || topic === 'notify') return undefined;
  const where = context.supportUrl ? t('questions.support_url', { url: context.supportUrl }) : undefined;
  const lookUp = context.atPrompt ? undefined : t('questions.send_number');
  switch (topic) {
    case 'eta':
      return join(t('questions.eta'), context.lastShown ? t('questions.eta_last', { identifier: context.lastShown }) : lookUp);
    case 'problem':
      return join(t('questions.problem'), where, lookUp);
    case 'change':
      return join(t('questions.change'), where);
    case 'person':
      return join(t('questions.person'), where);
    case 'question':
      return join(t('questions.other'), where);
  }
}

function join(...sentences: Array<string | undefined>): string {
  return sentences.filter(Boolean).join(' ');
}
