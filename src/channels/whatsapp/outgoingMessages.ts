/**
 * A bot activity as WhatsApp messages, within WhatsApp's limits (limits.ts): text at most 4,096 characters (a longer
 * one in several messages, cut between lines); a page to open as a link button (cta_url); the answers as reply
 * buttons (at most 3, titles at most 20 characters) or else a list (at most 10 rows, titles at most 24); choices
 * that fit neither stay numbered lines of text. Which titles show was decided when the choices were offered
 * (src/channels/choices.ts); this only draws them.
 */
import type { WhatsAppMessage } from './graphApi';
import { WHATSAPP_LIMITS as LIMITS, charactersIn } from './limits';

/** What of a bot activity WhatsApp can show: its text and its choices (suggested actions; `openUrl` ones open a page). */
export interface OutgoingActivity {
  text?: string;
  suggestedActions?: { actions: ReadonlyArray<{ type?: string; title?: string; value?: unknown }> };
}

/** The bot's own words an interactive message needs, in the reply's language. */
export interface WhatsAppWords {
  /** The button that opens a list ("Choose"): at most 20 characters. */
  listButton: string;
  /** The body of the answers after a link button took the text ("Anything else?"). */
  more: string;
  /** The body of a second page's link button (the shop's help page under a parcel that has its own link). */
  page: string;
}

const TEXT_LIMIT = LIMITS.text;

type TextMessage = Extract<WhatsAppMessage, { type: 'text' }>;

export function whatsAppMessagesOf(activity: OutgoingActivity, words: WhatsAppWords): WhatsAppMessage[] {
  const text = (activity.text ?? '').trim();
  const actions = activity.suggestedActions?.actions ?? [];
  const titleOf = (action: { title?: string; value?: unknown }) =>
    action.title ?? (typeof action.value === 'string' ? action.value : '');
  const links = actions
    .filter((action) => action.type === 'openUrl' && typeof action.value === 'string' && titleOf(action))
    .map((action) => ({ title: titleOf(action), url: String(action.value) }));
  const answers = actions
    .filter((action) => action.type !== 'openUrl')
    .map(titleOf)
    .filter((title) => title.length > 0);
  const drawn = answerMessage(answers, words);
  if (!drawn && answers.length)
    return whatsAppMessagesOf(
      {
        text: [text, ...answers.map((title, i) => `${i + 1}. ${title}`)].filter(Boolean).join('\n'),
        suggestedActions: { actions: actions.filter((action) => action.type === 'openUrl') },
      },
      words,
    );
  if (!links.length && !drawn) return textMessages(text);
  // An interactive message needs a body of its own, of at most 1,024 characters: the end of the text is the first one's.
  const { before, last } = lastPart(text);
  const messages: WhatsAppMessage[] = before.map(asText);
  let body: string | undefined = last;
  for (const link of links) {
    messages.push({
      type: 'interactive',
      interactive: {
        type: 'cta_url',
        body: { text: body || words.page },
        action: { name: 'cta_url', parameters: { display_text: link.title, url: link.url } },
      },
    });
    body = undefined;
  }
  if (drawn) messages.push(drawn(body || words.more));
  return messages;
}

/** The answers as reply buttons or a list, given the body they go under; undefined when they fit neither. */
function answerMessage(titles: string[], words: WhatsAppWords): ((body: string) => WhatsAppMessage) | undefined {
  if (!titles.length || new Set(titles).size < titles.length) return undefined;
  const within = (max: number) => titles.every((title) => charactersIn(title) <= max);
  const id = (i: number) => `choice-${i + 1}`;
  if (titles.length <= LIMITS.buttons && within(LIMITS.buttonTitle)) {
    return (body) => ({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: body },
        action: { buttons: titles.map((title, i) => ({ type: 'reply', reply: { id: id(i), title } })) },
      },
    });
  }
  if (titles.length <= LIMITS.rows && within(LIMITS.rowTitle) && charactersIn(words.listButton) <= LIMITS.listButton) {
    return (body) => ({
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: body },
        action: { button: words.listButton, sections: [{ rows: titles.map((title, i) => ({ id: id(i), title })) }] },
      },
    });
  }
  return undefined;
}

/**
 * The text as the messages before an interactive one and that one's body: the last paragraphs that fit 1,024
 * characters (a parcel's block, the note under the answer), else the last lines that do.
 */
function lastPart(text: string): { before: string[]; last: string } {
  if (charactersIn(text) <= LIMITS.body) return { before: [], last: text };
  for (const separator of ['\n\n', '\n']) {
    const pieces = text.split(separator);
    let at = pieces.length;
    while (at > 0 && charactersIn(pieces.slice(at - 1).join(separator)) <= LIMITS.body) at -= 1;
    if (at < pieces.length)
      return {
        before: textMessages(pieces.slice(0, at).join(separator)).map((message) => message.text.body),
        last: pieces.slice(at).join(separator),
      };
  }
  // One line longer than a body: all of it as text, and the interactive message takes the bot's own words.
  return { before: textMessages(text).map((message) => message.text.body), last: '' };
}

const asText = (body: string): TextMessage => ({ type: 'text', text: { body } });

/** Text in as few messages as the limit allows, cut between lines (inside a line only when one line is too long). */
function textMessages(text: string): TextMessage[] {
  const chunks: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    for (const piece of slices(line)) {
      const joined = current ? `${current}\n${piece}` : piece;
      if (charactersIn(joined) <= TEXT_LIMIT) current = joined;
      else {
        chunks.push(current);
        current = piece;
      }
    }
  }
  if (current.trim()) chunks.push(current);
  return chunks.filter((chunk) => chunk.trim()).map(asText);
}

function slices(line: string): string[] {
  const characters = [...line];
  if (characters.length <= TEXT_LIMIT) return [line];
  const out: string[] = [];
  for (let i = 0; i < characters.length; i += TEXT_LIMIT) out.push(characters.slice(i, i + TEXT_LIMIT).join(''));
  return out;
}
