/** Reading rendered replies in tests. */
import type { Reply } from '../../src/cards';

export type Json = { [key: string]: unknown };

export function cardsOf(replies: Reply[]): Json[] {
  return replies.flatMap((reply) => (reply.attachments ?? []).map((attachment) => attachment.content as Json));
}

/** Every object inside a card (elements, columns, facts, actions), depth first. */
export function walk(value: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(value)) value.forEach((inner) => walk(inner, out));
  else if (value && typeof value === 'object') {
    out.push(value as Json);
    Object.values(value).forEach((inner) => walk(inner, out));
  }
  return out;
}

export const ofType = (card: unknown, type: string): Json[] => walk(card).filter((o) => o.type === type);

/** Text as a client shows it after Markdown: escapes and word joiners gone. */
export function shown(markdown: string): string {
  return markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1').replace(/\u2060/g, '');
}

export const texts = (card: unknown): string[] => ofType(card, 'TextBlock').map((b) => shown(String(b.text)));

export const facts = (card: unknown): Record<string, string> =>
  Object.fromEntries(ofType(card, 'FactSet').flatMap((f) => (f.facts as { title: string; value: string }[]).map((x) => [shown(x.title), shown(x.value)])));

export const bytes = (reply: Reply): number => Buffer.byteLength(JSON.stringify({ text: reply.text, attachments: reply.attachments, attachmentLayout: reply.attachmentLayout }), 'utf8');
