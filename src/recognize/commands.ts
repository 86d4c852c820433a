/**
 * "help", "cancel" and "start over", in every language and in English, at any step. Matched on the whole
 * message (lexicon.ts), so "cancel my order 1234?" is not a command.
 */
export const COMMANDS = ['help', 'cancel', 'start_over'] as const;
export type Command = (typeof COMMANDS)[number];

/** Understood in every language besides its own words. */
export const ENGLISH_COMMANDS: Record<Command, readonly string[]> = { help: ['help', '?'], cancel: ['cancel', 'stop', 'quit'], start_over: ['start over', 'restart', 'reset'] };
