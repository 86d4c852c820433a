/**
 * "help", "cancel" and "start over", in the user's language and in English, at any step.
 * Matched on the whole message, so "cancel my order 1234?" is not a command.
 */
import type { Translate } from '../i18n';
import { plainWords } from './words';

export type Command = 'help' | 'cancel' | 'start_over';
const COMMANDS: Command[] = ['help', 'cancel', 'start_over'];
const ENGLISH: Record<Command, string[]> = { help: ['help', '?'], cancel: ['cancel', 'stop', 'quit'], start_over: ['start over', 'restart', 'reset'] };

export function matchCommand(text: string | undefined, t: Translate): Command | undefined {
  const said = commandWords(text ?? '');
  if (!said) return undefined;
  return COMMANDS.find((command) => [...ENGLISH[command], ...t(`commands.${command}`).split('|')].some((word) => commandWords(word) === said));
}

/** Plain words; a message of punctuation alone is taken as typed, for "?" asks for help. */
function commandWords(text: string): string {
  return plainWords(text) || text.trim();
}
