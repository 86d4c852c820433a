/**
 * One bot activity as its channel's customer sees it, as lines of plain text: the words, the buttons
 * (numbered across the message, so that /click N can press one), the cards walked into readable lines,
 * and loud "!!" lines for what no customer should ever see. Pure: (activity, channel) → lines.
 */
import { smsCost } from '../src/channels/smsCost';

type Json = Record<string, any>;

export interface Button {
  title: string;
  /** What pressing it sends: words, data, or a link to open. */
  sends: { text: string } | { value: unknown } | { url: string };
}

export interface View {
  lines: string[];
  buttons: Button[];
}

const CARD_CHANNELS = new Set(['msteams', 'webchat', 'directline', 'emulator', 'test', 'omnichannel']);
/** A title that looks like a value of ours ("order_number") rather than words. */
const INTERNAL_KEY = /^[a-z]+(_[a-z]+)+$/;

export function viewActivity(activity: Json, channel: string): View {
  const lines: string[] = [];
  const buttons: Button[] = [];
  const warn = (problem: string) => lines.push(`!! ${problem}`);
  const button = (title: string, sends: Button['sends']): string => {
    if (INTERNAL_KEY.test(title)) warn(`a button shows an internal key: "${title}"`);
    if ('url' in sends) return `[${title} → ${sends.url}]`;
    buttons.push({ title, sends });
    return `[${buttons.length} ${title}]`;
  };

  if (activity.type === 'typing') return { lines: ['(typing…)'], buttons };
  if (activity.type !== 'message') return { lines: [`(${activity.type}${activity.name ? ` ${activity.name}` : ''})`], buttons };

  const textOnly = !CARD_CHANNELS.has(channel);
  const attachments: Json[] = activity.attachments ?? [];
  if (typeof activity.text === 'string' && activity.text) lines.push(...activity.text.split('\n'));
  if (textOnly) {
    if (attachments.length) warn(`${attachments.length} attachment(s) sent to a text channel, which shows none`);
    if (activity.suggestedActions) warn('buttons sent to a text channel, which shows none');
    const cost = smsCost(activity.text ?? '');
    lines.push(channel === 'sms' ? `(${cost.characters} characters, ${cost.segments} SMS segment${cost.segments === 1 ? '' : 's'}, ${cost.encoding})` : `(${cost.characters} characters)`);
    return { lines, buttons };
  }

  const carousel = activity.attachmentLayout === 'carousel' && attachments.length > 1;
  attachments.forEach((attachment, index) => {
    const heading = carousel ? `card ${index + 1} of ${attachments.length}, carousel` : 'card';
    lines.push(`┌ ${heading}`);
    const content = attachment.content ?? {};
    if (attachment.contentType === 'application/vnd.microsoft.card.adaptive') {
      if (channel === 'msteams' && Number(content.version) > 1.5) warn(`Adaptive Card ${content.version}: Teams shows up to 1.5`);
      lines.push(...walk(content.body ?? [], button).map((line) => `│ ${line}`));
      const actions = actionLine(content.actions ?? [], button);
      if (actions) lines.push(`│ ${actions}`);
    } else if (attachment.contentType === 'application/vnd.microsoft.card.hero') {
      for (const key of ['title', 'subtitle', 'text']) if (content[key]) lines.push(`│ ${content[key]}`);
      const actions = (content.buttons ?? []).map((b: Json) => button(String(b.title ?? b.value), sendsOf(b))).join(' ');
      if (actions) lines.push(`│ ${actions}`);
    } else {
      lines.push(`│ (${attachment.contentType})`);
    }
    lines.push('└');
  });

  const suggested: Json[] = activity.suggestedActions?.actions ?? [];
  if (suggested.length) {
    if (channel === 'msteams' && attachments.length) warn('suggested actions on a message with attachments: Teams does not show them');
    if (channel === 'msteams' && suggested.length > 3) warn(`${suggested.length} suggested actions: Teams shows at most 3`);
    lines.push(suggested.map((a) => button(String(a.title ?? a.value), sendsOf(a))).join(' '));
  }
  return { lines, buttons };
}

/** A card's body as lines: text, facts, columns and containers in order; hidden parts counted, not shown. */
function walk(elements: Json[], button: (title: string, sends: Button['sends']) => string): string[] {
  const lines: string[] = [];
  const toggles = new Map<string, string>();
  collectToggles(elements, toggles);
  for (const element of elements) {
    if (element.isVisible === false) {
      const shownBy = toggles.has(element.id) ? `, shown by "${toggles.get(element.id)}"` : '';
      if (element.type === 'ActionSet') {
        lines.push(`(hidden: the button ${actionLine(element.actions ?? [], button)}${shownBy})`);
        continue;
      }
      const inside = walk(element.items ?? [], button).length;
      lines.push(`(hidden: ${inside} more line${inside === 1 ? '' : 's'}${shownBy})`);
      continue;
    }
    switch (element.type) {
      case 'TextBlock':
        lines.push(plain(String(element.text ?? '')));
        break;
      case 'FactSet':
        for (const fact of element.facts ?? []) lines.push(`${plain(String(fact.title))}: ${plain(String(fact.value))}`);
        break;
      case 'ColumnSet':
        lines.push((element.columns ?? []).map((column: Json) => walk(column.items ?? [], button).join(' ')).join(' · '));
        break;
      case 'Container':
        lines.push(...walk(element.items ?? [], button));
        break;
      case 'Image':
        lines.push(`[image: ${element.altText ?? 'no description'}]`);
        break;
      case 'ActionSet': {
        const actions = actionLine(element.actions ?? [], button);
        if (actions) lines.push(actions);
        break;
      }
      default:
        lines.push(`(${element.type})`);
    }
  }
  return lines;
}

function actionLine(actions: Json[], button: (title: string, sends: Button['sends']) => string): string {
  return actions
    .map((action) => {
      const title = String(action.title ?? '');
      switch (action.type) {
        case 'Action.OpenUrl':
          return button(title, { url: String(action.url) });
        case 'Action.ToggleVisibility':
          return `[${title} ▾]`;
        case 'Action.Submit': {
          const teams = action.data?.msteams;
          if (teams?.type === 'imBack') return button(title, { text: String(teams.value) });
          if (teams?.type === 'messageBack') return button(title, { text: String(teams.text ?? teams.displayText ?? '') });
          return button(title, { value: action.data });
        }
        default:
          return `[${title}]`;
      }
    })
    .join(' ');
}

/** Which visible button shows each hidden element (a hidden button, such as "Hide", shows nothing until pressed). */
function collectToggles(elements: Json[], toggles: Map<string, string>): void {
  for (const element of elements) {
    if (element.isVisible === false) continue;
    for (const action of element.actions ?? []) {
      if (action.type !== 'Action.ToggleVisibility') continue;
      for (const target of action.targetElements ?? []) toggles.set(typeof target === 'string' ? target : target.elementId, action.title);
    }
    collectToggles([...(element.items ?? []), ...(element.columns ?? [])], toggles);
  }
}

/** What a card action or a suggested action sends when pressed. */
function sendsOf(action: Json): Button['sends'] {
  if (action.type === 'openUrl') return { url: String(action.value) };
  if (action.type === 'messageBack') return action.value !== undefined ? { value: action.value } : { text: String(action.text ?? action.displayText ?? '') };
  return { text: String(action.value ?? action.title) };
}

/** Text as the renderer shows it: bold markers (a fact's label), Markdown escapes and the invisible word joiners the bot inserts are gone. */
function plain(text: string): string {
  return text
    .replace(/\u2060/g, '')
    .replace(/(^|[^\\])\*\*/g, '$1')
    .replace(/\\([\\`*_~[\]<>&#+\-.!()|{}])/g, '$1');
}
