/**
 * Shipments as plain text for chat channels without Adaptive Cards (Telegram, Slack, Facebook, e-mail...):
 * no Markdown, only line breaks, and the tracking link printed in full. SMS has its own, shorter form (smsReply.ts).
 */
import type { Translate } from '../i18n';
import { eventWords, headingOf, type EventView, type ShipmentView } from './view';

/** The newest events a text shows. */
export const TEXT_EVENTS = 5;
/** A text longer than this is cut (events first); several shipments share a message only while they stay under it. */
const TEXT_MAX_CHARS = 1500;

/** How a channel's text may differ: its bold (WhatsApp's *words*), and a link shown as a button rather than a line. */
export interface TextStyle {
  bold?: boolean;
  /** The link is a button beside the text: no line for it. */
  linkAsButton?: boolean;
}

/** One shipment's block of lines. */
export function shipmentText(view: ShipmentView, t: Translate, style: TextStyle = {}): string {
  const shown = view.events.slice(0, TEXT_EVENTS);
  let text = compose(view, t, shown, style);
  while (text.length > TEXT_MAX_CHARS && shown.length > 1) {
    shown.pop();
    text = compose(view, t, shown, style);
  }
  return text;
}

/** The link button's label: the first of the view's labels (the carrier's own, ours naming the carrier, ours) that fits `max` characters. */
export function linkButtonLabel(view: ShipmentView, max: number): string | undefined {
  return view.link?.labels.find((label) => [...label].length <= max);
}

/** Blocks joined into as few messages as the length limit allows, in order. */
export function joinTexts(blocks: string[]): string[] {
  const messages: string[] = [];
  for (const block of blocks) {
    const last = messages.length - 1;
    if (last >= 0 && messages[last].length + 2 + block.length <= TEXT_MAX_CHARS)
      messages[last] = `${messages[last]}\n\n${block}`;
    else messages.push(block);
  }
  return messages;
}

function compose(view: ShipmentView, t: Translate, shown: EventView[], style: TextStyle): string {
  const heading = headingOf(view).join(' · ');
  // An asterisk of the upstream's own inside would end the bold early.
  const status = style.bold ? `*${view.status.replace(/\*/g, '')}*` : view.status;
  const state = [status, view.updatedAt].filter(Boolean).join(' — ');
  // A masked shipment alone names no carrier or number: its status heads the block.
  const lines = heading ? [`📦 ${heading}`, state] : [`📦 ${state}`];
  if (view.statusDetails) lines.push(view.statusDetails);
  if (view.nextStep) lines.push(view.nextStep);
  const flags = [
    view.delayed ? t('card.delayed') : undefined,
    view.exception ? t('card.needs_attention') : undefined,
  ].filter(Boolean);
  if (flags.length) lines.push(`⚠️ ${flags.join(' · ')}`);
  lines.push(...shown.map(eventLine));
  const more = view.eventCount - shown.length;
  if (more > 0) lines.push(`• ${t('card.text_more', { count: more })}`);
  if (view.link && !style.linkAsButton) lines.push(t('card.text_link', { url: view.link.url }));
  return lines.join('\n');
}

function eventLine(event: EventView): string {
  const what = eventWords(event);
  const where = event.location ? `${what}, ${event.location}` : what;
  return event.time ? `• ${event.time} — ${where}` : `• ${where}`;
}
