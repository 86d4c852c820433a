/**
 * The conversation's last texts, kept in conversation state for a person who takes over (src/handoff/
 * transcript.ts bounds them). Recorded in one place, once per turn, just before the turn's state is
 * saved: what the customer said and the visible text of every reply the turn is about to send. Never
 * logged. Dropped when a handoff takes it, a day after it was said, and at once when turned off.
 */
import { ActivityTypes, type Activity, type StatePropertyAccessor, type TurnContext } from '../src/bot/botbuilder';
import { keptLines, withSaid, type Said, type TranscriptLine } from '../src/handoff';
import type { Clock } from '../src/runtime/clock';

export interface StoredTranscript {
  lines: TranscriptLine[];
}

const HANDED_OVER = Symbol('transcriptHandedOver');

export class ConversationTranscript {
  constructor(
    private readonly state: StatePropertyAccessor<StoredTranscript | undefined>,
    private readonly clock: Clock,
    /** False with HANDOFF_TRANSCRIPT=off, or when no hub takes a transcript: nothing is kept. */
    private readonly keep: boolean,
  ) {}

  /** After the turn's work, before its state is saved. A turn that says nothing (a duplicate delivery) adds nothing. */
  async record(context: TurnContext, replies: readonly Partial<Activity>[]): Promise<void> {
    const stored = await this.state.get(context);
    if (!this.keep || context.turnState.get(HANDED_OVER)) {
      if (stored) await this.state.delete(context);
      return;
    }
    const now = this.clock.now();
    const said: Said[] = replies.flatMap((reply) => {
      const text = visibleText(reply);
      return text ? [{ by: 'bot' as const, text }] : [];
    });
    if (!said.length) {
      // Nothing to add, but what is a day old goes all the same.
      const kept = stored && keptLines(stored.lines, now);
      if (kept && kept.length !== stored.lines.length) await this.state.set(context, { lines: kept });
      return;
    }
    await this.state.set(context, { lines: withSaid(stored?.lines ?? [], [...customerWords(context), ...said], now) });
  }

  /** What a person taking over gets: the lines kept, and what the customer just said. */
  async lines(context: TurnContext): Promise<TranscriptLine[]> {
    if (!this.keep) return [];
    const stored = await this.state.get(context);
    return withSaid(stored?.lines ?? [], customerWords(context), this.clock.now());
  }

  /** Handed to a person: nothing is kept, this turn's words included. */
  async handedOver(context: TurnContext): Promise<void> {
    context.turnState.set(HANDED_OVER, true);
    await this.state.delete(context);
  }
}

function customerWords(context: TurnContext): Said[] {
  const { type, text } = context.activity;
  return type === (ActivityTypes.Message as string) && text?.trim() ? [{ by: 'customer', text }] : [];
}

/** A message's words and, for its cards, the one-line summaries they carry (fallbackText), one after another. */
function visibleText(activity: Partial<Activity>): string | undefined {
  if (activity.type !== ActivityTypes.Message) return undefined;
  const cards = (activity.attachments ?? [])
    .map((attachment) => (attachment.content as { fallbackText?: unknown } | undefined)?.fallbackText)
    .filter((text): text is string => typeof text === 'string');
  return [activity.text, cards.join('; ')].filter(Boolean).join(' ') || undefined;
}
