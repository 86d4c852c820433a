/**
 * The conversation as an agent needs it to take over: the last 20 things said, customer's and bot's,
 * as visible text. It lives in conversation state, which every turn reads and writes, so it is bounded:
 * each text is cut, the whole is capped, and a line older than a day is gone. Pure: lines in, lines out.
 */
import { clean } from '../cards/sanitize';

export interface TranscriptLine {
  by: 'customer' | 'bot';
  text: string;
  /** When it was said (ms since the epoch). */
  at: number;
}

export const TRANSCRIPT_LIMITS = {
  lines: 20,
  /** Characters kept of one text (a help text is about 300, an answer's intro and card summaries about 150). */
  lineChars: 200,
  /** Characters kept in all: 20 usual lines fit (an answer's intro with its card summaries is about 200), and the state stays under 4 KB more. */
  totalChars: 3_000,
  /** A line is dropped a day after it was said. */
  keepMs: 24 * 60 * 60 * 1000,
} as const;

export type Said = Pick<TranscriptLine, 'by' | 'text'>;

/** The lines still kept at `now`. */
export function keptLines(lines: readonly TranscriptLine[], now: number): TranscriptLine[] {
  return lines.filter((line) => now - line.at < TRANSCRIPT_LIMITS.keepMs);
}

/** The lines with what was just said appended, cut and capped: the newest win. */
export function withSaid(lines: readonly TranscriptLine[], said: readonly Said[], now: number): TranscriptLine[] {
  const added = said.flatMap(({ by, text }) => {
    const kept = clean(text, TRANSCRIPT_LIMITS.lineChars);
    return kept ? [{ by, text: kept, at: now }] : [];
  });
  const all = [...keptLines(lines, now), ...added].slice(-TRANSCRIPT_LIMITS.lines);
  let total = all.reduce((sum, line) => sum + line.text.length, 0);
  while (total > TRANSCRIPT_LIMITS.totalChars) total -= all.shift()!.text.length;
  return all;
}
