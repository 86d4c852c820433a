/**
 * One shipment as an Adaptive Card 1.5 (Teams' highest version). Layout, top to bottom:
 * carrier (subtle) · status (large, bold) · details · flags (bold) · facts · the newest events ·
 * older events behind a toggle · a button to the carrier's tracking page. A masked card (withheld) has
 * no carrier, number or button, and says instead how to see them.
 *
 * Text uses only the default and subtle colours: those reach 4.5:1 in Web Chat's theme and Teams' light
 * and dark ones, while Teams' published green and yellow are 2.1:1 and 1.5:1 on white, and its red 3.2:1
 * on dark (test/cards/contrast.test.ts). The card must read at 300 px in every language: see
 * test/cards/cardLayout.test.ts.
 */
import { escapeMarkdown as md } from './markdown';
import { plainSummary } from './sanitize';
import type { Translate } from '../i18n';
import type { EventView, ShipmentView } from './view';
import { ADAPTIVE_CARD_CONTENT_TYPE, CARD_VERSION, type Attachment } from '../channels';
/** Events always on the card; older ones are hidden behind a toggle. */
export const VISIBLE_EVENTS = 3;
/**
 * The longest button title, in characters, that shows whole on a 300 px card (measured with wide fonts
 * in test/cards/cardLayout.test.ts); a longer carrier label gives way to our shorter ones.
 */
export const BUTTON_TITLE_BUDGET = 20;
/** A fact's value this short fits any line whole, so its spaces do not break ("24 nov 2026, / 05:30"). */
const UNBROKEN_VALUE = 24;
const NO_BREAK_SPACE = '\u00a0';

type Element = { type: string } & Record<string, unknown>;

export interface StatusCardOptions {
  t: Translate;
  /** How many older events the hidden container may hold; the rest is only counted. */
  hiddenCap: number;
  /** Unique within the reply (and the conversation's visible cards); prefixes every element id. */
  idPrefix: string;
  teams: boolean;
}

interface AdaptiveCard {
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

function statusCard(view: ShipmentView, options: StatusCardOptions): AdaptiveCard {
  const { t } = options;
  const summary = plainSummary(view.summary);
  const card: AdaptiveCard = {
    type: 'AdaptiveCard',
    version: CARD_VERSION,
    fallbackText: summary,
    speak: summary,
    body: [...header(view), ...badges(view, t), ...facts(view, t), ...events(view, options), ...withheldNote(view)],
  };
  if (view.link) card.actions = [{ type: 'Action.OpenUrl', title: buttonTitle(view.link.labels), url: view.link.url }];
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
  const name = view.carrier ?? view.name;
  const blocks = [
    ...(name ? [text(name, { weight: 'bolder', isSubtle: true })] : []),
    text(view.status, { size: 'large', weight: 'bolder', spacing: 'none' }),
  ];
  if (view.statusDetails) blocks.push(text(view.statusDetails, { size: 'small', isSubtle: true, spacing: 'small' }));
  // What happens next, when something is wrong: in full contrast, since it is what the customer came for.
  if (view.nextStep) blocks.push(text(view.nextStep, { spacing: 'small' }));
  return blocks;
}

/** Where the carrier's button would be, on a card that shows no carrier, number or places: how to see them, or why not. */
function withheldNote(view: ShipmentView): Element[] {
  return view.withheldNote ? [text(view.withheldNote, { isSubtle: true, spacing: 'medium', separator: true })] : [];
}

/**
 * "Delayed · Needs attention" in bold, full size, in the text colour. Coloured pills (a styled column
 * each) were 1.9:1 and 3.4:1 at 12 px in Web Chat, and took the host's container padding.
 */
function badges(view: ShipmentView, t: Translate): Element[] {
  const flags = [view.delayed && t('card.delayed'), view.exception && t('card.needs_attention')].filter(
    (flag): flag is string => !!flag,
  );
  return flags.length ? [text(flags.join(' · '), { weight: 'bolder', spacing: 'small' })] : [];
}

/**
 * One full-width TextBlock per fact, "**label** value": a label breaks only between words, and a value
 * that does not fit after its label moves to the next line whole. A FactSet's narrow title column broke
 * "Trackingnummer" mid-word, and its value column clipped or broke a tracking number.
 */
function facts(view: ShipmentView, t: Translate): Element[] {
  const rows: [string, string | undefined][] = [
    [t('card.tracking_number'), view.trackingNumber],
    [t('card.ordered'), view.orderedAt],
    [t('card.last_update'), view.updatedAt],
  ];
  return rows
    .filter((row): row is [string, string] => row[1] !== undefined)
    .map(([label, value], index) => ({
      type: 'TextBlock',
      text: `**${md(label)}** ${md(unbroken(value))}`,
      wrap: true,
      spacing: index === 0 ? 'medium' : 'none',
    }));
}

function unbroken(value: string): string {
  return Array.from(value).length <= UNBROKEN_VALUE ? value.replace(/ /g, NO_BREAK_SPACE) : value;
}

/** The first title that shows whole on a narrow card; our last one is short in every language. */
function buttonTitle(labels: string[]): string {
  return labels.find((label) => Array.from(label).length <= BUTTON_TITLE_BUDGET) ?? labels[labels.length - 1];
}

function events(view: ShipmentView, options: StatusCardOptions): Element[] {
  const { t } = options;
  const visible = view.events.slice(0, VISIBLE_EVENTS);
  if (!visible.length) return [];
  const hidden = view.events.slice(VISIBLE_EVENTS, VISIBLE_EVENTS + Math.max(0, options.hiddenCap));
  const dropped = Math.max(0, view.eventCount - visible.length - hidden.length);
  // A masked card names no carrier and links none: it cannot send the customer to the carrier's website.
  const note = dropped
    ? [
        text(t(view.withheld ? 'card.older_withheld' : 'card.older_dropped', { count: dropped }), {
          size: 'small',
          isSubtle: true,
          spacing: 'small',
        }),
      ]
    : [];

  const blocks = visible.flatMap((event, index) => eventBlocks(event, index === 0, t));
  if (!hidden.length) return [...blocks, ...note];
  // A toggle's title cannot change, so two buttons take turns: "Show" while the events are hidden, "Hide" while shown.
  const id = `${options.idPrefix}-older`;
  const show = `${options.idPrefix}-show`;
  const hide = `${options.idPrefix}-hide`;
  const toggle = (title: string) => ({ type: 'Action.ToggleVisibility', title, targetElements: [id, show, hide] });
  return [
    ...blocks,
    {
      type: 'Container',
      id,
      isVisible: false,
      spacing: 'none',
      items: [...hidden.flatMap((event) => eventBlocks(event, false, t)), ...note],
    },
    {
      type: 'ActionSet',
      id: show,
      spacing: 'small',
      actions: [toggle(t('card.show_earlier', { count: hidden.length }))],
    },
    { type: 'ActionSet', id: hide, isVisible: false, spacing: 'small', actions: [toggle(t('card.hide_earlier'))] },
  ];
}

/** What happened; its details; (subtle) the carrier's message (both the carrier's, named and quoted); then when, where and how often. */
function eventBlocks(event: EventView, first: boolean, t: Translate): Element[] {
  const blocks = [text(event.text, first ? { spacing: 'medium', separator: true } : { spacing: 'small' })];
  if (event.details) blocks.push(text(event.details, { size: 'small', spacing: 'none' }));
  if (event.carrierText) blocks.push(text(event.carrierText, { size: 'small', isSubtle: true, spacing: 'none' }));
  const meta = [event.time, event.location, event.repeats ? t('card.repeated', { count: event.repeats }) : undefined]
    .filter(Boolean)
    .join(' · ');
  if (meta) blocks.push(text(meta, { size: 'small', isSubtle: true, spacing: 'none' }));
  return blocks;
}
