/**
 * One bot activity as its channel's customer sees it, as lines of plain text: the words, the buttons
 * (numbered across the message, so that /click N can press one), the cards walked into readable lines,
 * and loud "!!" lines for what no customer should ever see. Pure: (activity, channel) → lines.
 */
import { smsCost } from '../src/channels/smsCost';

/** What the view reads of an activity the bot sent, as received: any part of it may be missing. */
export interface ChatActivity {
  type?: string;
  name?: string;
  text?: string;
  attachments?: Attachment[];
  attachmentLayout?: string;
  suggestedActions?: { actions?: BotAction[] };
  /** The rest of the activity (from, conversation, channelData…), which the view does not read. */
  [field: string]: unknown;
}

interface Attachment {
  contentType?: string;
  /** An Adaptive Card (version, body, actions) or a hero card (title, subtitle, text, buttons). */
  content?: CardContent;
}

interface CardContent {
  version?: string | number;
  body?: CardElement[];
  actions?: CardElementAction[];
  title?: string;
  subtitle?: string;
  text?: string;
  buttons?: BotAction[];
}

/** A Bot Framework card action: a suggested action or a hero card's button. */
interface BotAction {
  type?: string;
  title?: string;
  value?: unknown;
  text?: string;
  displayText?: string;
}

/** An Adaptive Card element; a column is one too (its items). */
interface CardElement {
  type?: string;
  id?: string;
  isVisible?: boolean;
  text?: string;
  facts?: Array<{ title?: unknown; value?: unknown }>;
  columns?: CardElement[];
  items?: CardElement[];
  altText?: string;
  actions?: CardElementAction[];
}

interface CardElementAction {
  type?: string;
  title?: string;
  url?: unknown;
  /** Action.Submit's data: Teams' imBack / messageBack, or data of the bot's own. */
  data?: { msteams?: BotAction; [key: string]: unknown };
  targetElements?: Array<string | { elementId?: string }>;
}

/** What the view reads of a message sent through the Graph API (Meta's shapes), as recorded: any part may be missing. */
export interface WhatsAppMessage {
  type?: string;
  text?: { body?: string };
  interactive?: {
    type?: string;
    header?: { type?: string; text?: string };
    body?: { text?: string };
    footer?: { text?: string };
    action?: WhatsAppAction;
  };
  template?: {
    name?: string;
    language?: { code?: string };
    components?: Array<{ parameters?: Array<{ text?: string }> }>;
  };
}

interface WhatsAppAction {
  buttons?: Array<{ type?: string; reply?: { id?: string; title?: string } }>;
  button?: string;
  sections?: Array<{ title?: string; rows?: Array<{ id?: string; title?: string; description?: string }> }>;
  parameters?: { display_text?: string; url?: string };
}

/** What pressing a WhatsApp reply button or picking a list row sends: Meta's interactive reply, naming the message it answers. */
export interface WhatsAppReply {
  reply: { type: 'button_reply' | 'list_reply'; id: string; title: string; description?: string };
  context?: string;
}

export interface Button {
  title: string;
  /** What pressing it sends: words, data, a WhatsApp reply, or a link to open. */
  sends: { text: string } | { value: unknown } | { url: string } | WhatsAppReply;
}

export interface View {
  lines: string[];
  buttons: Button[];
}

const CARD_CHANNELS = new Set(['msteams', 'webchat', 'directline', 'emulator', 'test', 'omnichannel']);
/** A title that looks like a value of ours ("order_number") rather than words. */
const INTERNAL_KEY = /^[a-z]+(_[a-z]+)+$/;

/** A view being written: its lines, its buttons, and the one way to add a button (numbered, its title checked). */
function startView(): View & {
  warn: (problem: string) => void;
  button: (title: string, sends: Button['sends']) => string;
} {
  const lines: string[] = [];
  const buttons: Button[] = [];
  const warn = (problem: string) => lines.push(`!! ${problem}`);
  const button = (title: string, sends: Button['sends']): string => {
    if (INTERNAL_KEY.test(title)) warn(`a button shows an internal key: "${title}"`);
    if ('url' in sends) return `[${title} → ${sends.url}]`;
    buttons.push({ title, sends });
    return `[${buttons.length} ${title}]`;
  };
  return { lines, buttons, warn, button };
}

export function viewActivity(activity: ChatActivity, channel: string): View {
  const { lines, buttons, warn, button } = startView();

  if (activity.type === 'typing') return { lines: ['(typing…)'], buttons };
  if (activity.type !== 'message')
    return { lines: [`(${activity.type}${activity.name ? ` ${activity.name}` : ''})`], buttons };

  const textOnly = !CARD_CHANNELS.has(channel);
  const attachments = activity.attachments ?? [];
  if (typeof activity.text === 'string' && activity.text) lines.push(...activity.text.split('\n'));
  if (textOnly) {
    if (attachments.length) warn(`${attachments.length} attachment(s) sent to a text channel, which shows none`);
    if (activity.suggestedActions) warn('buttons sent to a text channel, which shows none');
    const cost = smsCost(activity.text ?? '');
    lines.push(
      channel === 'sms'
        ? `(${cost.characters} characters, ${cost.segments} SMS segment${cost.segments === 1 ? '' : 's'}, ${cost.encoding})`
        : `(${cost.characters} characters)`,
    );
    return { lines, buttons };
  }

  const carousel = activity.attachmentLayout === 'carousel' && attachments.length > 1;
  attachments.forEach((attachment, index) => {
    const heading = carousel ? `card ${index + 1} of ${attachments.length}, carousel` : 'card';
    lines.push(`┌ ${heading}`);
    const content: CardContent = attachment.content ?? {};
    if (attachment.contentType === 'application/vnd.microsoft.card.adaptive') {
      if (channel === 'msteams' && Number(content.version) > 1.5)
        warn(`Adaptive Card ${content.version}: Teams shows up to 1.5`);
      lines.push(...walk(content.body ?? [], button).map((line) => `│ ${line}`));
      const actions = actionLine(content.actions ?? [], button);
      if (actions) lines.push(`│ ${actions}`);
    } else if (attachment.contentType === 'application/vnd.microsoft.card.hero') {
      for (const key of ['title', 'subtitle', 'text'] as const) if (content[key]) lines.push(`│ ${content[key]}`);
      const actions = (content.buttons ?? []).map((b) => button(String(b.title ?? b.value), sendsOf(b))).join(' ');
      if (actions) lines.push(`│ ${actions}`);
    } else {
      lines.push(`│ (${attachment.contentType})`);
    }
    lines.push('└');
  });

  const suggested = activity.suggestedActions?.actions ?? [];
  if (suggested.length) {
    if (channel === 'msteams' && attachments.length)
      warn('suggested actions on a message with attachments: Teams does not show them');
    if (channel === 'msteams' && suggested.length > 3)
      warn(`${suggested.length} suggested actions: Teams shows at most 3`);
    lines.push(suggested.map((a) => button(String(a.title ?? a.value), sendsOf(a))).join(' '));
  }
  return { lines, buttons };
}

/** A card's body as lines: text, facts, columns and containers in order; hidden parts counted, not shown. */
function walk(elements: CardElement[], button: (title: string, sends: Button['sends']) => string): string[] {
  const lines: string[] = [];
  const toggles: Toggles = new Map();
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
        for (const fact of element.facts ?? [])
          lines.push(`${plain(String(fact.title))}: ${plain(String(fact.value))}`);
        break;
      case 'ColumnSet':
        lines.push((element.columns ?? []).map((column) => walk(column.items ?? [], button).join(' ')).join(' · '));
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

function actionLine(actions: CardElementAction[], button: (title: string, sends: Button['sends']) => string): string {
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
          if (teams?.type === 'messageBack')
            return button(title, { text: String(teams.text ?? teams.displayText ?? '') });
          return button(title, { value: action.data });
        }
        default:
          return `[${title}]`;
      }
    })
    .join(' ');
}

/** The title of the button that shows each element, by the element's id (either may be missing in what the bot sent). */
type Toggles = Map<string | undefined, string | undefined>;

/** Which visible button shows each hidden element (a hidden button, such as "Hide", shows nothing until pressed). */
function collectToggles(elements: CardElement[], toggles: Toggles): void {
  for (const element of elements) {
    if (element.isVisible === false) continue;
    for (const action of element.actions ?? []) {
      if (action.type !== 'Action.ToggleVisibility') continue;
      for (const target of action.targetElements ?? [])
        toggles.set(typeof target === 'string' ? target : target.elementId, action.title);
    }
    collectToggles([...(element.items ?? []), ...(element.columns ?? [])], toggles);
  }
}

/** What a card action or a suggested action sends when pressed. */
function sendsOf(action: BotAction): Button['sends'] {
  if (action.type === 'openUrl') return { url: String(action.value) };
  if (action.type === 'messageBack')
    return action.value !== undefined
      ? { value: action.value }
      : { text: String(action.text ?? action.displayText ?? '') };
  // An imBack (the only other kind the bot sends) sends its value as the customer's words.
  const words: unknown = action.value ?? action.title;
  return { text: String(words) };
}

/** Text as the renderer shows it: bold markers (a fact's label), Markdown escapes and the invisible word joiners the bot inserts are gone. */
function plain(text: string): string {
  return text
    .replace(/\u2060/g, '')
    .replace(/(^|[^\\])\*\*/g, '$1')
    .replace(/\\([\\`*_~[\]<>&#+\-.!()|{}])/g, '$1');
}

/**
 * One message as the Graph API carried it to a WhatsApp customer (Meta's shapes: text, interactive button / list /
 * cta_url, template), as WhatsApp shows it: *bold* drawn (its markers gone), reply buttons and list rows numbered for
 * /click, a link button with where it goes, a template marked as one. `id`: the message's, which a reply names.
 */
export function viewWhatsApp(message: WhatsAppMessage, id?: string): View {
  const view = startView();
  const { lines, button } = view;
  const text = (value: string | undefined) => lines.push(...whatsAppText(String(value ?? '')).split('\n'));
  const context = id === undefined ? {} : { context: id };
  if (message.type === 'text') text(message.text?.body);
  else if (message.type === 'interactive') {
    const { type, header, body, footer, action = {} } = message.interactive ?? {};
    if (header?.type === 'text') text(header.text);
    if (body) text(body.text);
    if (footer) text(footer.text);
    if (type === 'button') {
      lines.push(
        (action.buttons ?? [])
          .map((b) =>
            button(String(b.reply?.title), {
              reply: { type: 'button_reply', id: String(b.reply?.id), title: String(b.reply?.title) },
              ...context,
            }),
          )
          .join(' '),
      );
    } else if (type === 'list') {
      lines.push(`☰ ${action.button}:`);
      for (const section of action.sections ?? []) {
        if (section.title) lines.push(`  ${section.title}`);
        for (const row of section.rows ?? []) {
          const reply = {
            type: 'list_reply' as const,
            id: String(row.id),
            title: String(row.title),
            ...(row.description && { description: String(row.description) }),
          };
          lines.push(`  ${button(reply.title, { reply, ...context })}${row.description ? ` ${row.description}` : ''}`);
        }
      }
    } else if (type === 'cta_url')
      lines.push(button(String(action.parameters?.display_text), { url: String(action.parameters?.url) }));
    else view.warn(`an interactive message of type ${type}, which this view does not draw`);
  } else if (message.type === 'template') {
    const { name, language, components = [] } = message.template ?? {};
    lines.push(`(template ${name}${language?.code ? `, ${language.code}` : ''})`);
    for (const component of components)
      for (const parameter of component.parameters ?? []) if (parameter.text !== undefined) text(parameter.text);
  } else view.warn(`a message of type ${message.type}, which this view does not draw`);
  return { lines, buttons: view.buttons };
}

/** WhatsApp's markup drawn: *bold*, _italic_ and ~strike~ lose their markers where they bind (no space inside them). */
function whatsAppText(text: string): string {
  return text.replace(/([*_~])(?=\S)([^*_~\n]*?\S)\1/g, '$2');
}
