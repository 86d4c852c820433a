/** Reading rendered replies in tests. */
import type { Reply } from '../../src/channels';

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

/** Element types whose `style` is a container style (text and action styles are not). */
const STYLED = new Set(['Container', 'Column', 'ColumnSet', 'Table', 'TableCell']);

/** Every typed object inside a card, depth first, with the container styles it sits in (outermost first). */
export function walkElements(
  value: unknown,
  visit: (element: Json, styles: string[]) => void,
  styles: string[] = ['default'],
): void {
  if (Array.isArray(value)) return value.forEach((inner) => walkElements(inner, visit, styles));
  if (!value || typeof value !== 'object') return;
  const element = value as Json;
  const inside =
    STYLED.has(String(element.type)) && typeof element.style === 'string'
      ? [...styles, element.style.toLowerCase()]
      : styles;
  if (typeof element.type === 'string') visit(element, inside);
  Object.values(element).forEach((inner) => walkElements(inner, visit, inside));
}

export const ofType = (card: unknown, type: string): Json[] => walk(card).filter((o) => o.type === type);

/** Text as a client shows it after Markdown: escapes and word joiners gone, no-break spaces as spaces. */
export function shown(markdown: string): string {
  return markdown
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/\u2060/g, '')
    .replace(/\u00a0/g, ' ');
}

export const texts = (card: unknown): string[] => ofType(card, 'TextBlock').map((b) => shown(String(b.text)));

/** A fact is a TextBlock "**label** value" (or, on older cards, a FactSet row). */
const FACT = /^\*\*((?:[^*\\]|\\.)+)\*\* (.*)$/s;

export const facts = (card: unknown): Record<string, string> =>
  Object.fromEntries([
    ...ofType(card, 'FactSet').flatMap((f) =>
      (f.facts as { title: string; value: string }[]).map((x): [string, string] => [shown(x.title), shown(x.value)]),
    ),
    ...ofType(card, 'TextBlock')
      .map((b) => FACT.exec(String(b.text)))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m): [string, string] => [shown(m[1]), shown(m[2])]),
  ]);

export const bytes = (reply: Reply): number =>
  Buffer.byteLength(
    JSON.stringify({ text: reply.text, attachments: reply.attachments, attachmentLayout: reply.attachmentLayout }),
    'utf8',
  );
