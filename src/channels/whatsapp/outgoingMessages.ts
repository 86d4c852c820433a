/**
 * A bot activity as WhatsApp messages, within WhatsApp's limits: text at most 4,096 characters (a longer one in
 * several messages, cut between lines), and the activity's choices as reply buttons (at most 3, titles at most 20
 * characters); choices that do not fit stay numbered lines of text.
 */
import type { WhatsAppMessage } from './graphApi';

/** What of a bot activity WhatsApp can show: its text and its choices (suggested actions). */
export interface OutgoingActivity {
  text?: string;
  suggestedActions?: { actions: ReadonlyArray<{ title?: string; value?: unknown }> };
}

export const TEXT_LIMIT = 4096;
const BUTTONS = { max: 3, title: 20 } as const;

export function whatsAppMessagesOf(activity: OutgoingActivity): WhatsAppMessage[] {
  const text = (activity.text ?? '').trim();
  const choices = (activity.suggestedActions?.actions ?? []).map((action) => String(action.title ?? action.value ?? '')).filter((title) => title.length > 0);
  if (!choices.length) return textMessages(text);
  const length = (value: string) => [...value].length;
  const parts = textMessages(text);
  // An interactive message needs a body of its own: the last part of the text carries the choices.
  const body = parts.pop()?.text.body ?? '';
  if (body && choices.length <= BUTTONS.max && choices.every((title) => length(title) <= BUTTONS.title)) {
    return [...parts, { type: 'interactive', interactive: { type: 'button', body: { text: body }, action: { buttons: choices.map((title, i) => ({ type: 'reply', reply: { id: `choice-${i + 1}`, title } })) } } }];
  }
  return textMessages([text, ...choices.map((title, i) => `${i + 1}. ${title}`)].filter(Boolean).join('\n'));
}

/** Text in as few messages as the limit allows, cut between lines (inside a line only when one line is too long). */
function textMessages(text: string): Array<{ type: 'text'; text: { body: string } }> {
  const chunks: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    for (const piece of slices(line)) {
      const joined = current ? `${current}\n${piece}` : piece;
      if ([...joined].length <= TEXT_LIMIT) current = joined;
      else {
        chunks.push(current);
        current = piece;
      }
    }
  }
  if (current.trim()) chunks.push(current);
  return chunks.filter((chunk) => chunk.trim()).map((body) => ({ type: 'text', text: { body } }));
}

function slices(line: string): string[] {
  const characters = [...line];
  if (characters.length <= TEXT_LIMIT) return [line];
  const out: string[] = [];
  for (let i = 0; i < characters.length; i += TEXT_LIMIT) out.push(characters.slice(i, i + TEXT_LIMIT).join(''));
  return out;
}
