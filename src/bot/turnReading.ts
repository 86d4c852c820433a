/**
 * A message is read once, at the edge, before any dialog runs: what the customer wants, the identifiers in
 * it, and the language it is written in. That language is the one the turn is answered in, and the
 * conversation's from then on: until the customer writes in another, names one ("Nederlands"), or their
 * client asks for another (a shop's language switch). Dialogs take the reading with readingOf.
 */
import { TurnContext, type Activity, type BotState, type StatePropertyAccessor } from './botbuilder';
import type { Language } from '../i18n';
import type { Reading } from '../recognize/understanding';
import { requestedLocale, type TurnLanguages } from './turnLanguage';

/** What reads a message (recognize/understanding.ts). */
export interface MessageReader {
  read(text: string | undefined): Reading;
}

/** The language a conversation's customer writes in, where it is not their client's. */
interface WrittenLanguage {
  language: Language;
  /** The locale their client asked for when they wrote it: another one later is a language picked. */
  client: string;
}

const KEY = Symbol('turnReading');

export class TurnReadings {
  private readonly written: StatePropertyAccessor<WrittenLanguage | undefined>;

  constructor(
    private readonly reader: MessageReader,
    private readonly languages: TurnLanguages,
    conversationState: BotState,
  ) {
    this.written = conversationState.createProperty('writtenLanguage');
  }

  /** Reads the turn's message (a Teams @mention taken off first) and decides the turn's language. */
  async begin(context: TurnContext): Promise<void> {
    const { activity } = context;
    let reading: Reading | undefined;
    if (activity.type === 'message') {
      // In a Teams channel the text starts with "<at>Bot</at>"; the dialog must see only what the user said.
      // (A card submit carries the mention but no text, and botbuilder's helper assumes both.)
      if (typeof activity.text === 'string' && activity.recipient?.id) TurnContext.removeRecipientMention(activity);
      reading = this.reader.read(activity.text);
      context.turnState.set(KEY, reading);
    }
    const client = requestedLocale(context);
    const clientLanguage = this.languages.localize(client).language;
    const kept = await this.written.get(context);
    if (reading?.language) {
      if (reading.language === clientLanguage) await this.written.delete(context);
      else await this.written.set(context, { language: reading.language, client: client ?? '' });
      this.languages.speak(context, reading.language === clientLanguage ? client : reading.language);
      return;
    }
    if (kept && kept.client === (client ?? '')) return void this.languages.speak(context, kept.language);
    // The customer's client asks for another language (only their own client's activities say so: a hub's event does not).
    if (kept && fromCustomer(activity)) await this.written.delete(context);
    this.languages.speak(context, kept && !fromCustomer(activity) ? kept.language : client);
  }
}

/** The message's reading, taken at the edge before any dialog ran. */
export function readingOf(context: TurnContext): Reading {
  const reading = context.turnState.get<Reading | undefined>(KEY);
  if (!reading) throw new Error('a message is read by the bot before a dialog runs');
  return reading;
}

function fromCustomer(activity: Activity): boolean {
  return activity.type === 'message' || (activity.type === 'event' && activity.name === 'webchat/join');
}
