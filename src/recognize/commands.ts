/**
 * "help", "cancel" and "start over", at any step, in all six languages at once, English among them (lexicon.ts).
 * Matched on the whole message, so "cancel my order 1234?" is not a command.
 */
export const COMMANDS = ['help', 'cancel', 'start_over'] as const;
export type Command = (typeof COMMANDS)[number];
