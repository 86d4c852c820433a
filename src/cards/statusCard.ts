/**
 * One shipment as an Adaptive Card 1.5 (Teams' highest version). Layout, top to bottom:
 * carrier (subtle) · status (large, bold, coloured) · details · badges · facts · the newest events ·
 * older events behind a toggle · a button to the carrier's tracking page.
 */
import { escapeMarkdown as md } from './markdown';
import { plainSummary } from './sanitize';
import type { Translate } from '../i18n';
import type { EventView, ShipmentView, Tone } from './view';
import { ADAPTIVE_CARD_CONTENT_TYPE, type Attachment } from './types';

export const CARD_VERSION = '1.5';
/** Events always on the card; older ones are hidden behind a toggle. */
export const VISIBLE_EVENTS = 3;

type Element = { type: string } & Record<string, unknown>;

export interface StatusCardOptions {
  t: Translate;
  /** How many older events the hidden container may hold; the rest is only counted. */
  hiddenCap: number;
  /** Unique within the reply (and the conversation's visible cards); prefixes every element id. */
  idPrefix: string;
  teams: boolean;
}

export interface AdaptiveCard {
  type: 'AdaptiveCard';
  version: string;
  fallbackText: string;
  speak: string;
  body: Element[];
  actions?: Element[];
  msteams?: { width: 'Full' };
}

export function statusCardAttachment(view: ShipmentView, options: StatusCardOptions): Attachment {
  return { contentType: ADAPTIVE_CARD_CONTENT_TYPE, content: statusCard(view, options) };
}

export function statusCard(view: ShipmentView, options: StatusCardOptions): AdaptiveCard {
  const { t } = options;
  const summary = plainSummary(view.summary);
  const card: AdaptiveCard = {
    type: 'AdaptiveCard',
    version: CARD_VERSION,
    fallbackText: summary,
    speak: summary,
    body: [...header(view), ...badges(view, t), ...facts(view, t), ...events(view, options)],
  };
  if (view.link) card.actions = [{ type: 'Action.OpenUrl', title: view.link.label, url: view.link.url }];
  if (options.teams) card.msteams = { width: 'Full' };
  return card;
}

/** How many older events a card could hide at most, before any cap. */
export function hiddenEventsAvailable(view: ShipmentView): number {
  return Math.max(0, view.events.length - VISIBLE_EVENTS);
}

function text(value: string, extra: Record<string, unknown> = {}): Element {
  return { type: 'TextBlock', text: md(value), wrap: true, ...extra };
}

function header(view: ShipmentView): Element[] {
  const blocks = [text(view.carrier, { weight: 'bolder', isSubtle: true }), text(view.status, { size: 'large', weight: 'bolder', color: view.tone, spacing: 'none' })];
  if (view.statusDetails) blocks.push(text(view.statusDetails, { size: 'small', isSubtle: true, spacing: 'small' }));
  // What happens next, when something is wrong: in full contrast, since it is what the customer came for.
  if (view.nextStep) blocks.push(text(view.nextStep, { spacing: 'small' }));
  return blocks;
}

function badges(view: ShipmentView, t: Translate): Element[] {
  const pills: [string, Tone][] = [];
  if (view.delayed) pills.push([t('card.delayed'), 'warning']);
  if (view.exception) pills.push([t('card.needs_attention'), 'attention']);
  if (!pills.length) return [];
  return [
    {
      type: 'ColumnSet',
      spacing: 'small',
      columns: pills.map(([label, tone]) => ({ type: 'Column', width: 'auto', style: tone, items: [text(label, { size: 'small', weight: 'bolder', color: tone, wrap: false })] })),
    },
  ];
}

function facts(view: ShipmentView, t: Translate): Element[] {
  const rows: [string, string | undefined][] = [
    [t('card.tracking_number'), view.trackingNumber],
    [t('card.ordered'), view.orderedAt],
    [t('card.last_update'), view.updatedAt],
  ];
  const shown = rows.filter((row): row is [string, string] => row[1] !== undefined).map(([title, value]) => ({ title: md(title), value: md(value) }));
  return shown.length ? [{ type: 'FactSet', spacing: 'medium', facts: shown }] : [];
}

function events(view: ShipmentView, options: StatusCardOptions): Element[] {
  const { t } = options;
  const visible = view.events.slice(0, VISIBLE_EVENTS);
  if (!visible.length) return [];
  const hidden = view.events.slice(VISIBLE_EVENTS, VISIBLE_EVENTS + Math.max(0, options.hiddenCap));
  const dropped = Math.max(0, view.eventCount - visible.length - hidden.length);
  const note = dropped ? [text(t('card.older_dropped', { count: dropped }), { size: 'small', isSubtle: true, spacing: 'small' })] : [];

  const blocks = visible.flatMap((event, index) => eventBlocks(event, index === 0, t));
  if (!hidden.length) return [...blocks, ...note];
  // A toggle's title cannot change, so two buttons take turns: "Show" while the events are hidden, "Hide" while shown.
  const id = `${options.idPrefix}-older`;
  const show = `${options.idPrefix}-show`;
  const hide = `${options.idPrefix}-hide`;
  const toggle = (title: string) => ({ type: 'Action.ToggleVisibility', title, targetElements: [id, show, hide] });
  return [
    ...blocks,
    { type: 'Container', id, isVisible: false, spacing: 'none', items: [...hidden.flatMap((event) => eventBlocks(event, false, t)), ...note] },
    { type: 'ActionSet', id: show, spacing: 'small', actions: [toggle(t('card.show_earlier', { count: hidden.length }))] },
    { type: 'ActionSet', id: hide, isVisible: false, spacing: 'small', actions: [toggle(t('card.hide_earlier'))] },
  ];
}

/** What happened; its details; (subtle) the upstream's own words when not in the user's language; then when, where and how often. */
function eventBlocks(event: EventView, first: boolean, t: Translate): Element[] {
  const blocks = [text(event.text, first ? { spacing: 'medium', separator: true } : { spacing: 'small' })];
  if (event.details) blocks.push(text(event.details, { size: 'small', spacing: 'none' }));
  if (event.upstreamText) blocks.push(text(event.upstreamText, { size: 'small', isSubtle: true, spacing: 'none' }));
  const meta = [event.time, event.location, event.repeats ? t('card.repeated', { count: event.repeats }) : undefined].filter(Boolean).join(' · ');
  if (meta) blocks.push(text(meta, { size: 'small', isSubtle: true, spacing: 'none' }));
  return blocks;
}
